package io.lakestudio.conformance;

import java.util.List;

/** One record of a test file, as {@link Script} read it. */
public sealed interface Command {

	/** The line the record starts on (1-based). */
	int line();

	enum Expect {
		OK, ERROR, MAYBE, ROWS
	}

	enum Sort {
		NONE, ROWS, VALUES
	}

	/**
	 * {@code skipif i>25} / {@code onlyif threadid=0}: a condition on a loop variable, checked when the record
	 * runs ({@code =}, {@code <>}, {@code <}, {@code <=}, {@code >}, {@code >=}; numbers compare as numbers).
	 */
	record Condition(String name, String op, String value, boolean skipIf) {
	}

	/**
	 * {@code statement ok|error|maybe [connection]} or {@code query <types> [sort|connection] [label]}.
	 *
	 * @param error    the expected error text ({@code statement error} with {@code ----}), "" for any error
	 * @param expected a query's expected lines (tab-separated values, or one value per line, or a hash)
	 * @param columns  the number of type letters of a query
	 */
	record Sql(int line, Expect expect, String sql, String connection, String error, List<String> expected,
			int columns, Sort sort, String label, List<Condition> conditions) implements Command {
	}

	/** {@code loop i 0 10}, {@code foreach x a b c}, their {@code concurrent} forms, up to {@code endloop}. */
	record Loop(int line, String variable, List<String> values, boolean concurrent, List<Command> body)
			implements Command {
	}

	/** Any other directive: {@code require}, {@code test-env}, {@code unzip}, {@code restart}, {@code load}... */
	record Directive(int line, String name, List<String> params) implements Command {
	}
}
