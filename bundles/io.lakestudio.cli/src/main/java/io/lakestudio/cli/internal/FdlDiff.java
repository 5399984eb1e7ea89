package io.lakestudio.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Repository;

/**
 * {@code fdl diff A B}: both versions attached in one engine session ({@code ducklake:fdl:<repository>@<id>}, so
 * each is verified as any reader verifies it), then their tables and columns from information_schema, and per
 * table the rows B has that A lacks and the rows A has that B lacks (EXCEPT ALL over the columns both have, so a
 * row twice in B and once in A is one added), each in one statement over both versions.
 */
final class FdlDiff {

	private static final String A = "fdl_a", B = "fdl_b";

	private final FdlCommand command;
	private final Path home;
	private final CommandLine line;
	private final Out o;

	FdlDiff(FdlCommand command, Path home, CommandLine line, Out o) {
		this.command = command;
		this.home = home;
		this.line = line;
		this.o = o;
	}

	/** One table's difference; {@code columns} says what changed in its schema. */
	record TableDiff(String table, String change, List<String> columns, long added, long removed) {
	}

	int run() throws FdlException {
		FdlCommand.Named n = command.named(line);
		if (n.rest().size() != 2)
			throw new Die(2, "fdl diff: two versions expected (IDs, branches or tags). Try 'lakestudio fdl diff --help'.");
		Repository repo = n.repo();
		String a = repo.resolve(n.rest().get(0)), b = repo.resolve(n.rest().get(1));
		List<TableDiff> diffs = new ArrayList<>();
		new SqlSession(command, home).session(false, s -> {
			s.execute(attach(repo, a, A)).close();
			s.execute(attach(repo, b, B)).close();
			Map<String, Map<String, String>> ta = columns(s, A), tb = columns(s, B);
			TreeMap<String, Boolean> all = new TreeMap<>();
			ta.keySet().forEach(t -> all.put(t, true));
			tb.keySet().forEach(t -> all.put(t, true));
			for (String t : all.keySet())
				diffs.add(table(s, t, ta.get(t), tb.get(t)));
		});
		print(a, b, diffs);
		return 0;
	}

	private static String attach(Repository repo, String id, String as) {
		return "ATTACH '" + ("ducklake:fdl:" + repo.location() + "@" + id).replace("'", "''") + "' AS " + as;
	}

	/** Each table ({@code schema.table}) of a version, with its columns and their types in order. */
	private static Map<String, Map<String, String>> columns(EngineSession s, String catalog) throws EngineException {
		Map<String, Map<String, String>> out = new TreeMap<>();
		try (Result r = s.execute("SELECT table_schema, table_name, column_name, data_type FROM"
				+ " information_schema.columns WHERE table_catalog = '" + catalog + "' ORDER BY table_schema,"
				+ " table_name, ordinal_position")) {
			while (r.next())
				out.computeIfAbsent(r.text(0) + "." + r.text(1), k -> new LinkedHashMap<>()).put(r.text(2), r.text(3));
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

	private void print(String a, String b, List<TableDiff> diffs) {
		if (o.json()) {
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("a", a);
			m.put("b", b);
			m.put("tables", diffs.stream().map(d -> Map.<String, Object>of("table", d.table(), "change", d.change(),
					"columns", d.columns(), "rows_added", d.added(), "rows_removed", d.removed())).toList());
			o.json(m);
			return;
		}
		o.writer().println("diff " + a.substring(0, 12) + " " + b.substring(0, 12));
		List<List<Object>> rows = new ArrayList<>();
		for (TableDiff d : diffs)
			rows.add(List.of(d.table(), d.change(), "+" + d.added(), "-" + d.removed(), String.join(", ", d.columns())));
		o.rows(List.of("Table", "Change", "Rows added", "Rows removed", "Columns"), rows);
	}
}
