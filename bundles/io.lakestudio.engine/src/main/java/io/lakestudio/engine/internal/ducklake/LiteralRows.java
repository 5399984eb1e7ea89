package io.lakestudio.engine.internal.ducklake;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code VALUES (...), (...)} of constants only (numbers, strings, NULL, TRUE, FALSE, DEFAULT, typed literals such
 * as {@code DATE '...'}, casts {@code ::TYPE}): nothing in it names a table, calls a function or reads a file, so an
 * INSERT of it needs neither the rewrite of DuckLake names nor the guard's parse (two DuckDB round trips of a
 * single-row insert's six). Anything else is not recognised here and goes the whole way.
 */
final class LiteralRows {

	private LiteralRows() {
	}

	private static final Pattern TOKEN = Pattern.compile("\\s+|'(?:[^']|'')*'|\\d+(?:\\.\\d*)?(?:[eE][+-]?\\d+)?"
			+ "|\\.\\d+(?:[eE][+-]?\\d+)?|::|[(),+\\-\\[\\]]|[A-Za-z_][A-Za-z0-9_]*");
	private static final Set<String> WORDS = Set.of("NULL", "TRUE", "FALSE", "DEFAULT", "DATE", "TIME", "TIMESTAMP",
			"TIMESTAMPTZ", "INTERVAL");

	/** Whether {@code rows} is such a VALUES list. */
	static boolean matches(String rows) {
		return shape(rows) != null;
	}

	/**
	 * The number of rows of such a VALUES list if each has {@code columns} values and none is DEFAULT (a list an
	 * INSERT of every column takes as it is), else -1.
	 */
	static long rows(String rows, int columns) {
		int[] shape = shape(rows);
		return shape == null || shape[1] != columns || shape[2] != 0 ? -1 : shape[0];
	}

	/** Rows, values per row (-1: rows differ), DEFAULTs; null when not a VALUES list of constants. */
	private static int[] shape(String rows) {
		Matcher m = TOKEN.matcher(rows);
		int at = 0;
		boolean first = true;
		boolean cast = false; // the word after :: is a type, whatever its name
		int depth = 0;
		int tuples = 0;
		int arity = 0;
		int values = 0;
		int defaults = 0;
		while (at < rows.length()) {
			if (!m.find(at) || m.start() != at) {
				return null;
			}
			String tok = m.group();
			at = m.end();
			if (tok.isBlank()) {
				continue;
			}
			boolean word = Character.isLetter(tok.charAt(0)) || tok.charAt(0) == '_';
			if (first) {
				if (!tok.equalsIgnoreCase("VALUES")) {
					return null;
				}
				first = false;
			} else if (word && !cast && (!WORDS.contains(tok.toUpperCase(Locale.ROOT)) || next(rows, at) == '(')) {
				return null; // a name, or a call
			} else if (word && cast && next(rows, at) == '(' && !typeArguments(rows.substring(at).stripLeading())) {
				return null;
			}
			cast = tok.equals("::");
			defaults += tok.equalsIgnoreCase("DEFAULT") ? 1 : 0;
			if (tok.equals("(") || tok.equals("[")) {
				if (depth++ == 0) {
					values = 1;
				}
			} else if (tok.equals(")") || tok.equals("]")) {
				if (--depth < 0) {
					return null;
				}
				if (depth == 0) {
					arity = tuples++ == 0 || arity == values ? values : -1;
				}
			} else if (tok.equals(",") && depth == 1) {
				values++;
			}
		}
		return first || depth != 0 ? null : new int[] { tuples, arity, defaults };
	}

	private static char next(String rows, int at) {
		String rest = rows.substring(at).stripLeading();
		return rest.isEmpty() ? ' ' : rest.charAt(0);
	}

	/** A type's arguments after its name: {@code (18, 2)}. */
	private static boolean typeArguments(String rest) {
		return rest.matches("(?s)\\(\\s*\\d+\\s*(,\\s*\\d+\\s*)?\\).*");
	}
}
