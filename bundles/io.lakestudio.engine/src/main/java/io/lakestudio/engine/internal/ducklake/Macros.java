package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.MacroEntry;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * DuckLake macros: {@code CREATE [OR REPLACE] MACRO} (scalar and table, one or more implementations) and
 * {@code DROP MACRO [TABLE]} become rows of the catalog's macro tables in the transaction's snapshot, so other
 * sessions see them and a read at an older snapshot sees the macros of then. They reach DuckDB as TEMP macros of
 * this session's own DuckDB, made from the rows visible now before each statement ({@link #sync}) and dropped when
 * no longer visible: nothing outlives the session, and nothing lands in the engine's catalog. A body is made with
 * its DuckLake names pointed at the tables' views and passes the engine's guard first, as any query does.
 */
final class Macros {

	private final DuckLakeKind kind;
	private final KindDuckDb db;
	/** What is made on the DuckDB now: {@code name/s} or {@code name/t} to its CREATE text. */
	private final Map<String, String> installed = new HashMap<>();
	private Connection on;
	/** Each attached catalog's committed macros at the snapshot last read. */
	private final Map<Attached, Object[]> seen = new IdentityHashMap<>();
	/** A macro's CREATE text for a committed snapshot (its table references point at that snapshot's views). */
	private final Map<String, String> texts = new HashMap<>();

	Macros(DuckLakeKind kind, KindDuckDb db) {
		this.kind = kind;
		this.db = db;
	}

	/** {@code CREATE [OR REPLACE] MACRO name (params) AS [TABLE] body[, (params) AS body...]}, after MACRO. */
	Answer create(Text t, boolean replace) throws java.text.ParseException, EngineException, DuckLakeException,
			SQLException {
		List<String> n = t.qualifiedName();
		DuckLakeKind.Target target = kind.target(n);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		Changes.writable(a);
		if (!a.catalog.store().keepsMacros()) {
			throw new EngineException(Kind.FAILED, "Not implemented Error: the DuckLake catalog \"" + a.name
					+ "\" (" + a.catalog.store().location() + ") keeps no macros here yet");
		}
		SchemaEntry schema = a.view().schema(target.schema()).orElseThrow(() -> new EngineException(Kind.FAILED,
				"Binder Error: Schema \"" + target.schema() + "\" not found in DuckLakeCatalog \"" + a.name + "\""));
		String name = target.table();
		List<MacroEntry.Impl> impls = new ArrayList<>();
		for (String piece : MacroText.implementations(t.rest())) {
			impls.add(implementation(a, schema, piece));
		}
		boolean table = impls.get(0).type().equals("table");
		if (impls.stream().anyMatch(i -> i.type().equals("table") != table)) {
			throw new EngineException(Kind.FAILED, "Parser Error: a macro is either scalar or a table macro");
		}
		MacroEntry old = find(a, schema.id(), name, table);
		Commit c = a.pending();
		if (old != null) {
			if (!replace) {
				throw new EngineException(Kind.FAILED, "Catalog Error: " + (table ? "Table " : "") + "Macro Function"
						+ " with name \"" + name + "\" already exists!");
			}
			end(c, old);
		}
		c.newMacros.add(new MacroEntry(c.catalogId(), schema.id(), name, 0, impls));
		c.changes.add((table ? "created_table_macro:" : "created_scalar_macro:") + schema.name() + "."
				+ Changes.quoted(name));
		kind.statementDone(a);
		return kind.ok("ok");
	}

	/** {@code DROP MACRO [TABLE] [IF EXISTS] name}, after MACRO. */
	Answer drop(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		boolean table = t.accept("TABLE");
		boolean ifExists = t.accept("IF", "EXISTS");
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		SchemaEntry schema = a.view().schema(target.schema()).orElse(null);
		MacroEntry m = schema == null ? null : find(a, schema.id(), target.table(), table);
		if (m == null) {
			if (ifExists) {
				return kind.ok("ok");
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: " + (table ? "Table " : "") + "Macro Function with"
					+ " name " + target.table() + " does not exist!");
		}
		end(a.pending(), m);
		kind.statementDone(a);
		return kind.ok("ok");
	}

	/** Whether a schema holds macros (DROP SCHEMA without CASCADE refuses then). */
	boolean inSchema(Attached a, long schemaId) throws DuckLakeException {
		return visible(a).stream().anyMatch(m -> m.schemaId() == schemaId);
	}

	/** Drops a schema's macros (DROP SCHEMA ... CASCADE). */
	void dropAll(Attached a, long schemaId) throws DuckLakeException {
		for (MacroEntry m : visible(a)) {
			if (m.schemaId() == schemaId) {
				end(a.pending(), m);
			}
		}
	}

