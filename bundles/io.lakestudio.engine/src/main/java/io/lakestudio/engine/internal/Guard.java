package io.lakestudio.engine.internal;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * The read-only guard. Only queries run: DuckDB's own parser turns the statement into a tree
 * ({@code json_serialize_sql}, which serialises SELECT statements only, so anything that writes, attaches, loads or
 * sets is already not a query), and the tree is walked for what a query could still reach: table functions other
 * than a few harmless ones (read_csv, read_parquet, glob, query... would read paths or run text as SQL) and table
 * names that are paths; {@link Refusals} is the list of what reaches past the engine and why. The lockdown of
 * {@link DuckDb} stands behind this; the guard is there for clear messages.
 */
public final class Guard {

	private static final ObjectMapper JSON = new ObjectMapper();
	private static final Set<String> TABLE_FUNCTIONS = Set.of("range", "generate_series", "unnest", "json_each",
			"json_tree", "duckdb_functions", "duckdb_types", "duckdb_keywords");
	private static final Pattern CREATE_TEMP = Pattern.compile(
			"(?is)CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:TEMP|TEMPORARY)\\s+(VIEW|TABLE)\\s+([A-Za-z_][A-Za-z0-9_]*)\\s+AS\\s+(.*)");
	private static final Pattern LEADING = Pattern.compile("(?s)\\A(?:\\s+|--[^\\n]*(?:\\n|\\z)|/\\*.*?\\*/)*");

	private Guard() {
	}

	/** @param sessionNames temp views and tables this session made, which a query may name */
	public static Parsed parse(Connection duck, String statement, Set<String> sessionNames) throws EngineException {
		return parse(duck, statement, sessionNames, Refusals.ALLOWED);
	}

	/**
	 * As {@link #parse(Connection, String, Set)}, a query's table functions that {@code granted} lets by (a
	 * session's file access: read_parquet inside the folders the user granted) allowed too.
	 */
	public static Parsed parse(Connection duck, String statement, Set<String> sessionNames, Granted granted)
			throws EngineException {
		return parse(duck, statement, sessionNames, Refusals.ALLOWED, granted);
	}

	/**
	 * As {@link #parse(Connection, String, Set, Granted)}, for a statement DuckDB has parsed already: a query's
	 * {@code serialized} tree (json_serialize_sql of {@code statement}, unchanged; null: none) is checked in place of
	 * a second parse of the same text.
	 */
	public static Parsed parse(Connection duck, String statement, JsonNode serialized, Set<String> sessionNames,
			Granted granted) throws EngineException {
		String kw = firstWord(strip(statement));
		if (serialized != null && QUERY_WORDS.contains(kw)) {
			return query(serialized, sessionNames, granted);
		}
		return parse(duck, statement, sessionNames, Refusals.ALLOWED, granted);
	}

	/** The first words of the statements that are queries, checked on their parse as they are. */
	private static final Set<String> QUERY_WORDS = Set.of("SELECT", "WITH", "FROM", "VALUES", "TABLE", "(",
			"DESCRIBE", "DESC", "SHOW", "SUMMARIZE");

	/** A table function call (its serialised tree) that may run although its name is on the refused list. */
	public interface Granted {
		boolean allows(JsonNode function) throws EngineException;
	}

	private static final Granted NONE = f -> false;

	/** As {@link #parse(Connection, String, Set)}, with the statements {@code allowances} let by. */
	static Parsed parse(Connection duck, String statement, Set<String> sessionNames,
			List<Refusals.Allowance> allowances) throws EngineException {
		return parse(duck, statement, sessionNames, allowances, NONE);
	}

