package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Guard;
import io.lakestudio.engine.internal.Sql;

/**
 * A query as DuckDB parses it ({@code json_serialize_sql}), with each reference to a DuckLake table pointed at its
 * view and each {@code ducklake_*} table function at a temp table of its rows, then made text again. What remains
 * is then checked by the engine's guard, so nothing a plain query may not do gets through.
 */
final class Rewriter {

	private static final ObjectMapper JSON = new ObjectMapper();

	/** Resolves references and functions; null when a name is not DuckLake's. */
	interface Resolver {
		String table(List<String> parts, String atUnit, String atValue, boolean full)
				throws EngineException, DuckLakeException, SQLException;

		/** As {@link #table}, with the virtual columns when the query names one ({@link VirtualColumns}). */
		default String table(List<String> parts, String atUnit, String atValue, boolean full, boolean rowId)
				throws EngineException, DuckLakeException, SQLException {
			return table(parts, atUnit, atValue, full);
		}

		String function(String name, List<String> args, Map<String, String> named)
				throws EngineException, DuckLakeException, SQLException;

		/**
		 * A scalar function named through a catalog ({@code lake.schema.f(...)}, {@code lake.f(...)}): refused as
		 * DuckDB's binder would when that catalog is an attached DuckLake one with no such macro.
		 */
		default void scalar(String catalog, String schema, String name) throws EngineException {
		}

		/** Whether a table function of another name is DuckLake's too (a table macro of an attached catalog). */
		default boolean claims(String name) {
			return false;
		}

		/**
		 * A table reference with the WHERE that filters it alone (null: none), for pruning its files, and the
		 * virtual columns ({@code rowid}, {@code filename}...) when the query names one.
		 */
		default String table(List<String> parts, String atUnit, String atValue, boolean full, Filter filter,
				boolean rowId) throws EngineException, DuckLakeException, SQLException {
			return table(parts, atUnit, atValue, full, rowId);
		}

		/** The schema a catalog's macro works in: the one in USE for the catalog in USE (null), else main. */
		default String schemaOf(String catalog) {
			return "main";
		}

		/**
		 * A file reader's path argument {@code getvariable('v')} as the constant it holds now (a string or a list of
		 * them), for the guard to check like one typed; null to leave the argument as it is.
		 */
		default JsonNode constant(JsonNode expression) throws EngineException, SQLException {
			return null;
		}

		/**
		 * What {@code current_database()} / {@code current_catalog()} ({@code catalog} true) or
		 * {@code current_schema()} answer while a DuckLake catalog is in USE, or null when none is.
		 */
		default String current(boolean catalog) {
			return null;
		}

		/** A function argument that is no constant ({@code now()}, a list) as text, or null to refuse it. */
		default String evaluate(JsonNode expression) throws EngineException, SQLException {
			return null;
		}
	}

	/** The WHERE of the SELECT whose FROM is just this reference, and the names the reference goes by there. */
	record Filter(JsonNode where, Set<String> names) {
	}

	/** The statement being walked (for the WHERE of a reference); a view's SQL is walked inside another's. */
	private static final ThreadLocal<JsonNode> ROOT = new ThreadLocal<>();
	/** The qualified names (catalog[.schema].table, lower-case) of the references pointed at views, walking. */
	private static final ThreadLocal<Set<List<String>>> QUALIFIED = new ThreadLocal<>();

	/**
	 * A query rewritten: its text, whether anything in it was, the DuckLake names it read, and when untouched the
	 * parse tree of its text (DuckDB's json_serialize_sql), so the guard need not ask DuckDB to parse it again.
	 */
	record Rewritten(String text, boolean touched, Set<String> names, JsonNode parsed) {
	}

	private Rewriter() {
	}