	private void end(Commit c, MacroEntry m) {
		if (!c.newMacros.removeIf(x -> x.id() == m.id())) {
			c.endedMacros.add(m.id());
			c.changes.add((m.table() ? "dropped_table_macro:" : "dropped_scalar_macro:") + m.id());
		}
		c.schemaChanged();
	}

	private MacroEntry find(Attached a, long schemaId, String name, boolean table) throws DuckLakeException {
		for (MacroEntry m : visible(a)) {
			if (m.schemaId() == schemaId && m.name().equalsIgnoreCase(name) && m.table() == table) {
				return m;
			}
		}
		return null;
	}

	/** The macros the session sees in a catalog: at its snapshot, with the open transaction's own changes. */
	List<MacroEntry> visible(Attached a) throws DuckLakeException {
		long s = a.snapshot().id();
		Object[] kept = seen.get(a);
		List<MacroEntry> base;
		if (kept != null && (Long) kept[0] == s) {
			@SuppressWarnings("unchecked")
			List<MacroEntry> k = (List<MacroEntry>) kept[1];
			base = k;
		} else {
			base = a.catalog.store().macros(a.snapshot());
			seen.put(a, new Object[] { s, base });
		}
		Commit c = a.pendingOrNull();
		if (c == null || c.newMacros.isEmpty() && c.endedMacros.isEmpty()) {
			return base;
		}
		List<MacroEntry> out = new ArrayList<>(base);
		out.removeIf(m -> c.endedMacros.contains(m.id()));
		out.addAll(c.newMacros);
		return out;
	}

	/** One implementation: its parameters (types and defaults as DuckDB reads them) and its body, normalised. */
	private MacroEntry.Impl implementation(Attached a, SchemaEntry schema, String piece) throws java.text.ParseException,
			EngineException, DuckLakeException, SQLException {
		Text t = new Text(piece);
		String params = t.parenthesised();
		t.expect("AS");
		boolean table = t.accept("TABLE");
		String body = t.rest();
		List<MacroEntry.Parameter> parameters = new ArrayList<>();
		for (String p : params.isBlank() ? List.<String>of() : Text.commas(params)) {
			parameters.add(parameter(p));
		}
		String sql = MacroText.normalised(kind.duck(), table ? body : "SELECT " + body, !table);
		// the body must read only what a query may: checked (and its names resolved) as a query now
		kind.inSchema(a, schema.name(), () -> kind.rewrite(table ? sql : "SELECT " + sql, null));
		return new MacroEntry.Impl("duckdb", sql, table ? "table" : "scalar", parameters);
	}

	private MacroEntry.Parameter parameter(String p) throws java.text.ParseException, SQLException,
			EngineException {
		int assign = p.indexOf(":=");
		Text left = new Text(assign < 0 ? p : p.substring(0, assign));
		String name = left.name();
		String typeText = left.rest().strip();
		String type = "unknown";
		if (!typeText.isEmpty()) {
			type = duckLake(single("SELECT typeof(CAST(NULL AS " + typeText + "))"));
		}
		String dflt = null;
		String dfltType = "unknown";
		if (assign >= 0) {
			String e = p.substring(assign + 2).strip();
			dflt = single("SELECT CAST((" + e + ") AS VARCHAR)");
			dfltType = duckLake(single("SELECT typeof((" + e + "))"));
		}
		return new MacroEntry.Parameter(name, type, dflt, dfltType);
	}

	private static String duckLake(String duckType) {
		String t = DuckLakeTypes.toDuckLake(duckType);
		return t == null ? duckType.toLowerCase(Locale.ROOT) : t;
	}

	private String single(String q) throws SQLException, EngineException {
		try (Statement s = kind.duck().createStatement(); ResultSet r = s.executeQuery(q)) {
			r.next();
			return r.getString(1);
		}
	}