	private static Parsed parse(Connection duck, String statement, Set<String> sessionNames,
			List<Refusals.Allowance> allowances, Granted granted) throws EngineException {
		String sql = strip(statement);
		String kw = firstWord(sql);
		switch (kw) {
		case "EXPLAIN" -> {
			String rest = strip(sql.substring(kw.length()));
			boolean analyze = firstWord(rest).equals("ANALYZE");
			String query = analyze ? strip(rest.substring("ANALYZE".length())) : rest;
			Parsed inner = query(serialize(duck, query), sessionNames, granted);
			return new Parsed(analyze ? Parsed.Kind.EXPLAIN_ANALYZE : Parsed.Kind.EXPLAIN, inner.tree(), inner.refs(),
					analyze ? "EXPLAIN ANALYZE " : "EXPLAIN ", null);
		}
		case "CREATE" -> {
			Matcher m = CREATE_TEMP.matcher(sql);
			if (!m.matches()) {
				throw refused(Refusals.statement(kw, sql));
			}
			if (m.group(2).startsWith("__")) {
				throw refused("a name beginning with __ is the engine's own (its views of the lake's tables): name"
						+ " the " + m.group(1).toLowerCase(Locale.ROOT) + " otherwise");
			}
			Parsed inner = query(serialize(duck, m.group(3)), sessionNames, granted);
			return new Parsed(Parsed.Kind.CREATE_TEMP, inner.tree(), inner.refs(),
					"CREATE OR REPLACE TEMP " + m.group(1).toUpperCase(Locale.ROOT) + " " + m.group(2) + " AS ", null);
		}
		case "SELECT", "WITH", "FROM", "VALUES", "TABLE", "(", "DESCRIBE", "DESC", "SHOW", "SUMMARIZE" -> {
			return query(serialize(duck, sql), sessionNames, granted);
		}
		default -> {
			Refusals.Allowance a = Refusals.allowed(allowances, kw, sql).orElse(null);
			if (a == null) {
				throw refused(Refusals.statement(kw, sql));
			}
			return new Parsed(a.kind(), null, List.of(), sql, null);
		}
		}
	}

	/** The name a CREATE TEMP statement makes, so later statements of the session may use it. */
	public static String createdName(String prefix) {
		Matcher m = Pattern.compile("TEMP \\w+ (\\w+) AS ").matcher(prefix);
		return m.find() ? m.group(1) : null;
	}

	private static Parsed query(JsonNode result, Set<String> sessionNames, Granted granted) throws EngineException {
		if (result.path("error").asBoolean()) {
			String msg = result.path("error_message").asText();
			if (msg.contains("Only SELECT")) {
				throw refused("one query at a time: the text holds a statement that is not a query");
			}
			throw new EngineException(Kind.FAILED, msg);
		}
		JsonNode stmts = result.path("statements");
		if (stmts.size() != 1) {
			throw refused("one statement at a time (found " + stmts.size() + ")");
		}
		ObjectNode tree = (ObjectNode) result;
		Set<String> ctes = new HashSet<>();
		collectCtes(tree, ctes);
		List<Parsed.Ref> refs = new ArrayList<>();
		Parsed.Kind[] kind = { Parsed.Kind.QUERY };
		walk(tree, ctes, sessionNames, refs, kind, granted);
		boolean whole = "SHOW_REF".equals(stmts.get(0).path("node").path("from_table").path("type").asText());
		if (kind[0] == Parsed.Kind.SHOW_TABLES && !whole) {
			// answered from the catalog as a whole statement: inside a query the answer would stand for the query's
			throw refused("SHOW TABLES is answered as a whole statement, not inside a query: query"
					+ " information_schema.tables instead");
		}
		if (kind[0] == Parsed.Kind.DESCRIBE && !whole) {
			kind[0] = Parsed.Kind.QUERY; // DESCRIBE of a query inside a query: DuckDB binds it over the tables' views
		}
		return new Parsed(kind[0], tree, List.copyOf(refs), "", limit(stmts.get(0).path("node")));
	}

	/**
	 * A plain {@code LIMIT n} over one table, with nothing that needs every row first: no ORDER BY, WHERE, GROUP
	 * BY, DISTINCT, aggregate or window. Then n rows from any files will do.
	 */
	private static Integer limit(JsonNode node) {
		if (!"SELECT_NODE".equals(node.path("type").asText()) || !"BASE_TABLE".equals(node.path("from_table").path("type").asText())
				|| !node.path("where_clause").isNull() || node.path("group_expressions").size() > 0
				|| !node.path("having").isNull() || !node.path("qualify").isNull()) {
			return null;
		}
		Integer limit = null;
		for (JsonNode m : node.path("modifiers")) {
			String t = m.path("type").asText();
			if ("LIMIT_MODIFIER".equals(t) && m.path("offset").isNull()
					&& "INTEGER".equals(m.path("limit").path("literal").path("kind").asText())) {
				limit = Integer.valueOf(m.path("limit").path("literal").path("text").asText());
			} else {
				return null; // ORDER BY, DISTINCT ON, OFFSET...
			}
		}
		for (JsonNode e : node.path("select_list")) {
			String s = e.toString();
			if (s.contains("\"class\":\"FUNCTION\"") || s.contains("\"class\":\"WINDOW\"")
					|| s.contains("\"class\":\"SUBQUERY\"")) {
				return null; // an aggregate would need every row; other functions are kept simple: no shortcut
			}
		}
		return limit;
	}