	static Rewritten rewrite(Connection d, String sql, Resolver r, String fullAlias)
			throws EngineException, DuckLakeException, SQLException {
		JsonNode tree = Guard.serialize(d, sql);
		if (tree.path("error").asBoolean()) {
			if (fullAlias == null) {
				return new Rewritten(sql, false, Set.of(), null); // the engine's guard says what is wrong with it
			}
			throw new EngineException(Kind.FAILED, tree.path("error_message").asText("cannot parse the statement"));
		}
		Set<String> ctes = new HashSet<>();
		collectCtes(tree, ctes);
		Set<String> names = new HashSet<>();
		boolean[] touched = { false };
		JsonNode outer = ROOT.get();
		Set<List<String>> outerQualified = QUALIFIED.get();
		ROOT.set(tree);
		Set<List<String>> qualified = new HashSet<>();
		QUALIFIED.set(qualified);
		HiddenColumns hidden = new HiddenColumns(tree);
		try {
			walk(tree, ctes, r, names, touched, fullAlias, hidden);
		} finally {
			ROOT.set(outer);
			QUALIFIED.set(outerQualified);
		}
		if (!qualified.isEmpty()) {
			unqualify(tree, qualified);
		}
		hidden.exclude(tree);
		if (!touched[0]) {
			return new Rewritten(sql, false, names, tree);
		}
		try (java.sql.Statement s = d.createStatement(); ResultSet rs = s.executeQuery("SELECT json_deserialize_sql("
				+ Sql.string(tree.toString()) + "::JSON)")) {
			rs.next();
			return new Rewritten(rs.getString(1), true, names, null);
		}
	}

	private static void walk(JsonNode n, Set<String> ctes, Resolver r, Set<String> names, boolean[] touched,
			String fullAlias, HiddenColumns hidden) throws EngineException, DuckLakeException, SQLException {
		if (n.isObject()) {
			ObjectNode o = (ObjectNode) n;
			String type = o.path("type").asText("");
			if ("BASE_TABLE".equals(type)) {
				table(o, ctes, r, names, touched, fullAlias, hidden);
			} else if ("TABLE_FUNCTION".equals(type)) {
				function(o, r, names, touched, hidden);
			} else if ("FUNCTION".equals(o.path("class").asText()) && o.path("arguments").isEmpty()) {
				current(o, r, touched);
			} else if ("FUNCTION".equals(o.path("class").asText())) {
				r.scalar(o.path("catalog").asText(""), o.path("schema").asText(""), o.path("function_name").asText());
			}
			List<JsonNode> children = new ArrayList<>();
			for (Iterator<JsonNode> it = o.elements(); it.hasNext();) {
				children.add(it.next());
			}
			for (JsonNode c : children) {
				walk(c, ctes, r, names, touched, fullAlias, hidden);
			}
		} else if (n.isArray()) {
			for (JsonNode c : n) {
				walk(c, ctes, r, names, touched, fullAlias, hidden);
			}
		}
	}

	/** {@code current_database()} and the like as the name of the DuckLake catalog (schema) in USE. */
	private static void current(ObjectNode o, Resolver r, boolean[] touched) {
		String f = o.path("function_name").asText().toLowerCase(Locale.ROOT);
		boolean catalog = f.equals("current_database") || f.equals("current_catalog");
		String name = catalog || f.equals("current_schema") ? r.current(catalog) : null;
		if (name == null || !o.path("schema").asText("").isEmpty()) {
			return;
		}
		String alias = o.path("alias").asText("");
		o.removeAll();
		o.put("class", "CONSTANT").put("type", "VALUE_CONSTANT").put("alias", alias.isEmpty() ? f + "()" : alias);
		o.putObject("literal").put("kind", "STRING").put("text", name);
		touched[0] = true;
	}

