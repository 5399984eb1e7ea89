package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/** The {@code CALL}s on a DuckLake catalog: its options, the commit message, and the maintenance calls (not yet). */
final class Calls {

	private final DuckLakeKind kind;

	Calls(DuckLakeKind kind) {
		this.kind = kind;
	}

	private static String nullable(String arg) {
		return arg.equalsIgnoreCase("NULL") ? null : arg;
	}

	/**
	 * {@code CALL <catalog>.set_option(...)} or {@code CALL ducklake_set_option('<catalog>', ...)}: an option kept
	 * in the catalog outside the snapshot protocol (last write wins, no snapshot). The maintenance calls are not
	 * carried out yet and say so.
	 */
	Answer execute(Text t) throws java.text.ParseException, EngineException, DuckLakeException,
			java.sql.SQLException {
		List<String> fn = t.qualifiedName();
		List<String> args = new ArrayList<>();
		String inner = t.parenthesised();
		for (String a : Text.commas(inner)) {
			args.add(a.strip().startsWith("'") ? new Text(a).string() : a.strip());
		}
		Attached a;
		String op;
		// the catalog named before the call (or the one in USE), not as the first argument
		boolean ofCatalog = fn.size() == 2;
		if (ofCatalog) {
			a = kind.catalog(fn.get(0));
			op = fn.get(1).toLowerCase(java.util.Locale.ROOT);
		} else {
			op = fn.get(0).toLowerCase(java.util.Locale.ROOT);
			if (MoraineFunctions.handles(op) && !args.isEmpty() && kind.catalog(args.get(0)) != null) {
				// CALL moraine_...('m'): the same rows as the table function
				return MoraineFunctions.call(kind, op, kind.catalog(args.get(0)), args);
			}
			if (!op.startsWith("ducklake_") && kind.defaultCatalog() != null
					&& (Maintenance.CALLS.contains(op) || op.equals("set_option"))) {
				// CALL merge_adjacent_files(): the macro of the catalog in USE, as the extension resolves it
				ofCatalog = true;
				a = kind.catalog(kind.defaultCatalog());
			} else if (!op.startsWith("ducklake_") || args.isEmpty()) {
				return null;
			} else {
				a = kind.catalog(args.remove(0));
				op = op.substring("ducklake_".length());
			}
		}
		if (a == null) {
			return null;
		}
		if (op.equals("set_commit_message")) {
			Changes.writable(a);
			a.pending().by(args.isEmpty() ? null : nullable(args.get(0)), args.size() < 2 ? null : nullable(args.get(1)));
			return kind.ok("ok");
		}
		if (op.equals("set_option")) {
			Changes.writable(a);
			boolean scoped = args.stream().anyMatch(x -> x.matches("(?is)(table_name|schema)\\s*=>.*"));
			if (args.size() < 2) {
				throw new EngineException(Kind.FAILED, "set_option(option, value)");
			}
			Maintenance.checkOption(kind.duck(), args.get(0), args.get(1), scoped);
			if (TableOptions.set(a, args)) {
				return kind.ok("ok");
			}
			a.catalog.store().setOption(args.get(0), args.get(1));
			return kind.ok("ok");
		}
		if (Maintenance.CALLS.contains(op)) {
			// the same as the table function: SELECT * FROM ducklake_<op>('<catalog>', ...)
			String rest = ofCatalog ? (inner.isBlank() ? "" : ", " + inner) : inner.substring(inner.indexOf(',') < 0
					? inner.length() : inner.indexOf(','));
			Rewriter.Rewritten r = kind.rewrite("SELECT * FROM ducklake_" + op + "(" + io.lakestudio.engine.internal.Sql
					.string(a.name) + rest + ")", null);
			return new Answer(kind.duck(), r.text(), List.of());
		}
		throw new EngineException(Kind.FAILED, "Not implemented Error: " + op + " on a DuckLake catalog is not"
				+ " carried out here yet");
	}
}