	private static void walk(JsonNode n, Set<String> ctes, Set<String> session, List<Parsed.Ref> refs,
			Parsed.Kind[] kind, Granted granted) throws EngineException {
		if (n.isObject()) {
			String type = n.path("type").asText("");
			if ("TABLE_FUNCTION".equals(type)) {
				String fn = n.path("function").path("function_name").asText();
				if (!TABLE_FUNCTIONS.contains(fn.toLowerCase(Locale.ROOT)) && !granted.allows(n.path("function"))) {
					String why = Refusals.tableFunction(fn).map(Refusals.Entry::why)
							.orElse("may read files or run text as SQL");
					throw refused("the table function " + fn + " " + why + ": only the lake's tables are reachable");
				}
			} else if ("FUNCTION".equals(n.path("class").asText(""))) {
				String fn = n.path("function_name").asText();
				Refusals.Entry e = Refusals.scalarFunction(fn).orElse(null);
				if (e != null) {
					throw refused("the function " + fn + " " + e.why() + ": only the lake's tables are reachable");
				}
			} else if ("SHOW_REF".equals(type)) {
				String show = n.path("show_type").asText();
				if ("SUMMARY".equals(show)) {
					kind[0] = Parsed.Kind.SUMMARIZE;
				} else if (n.path("query").isNull()) {
					kind[0] = Parsed.Kind.SHOW_TABLES; // SHOW TABLES, SHOW ALL TABLES: from the catalog
				} else {
					kind[0] = Parsed.Kind.DESCRIBE;
				}
			} else if ("BASE_TABLE".equals(type)) {
				ref((ObjectNode) n, ctes, session, refs);
			}
			for (JsonNode c : n) {
				walk(c, ctes, session, refs, kind, granted);
			}
		} else if (n.isArray()) {
			for (JsonNode c : n) {
				walk(c, ctes, session, refs, kind, granted);
			}
		}
	}

	private static void ref(ObjectNode n, Set<String> ctes, Set<String> session, List<Parsed.Ref> refs)
			throws EngineException {
		List<String> parts = new ArrayList<>();
		for (String f : new String[] { "catalog_name", "schema_name", "table_name" }) {
			String v = n.path(f).asText("");
			if (!v.isEmpty()) {
				parts.add(v);
			}
		}
		if (parts.size() == 1 && (ctes.contains(parts.get(0).toLowerCase(Locale.ROOT))
				|| session.contains(parts.get(0).toLowerCase(Locale.ROOT)))) {
			return;
		}
		JsonNode at = n.path("at_clause");
		String unit = null;
		String value = null;
		if (at.isObject()) {
			unit = at.path("unit").asText().toUpperCase(Locale.ROOT);
			value = at.path("expr").path("literal").path("text").asText(null);
			if (value == null) {
				throw refused("AT (" + unit + " => ...) needs a constant");
			}
		}
		refs.add(new Parsed.Ref(n, List.copyOf(parts), unit, value));
	}

	private static void collectCtes(JsonNode n, Set<String> out) {
		if (n.isObject()) {
			JsonNode map = n.path("cte_map").path("map");
			for (JsonNode e : map) {
				out.add(e.path("key").asText().toLowerCase(Locale.ROOT));
			}
		}
		for (JsonNode c : n) {
			collectCtes(c, out);
		}
	}

	/**
	 * DuckDB's parse of {@code sql} ({@code json_serialize_sql}; an error is a tree too, {@code error: true}). Asked
	 * with the text as a literal: a prepared statement with a parameter costs twice as much to prepare and run once.
	 */
	public static JsonNode serialize(Connection duck, String sql) throws EngineException {
		try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery("SELECT json_serialize_sql("
				+ Sql.string(sql) + ")")) {
			rs.next();
			return JSON.readTree(rs.getString(1));
		} catch (SQLException | java.io.IOException e) {
			throw new EngineException(Kind.FAILED, "cannot parse the statement: " + e.getMessage(), e);
		}
	}

	/** Leading blanks and comments, and trailing semicolons, away. */
	static String strip(String s) {
		String t = LEADING.matcher(s).replaceFirst("");
		t = t.strip();
		while (t.endsWith(";")) {
			t = t.substring(0, t.length() - 1).strip();
		}
		return t;
	}

	static String firstWord(String s) {
		if (s.startsWith("(")) {
			return "(";
		}
		int i = 0;
		while (i < s.length() && Character.isLetter(s.charAt(i))) {
			i++;
		}
		return s.substring(0, i).toUpperCase(Locale.ROOT);
	}

	private static EngineException refused(String why) {
		return new EngineException(Kind.REFUSED, "refused: " + why);
	}
}