	private static void table(ObjectNode n, Set<String> ctes, Resolver r, Set<String> names, boolean[] touched,
			String fullAlias, HiddenColumns hidden) throws EngineException, DuckLakeException, SQLException {
		List<String> parts = new ArrayList<>();
		for (String f : new String[] { "catalog_name", "schema_name", "table_name" }) {
			String v = n.path(f).asText("");
			if (!v.isEmpty()) {
				parts.add(v);
			}
		}
		if (parts.size() == 1 && ctes.contains(parts.get(0).toLowerCase(Locale.ROOT))) {
			return;
		}
		JsonNode at = n.path("at_clause");
		String unit = null;
		String value = null;
		if (at.isObject()) {
			unit = at.path("unit").asText().toUpperCase(Locale.ROOT);
			value = at.path("expr").path("literal").path("text").asText(null);
			if (value == null && !at.path("expr").path("class").asText().equals("CONSTANT")) {
				value = r.evaluate(at.path("expr")); // getvariable('v'), an expression
			}
			if (value == null) {
				throw new EngineException(Kind.REFUSED, "refused: AT (" + unit + " => ...) needs a constant here");
			}
		}
		boolean full = fullAlias != null && fullAlias.equalsIgnoreCase(n.path("alias").asText(""));
		JsonNode where = io.lakestudio.engine.internal.Pruning.whereOf(ROOT.get(), n);
		Set<String> refNames = new HashSet<>();
		refNames.add(parts.get(parts.size() - 1).toLowerCase(Locale.ROOT));
		if (!n.path("alias").asText("").isEmpty()) {
			refNames.add(n.path("alias").asText().toLowerCase(Locale.ROOT));
		}
		String view = r.table(parts, unit, value, full, where == null ? null : new Filter(where, refNames),
				hidden.virtual() && !full);
		if (view == null) {
			return;
		}
		hidden.replaced(view);
		touched[0] = true;
		names.add(view.toLowerCase(Locale.ROOT));
		if (n.path("alias").asText("").isEmpty()) {
			n.put("alias", parts.get(parts.size() - 1));
			List<String> q = parts.stream().map(x -> x.toLowerCase(Locale.ROOT)).toList();
			if (q.size() > 1) {
				QUALIFIED.get().add(q);
			}
			if (q.size() == 3) {
				QUALIFIED.get().add(List.of(q.get(0), q.get(2))); // catalog.table.column, as DuckDB takes it too
			}
		}
		point(n, view);
	}

	/**
	 * A column named through its table's qualified name ({@code SELECT dl.t.c FROM dl.t}) named through the view's
	 * alias instead ({@code t.c}): the view has no catalog or schema for DuckDB to match.
	 */
	private static void unqualify(JsonNode n, Set<List<String>> qualified) {
		if (n.isObject() && "COLUMN_REF".equals(n.path("class").asText()) && n.path("column_names").isArray()) {
			ArrayNode cols = (ArrayNode) n.path("column_names");
			for (List<String> q : qualified) {
				if (cols.size() <= q.size()) {
					continue;
				}
				boolean match = true;
				for (int i = 0; i < q.size() && match; i++) {
					match = cols.get(i).asText().toLowerCase(Locale.ROOT).equals(q.get(i));
				}
				if (match) {
					for (int i = 0; i < q.size() - 1; i++) {
						cols.remove(0);
					}
					return;
				}
			}
		}
		for (JsonNode c : n) {
			unqualify(c, qualified);
		}
	}

	private static void point(ObjectNode n, String name) {
		n.put("catalog_name", "");
		n.put("schema_name", "");
		n.put("table_name", name);
		n.putNull("at_clause");
		n.putObject("qualified_name").putArray("path").add(name);
	}

	/**
	 * The extension's macros of a catalog, {@code <catalog>.name(...)} or {@code name(...)} of the one in USE: each
	 * is {@code ducklake_name('<catalog>', ...)}.
	 */
	private static final Set<String> CATALOG_MACROS = Set.of("snapshots", "current_snapshot",
			"last_committed_snapshot", "settings", "options", "table_info", "table_changes", "table_insertions",
			"table_deletions");

	/** DuckDB's listings of the catalog, which get the attached catalogs' rows. */
	static final Set<String> SYSTEM_LISTINGS = Set.of("duckdb_tables", "duckdb_views", "duckdb_columns",
			"duckdb_schemas", "duckdb_databases");

