package io.lakestudio.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Two FDL versions compared, as {@code lakestudio fdl diff} and the workbench's comparison show it: both attached
 * in one engine session ({@code ducklake:fdl:<repository>@<id>}, so each is verified as any reader verifies it),
 * then their tables (not views) and columns from information_schema, and per table the rows B has that A lacks and the rows A
 * has that B lacks (EXCEPT ALL over the columns both have, so a row twice in B and once in A is one added), each in
 * one statement over both versions. Reading rows needs DuckDB: only what the user asked for calls this.
 */
public final class FdlDiff {

	private static final String A = "fdl_a", B = "fdl_b";

	/**
	 * One table's difference: {@code change} is added, removed, changed (its schema), rows (same schema, other
	 * rows) or same; {@code columns} says what changed in its schema ({@code +name type}, {@code -name type},
	 * {@code ~name old -> new}).
	 */
	public record TableDiff(String table, String change, List<String> columns, long added, long removed) {
	}

	/** Told before each table is compared; false stops the comparison. */
	public interface Progress {
		boolean table(String table, int done, int total);
	}

	private FdlDiff() {
	}

	/**
	 * Versions {@code a} and {@code b} (IDs) of the repository at {@code location} compared in {@code s}, every
	 * table of either, by name ({@code schema.table}).
	 */
	public static List<TableDiff> between(EngineSession s, String location, String a, String b, Progress progress)
			throws EngineException {
		s.execute(attach(location, a, A)).close();
		s.execute(attach(location, b, B)).close();
		Map<String, Map<String, String>> ta = columns(s, A), tb = columns(s, B);
		TreeMap<String, Boolean> all = new TreeMap<>();
		ta.keySet().forEach(t -> all.put(t, true));
		tb.keySet().forEach(t -> all.put(t, true));
		List<TableDiff> diffs = new ArrayList<>();
		for (String t : all.keySet()) {
			if (!progress.table(t, diffs.size(), all.size()))
				throw new EngineException(EngineException.Kind.FAILED, "the comparison was stopped");
			diffs.add(table(s, t, ta.get(t), tb.get(t)));
		}
		return diffs;
	}

	private static String attach(String location, String id, String as) {
		return "ATTACH '" + ("ducklake:fdl:" + location + "@" + id).replace("'", "''") + "' AS " + as;
	}

	/**
	 * Each table ({@code schema.table}) of a version, with its columns and their types in order. Views are left
	 * out: their rows are whatever their SQL reads where they are attached, not the version's.
	 */
	private static Map<String, Map<String, String>> columns(EngineSession s, String catalog) throws EngineException {
		Map<String, Map<String, String>> out = new TreeMap<>();
		try (Result r = s.execute("SELECT table_schema, table_name FROM information_schema.tables WHERE table_catalog"
				+ " = '" + catalog + "' AND table_type = 'BASE TABLE'")) {
			while (r.next())
				out.put(r.text(0) + "." + r.text(1), new LinkedHashMap<>());
		}
		try (Result r = s.execute("SELECT table_schema, table_name, column_name, data_type FROM"
				+ " information_schema.columns WHERE table_catalog = '" + catalog + "' ORDER BY table_schema,"
				+ " table_name, ordinal_position")) {
			while (r.next()) {
				Map<String, String> table = out.get(r.text(0) + "." + r.text(1));
				if (table != null)
					table.put(r.text(2), r.text(3));
			}
		}
		return out;
	}

	private static TableDiff table(EngineSession s, String t, Map<String, String> a, Map<String, String> b)
			throws EngineException {
		if (a == null)
			return new TableDiff(t, "added", List.of(), count(s, "SELECT count(*) FROM " + qualified(B, t)), 0);
		if (b == null)
			return new TableDiff(t, "removed", List.of(), 0, count(s, "SELECT count(*) FROM " + qualified(A, t)));
		List<String> changes = new ArrayList<>();
		List<String> common = new ArrayList<>();
		for (Map.Entry<String, String> c : a.entrySet()) {
			String other = b.get(c.getKey());
			if (other == null)
				changes.add("-" + c.getKey() + " " + c.getValue());
			else {
				common.add(ident(c.getKey()));
				if (!other.equals(c.getValue()))
					changes.add("~" + c.getKey() + " " + c.getValue() + " -> " + other);
			}
		}
		for (Map.Entry<String, String> c : b.entrySet())
			if (!a.containsKey(c.getKey()))
				changes.add("+" + c.getKey() + " " + c.getValue());
		if (common.isEmpty())
			return new TableDiff(t, "changed", changes, count(s, "SELECT count(*) FROM " + qualified(B, t)),
					count(s, "SELECT count(*) FROM " + qualified(A, t)));
		String cols = String.join(", ", common);
		String inB = "SELECT " + cols + " FROM " + qualified(B, t), inA = "SELECT " + cols + " FROM " + qualified(A, t);
		try (Result r = s.execute("SELECT (SELECT count(*) FROM (" + inB + " EXCEPT ALL " + inA + ")), (SELECT count(*)"
				+ " FROM (" + inA + " EXCEPT ALL " + inB + "))")) {
			r.next();
			long added = Long.parseLong(r.text(0)), removed = Long.parseLong(r.text(1));
			return new TableDiff(t, changes.isEmpty() ? added + removed == 0 ? "same" : "rows" : "changed", changes,
					added, removed);
		}
	}

	private static long count(EngineSession s, String sql) throws EngineException {
		try (Result r = s.execute(sql)) {
			r.next();
			return Long.parseLong(r.text(0));
		}
	}

	private static String qualified(String catalog, String table) {
		int dot = table.indexOf('.');
		return catalog + "." + ident(table.substring(0, dot)) + "." + ident(table.substring(dot + 1));
	}

	private static String ident(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}
}