	/**
	 * Makes the macros visible now on this session's DuckDB as TEMP macros (the default catalog's first, so its
	 * names win) and drops those no longer visible.
	 */
	void sync() throws EngineException, DuckLakeException, SQLException {
		Connection d = kind.duck();
		if (d != on) {
			installed.clear(); // a new DuckDB: nothing made on it yet
			on = d;
		}
		Map<String, String> want = new LinkedHashMap<>();
		List<Attached> order = new ArrayList<>();
		if (kind.defaultCatalog() != null && kind.catalog(kind.defaultCatalog()) != null) {
			order.add(kind.catalog(kind.defaultCatalog()));
		}
		for (Attached a : kind.attached()) {
			if (!order.contains(a)) {
				order.add(a);
			}
		}
		for (Attached a : order) {
			List<MacroEntry> ms = visible(a);
			if (ms.isEmpty()) {
				continue;
			}
			long defaultSchema = a.view().schema(kind.defaultSchema()).map(SchemaEntry::id).orElse(-1L);
			List<MacroEntry> sorted = new ArrayList<>(ms);
			sorted.sort((x, y) -> Boolean.compare(x.schemaId() != defaultSchema, y.schemaId() != defaultSchema));
			for (MacroEntry m : sorted) {
				String key = m.name().toLowerCase(Locale.ROOT) + (m.table() ? "/t" : "/s");
				if (!want.containsKey(key)) {
					String text = text(a, m);
					if (text != null) {
						want.put(key, text);
					}
				}
			}
		}
		for (String key : new ArrayList<>(installed.keySet())) {
			if (!want.containsKey(key)) {
				exec(d, "DROP MACRO " + (key.endsWith("/t") ? "TABLE " : "") + "IF EXISTS temp.main."
						+ Sql.ident(key.substring(0, key.length() - 2)));
				installed.remove(key);
			}
		}
		for (Map.Entry<String, String> e : want.entrySet()) {
			if (!e.getValue().equals(installed.get(e.getKey()))) {
				try {
					exec(d, e.getValue());
					installed.put(e.getKey(), e.getValue());
				} catch (SQLException x) {
					// a body DuckDB can't make now (a table it names is gone): the macro is not callable
					installed.remove(e.getKey());
				}
			}
		}
	}

	/** The CREATE TEMP MACRO text of a macro, its body's names pointed at the views of the snapshot read. */
	private String text(Attached a, MacroEntry m) throws EngineException, DuckLakeException, SQLException {
		boolean committed = a.pendingOrNull() == null || !a.pendingOrNull().newMacros.contains(m);
		String key = System.identityHashCode(a) + "/" + m.id() + "/" + a.snapshot().id();
		boolean keep = committed && a.pendingOrNull() == null;
		if (keep && texts.containsKey(key)) {
			return texts.get(key);
		}
		String schema = a.view().schemas().stream().filter(s -> s.id() == m.schemaId()).findFirst().map(
				SchemaEntry::name).orElse("main");
		List<String> impls = new ArrayList<>();
		for (MacroEntry.Impl i : m.impls()) {
			boolean table = i.type().equals("table");
			String body;
			try {
				String r = kind.inSchema(a, schema, () -> kind.rewrite(table ? i.sql() : "SELECT " + i.sql(), null)
						.text());
				body = table ? r : MacroText.expression(r);
			} catch (EngineException e) {
				if (e.kind() == Kind.REFUSED) {
					return null; // a body the guard refuses is never made
				}
				body = i.sql();
			}
			impls.add("(" + MacroText.parameters(i.parameters()) + ") AS " + (table ? "TABLE " : "") + body);
		}
		String text = "CREATE OR REPLACE TEMP MACRO " + Sql.ident(m.name()) + " " + String.join(", ", impls);
		if (keep) {
			if (texts.size() > 256) {
				texts.clear();
			}
			texts.put(key, text);
		}
		return text;
	}

	/** Whether a statement calls a scalar macro made here (then it runs on this DuckDB, where the macro is). */
	boolean called(String sql) {
		for (String key : installed.keySet()) {
			if (key.endsWith("/s") && Pattern.compile("(?i)(?<![A-Za-z0-9_])" + Pattern.quote(key.substring(0,
					key.length() - 2)) + "\"?\\s*\\(").matcher(sql).find()) { // "name"(...) too
				return true;
			}
		}
		return false;
	}

	boolean isScalarMacro(String name) {
		return installed.containsKey(name.toLowerCase(Locale.ROOT) + "/s");
	}

	boolean isTableMacro(String name) {
		return installed.containsKey(name.toLowerCase(Locale.ROOT) + "/t");
	}

	/** A table macro's call as a temp view of its rows (the query then names a table, as the guard wants). */
	String tableCall(Connection d, String name, List<String> args, Map<String, String> named) throws SQLException {
		List<String> values = new ArrayList<>();
		for (String v : args) {
			values.add(MacroText.literal(v));
		}
		named.forEach((k, v) -> values.add(Sql.ident(k) + " := " + MacroText.literal(v)));
		String view = "__dl_macro_" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_") + "_"
				+ Integer.toHexString(values.hashCode());
		exec(d, "CREATE OR REPLACE TEMP VIEW " + Sql.ident(view) + " AS SELECT * FROM temp.main." + Sql.ident(name)
				+ "(" + String.join(", ", values) + ")");
		return view;
	}

	private static void exec(Connection d, String q) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute(q);
		}
	}
}