	private static void function(ObjectNode n, Resolver r, Set<String> names, boolean[] touched,
			HiddenColumns hidden) throws EngineException, DuckLakeException, SQLException {
		JsonNode fn = n.path("function");
		String name = fn.path("function_name").asText().toLowerCase(Locale.ROOT);
		if (GrantedFiles.READERS.contains(name) && fn.path("arguments").size() > 0) {
			// read_parquet(getvariable('files')): the paths it holds, so the guard sees where the read goes
			ObjectNode first = (ObjectNode) fn.path("arguments").get(0);
			JsonNode value = r.constant(first.path("expression"));
			if (value != null) {
				first.set("expression", value);
				touched[0] = true;
			}
		}
		if (!name.startsWith("ducklake_") && !name.startsWith("moraine_") && !name.equals("glob")
				&& !SYSTEM_LISTINGS.contains(name) && !CATALOG_MACROS.contains(name) && !r.claims(name)) {
			return;
		}
		List<String> args = new ArrayList<>();
		if (CATALOG_MACROS.contains(name)) {
			// <catalog>.snapshots(), <catalog>.main.table_changes(...), or snapshots() of the default catalog:
			// ducklake_snapshots('<catalog>')
			String catalog = fn.path("catalog").asText("");
			if (catalog.isEmpty()) {
				catalog = fn.path("schema").asText("");
			}
			String schema = fn.path("catalog").asText("").isEmpty() ? null : fn.path("schema").asText("");
			name = "ducklake_" + name;
			args.add(catalog.isEmpty() ? null : catalog);
			if (name.startsWith("ducklake_table_") && !name.equals("ducklake_table_info")) {
				// table_changes(table, start, end): ducklake_table_changes(catalog, schema, table, start, end)
				args.add(schema != null ? schema : r.schemaOf(catalog.isEmpty() ? null : catalog));
			}
		}
		Map<String, String> named = new java.util.HashMap<>();
		for (JsonNode a : fn.path("arguments")) {
			JsonNode e = a.path("expression");
			if (a.path("name").asText("").isEmpty() && e.path("type").asText().equals("COMPARE_EQUAL") && e.path("left")
					.path("class").asText().equals("COLUMN_REF") && e.path("left").path("column_names").size() == 1) {
				// name = value: a named parameter, as DuckDB binds it in a table function's arguments
				a = JSON.createObjectNode().put("name", e.path("left").path("column_names").get(0).asText()).set(
						"expression", e.path("right"));
			}
			JsonNode lit = a.path("expression").path("literal");
			String text = lit.isMissingNode() || lit.path("kind").asText().startsWith("NULL") ? null
					: lit.path("text").asText();
			if (!a.path("expression").path("class").asText().equals("CONSTANT")) {
				text = r.evaluate(a.path("expression"));
				if (text == null) {
					throw new EngineException(Kind.REFUSED, "refused: " + name + "(...) takes constants here");
				}
			}
			if (a.path("name").asText("").isEmpty()) {
				args.add(text);
			} else {
				named.put(a.path("name").asText().toLowerCase(Locale.ROOT), text);
			}
		}
		String table = r.function(name, args, named);
		if (table == null) {
			return;
		}
		hidden.replaced(table);
		touched[0] = true;
		names.add(table.toLowerCase(Locale.ROOT));
		JsonNode aliases = n.path("column_name_alias");
		String alias = n.path("alias").asText("");
		n.removeAll();
		n.put("type", "BASE_TABLE");
		n.put("alias", alias.isEmpty() ? name : alias);
		n.putNull("sample");
		n.put("schema_name", "");
		n.put("table_name", table);
		n.set("column_name_alias", aliases.isArray() ? aliases : JSON.createArrayNode());
		n.put("catalog_name", "");
		n.putNull("at_clause");
		ArrayNode path = n.putObject("qualified_name").putArray("path");
		path.add(table);
	}

	private static void collectCtes(JsonNode n, Set<String> out) {
		if (n.isObject()) {
			for (JsonNode e : n.path("cte_map").path("map")) {
				out.add(e.path("key").asText().toLowerCase(Locale.ROOT));
			}
		}
		for (JsonNode c : n) {
			collectCtes(c, out);
		}
	}
}
