package io.lakestudio.engine.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.lakestudio.engine.EngineException;

/**
 * Statements seen before in this session, so that one run again (the editor's run, a model's query) costs no
 * parse and no rewrite: by its text, the guard's parse and the columns it reads; by the views its tables point at,
 * the text DuckDB runs. Each costs a round trip through DuckDB's JSON (de)serialiser otherwise. The parse depends
 * only on the text and the session's temp names, so a new temp name empties the cache; a parse tree here is never
 * changed (the rewrite works on a copy).
 */
public final class Statements {

	private static final int MAX = 256;

	/** A parsed statement, the columns it may read, and its rewrites by view names. */
	public static final class Entry {
		private final Parsed parsed;
		private final Set<String> columns;
		private final Map<List<String>, String> rewrites = new HashMap<>();
		private KeptPlan kept;

		Entry(Parsed parsed, Set<String> columns) {
			this.parsed = parsed;
			this.columns = columns;
		}

		public Parsed parsed() {
			return parsed;
		}

		/** The columns (lower case) the statement may read, or {@link Projection#ALL}. */
		public Set<String> columns() {
			return columns;
		}

		/** What the statement was made into last time, if that may be run again (see {@link KeptPlan}). */
		public KeptPlan kept() {
			return kept;
		}

		public void keep(KeptPlan k) {
			kept = k;
		}
	}

	/** The parse of a statement's text, given the names its tables go by in it. */
	public interface Columns {
		Set<String> of(Parsed p);
	}

	private final Map<String, Entry> byText = new Lru<>(MAX);

	/** The statement's entry: parsed by the guard on first sight. */
	public Entry parse(Connection d, String sql, Set<String> sessionNames, Columns columns) throws EngineException {
		Entry e = byText.get(sql);
		if (e == null) {
			Parsed p = Guard.parse(d, sql, sessionNames);
			e = new Entry(p, columns.of(p));
			byText.put(sql, e);
		}
		return e;
	}

	/** The session's temp names changed: what is a lake table in a text may have too. */
	public void sessionChanged() {
		byText.clear();
	}

	/**
	 * The statement's query as DuckDB runs it (without its prefix): each of its table references pointed at
	 * {@code targets} (same order as the references), the old name kept as the alias so {@code t.col} still binds.
	 */
	public static String rewrite(Connection d, Entry e, List<String> targets) throws SQLException {
		String text = e.rewrites.get(targets);
		if (text == null) {
			Map<JsonNode, String> to = new IdentityHashMap<>();
			List<Parsed.Ref> refs = e.parsed.refs();
			for (int i = 0; i < refs.size(); i++) {
				to.put(refs.get(i).node(), targets.get(i));
			}
			text = deserialize(d, (ObjectNode) copy(e.parsed.tree(), to));
			if (e.rewrites.size() > 16) {
				e.rewrites.clear(); // views of older snapshots
			}
			e.rewrites.put(List.copyOf(targets), text);
		}
		return text;
	}

	/** A deep copy of a tree with the reference nodes in {@code to} pointed at their views. */
	private static JsonNode copy(JsonNode n, Map<JsonNode, String> to) {
		if (n.isObject()) {
			String view = to.get(n);
			if (view != null) {
				ObjectNode c = ((ObjectNode) n).deepCopy();
				point(c, view);
				return c;
			}
			ObjectNode c = JsonNodeFactory.instance.objectNode();
			for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
				Map.Entry<String, JsonNode> f = it.next();
				c.set(f.getKey(), copy(f.getValue(), to));
			}
			return c;
		}
		if (n.isArray()) {
			ArrayNode c = JsonNodeFactory.instance.arrayNode();
			for (JsonNode x : n) {
				c.add(copy(x, to));
			}
			return c;
		}
		return n;
	}

	private static void point(ObjectNode n, String view) {
		if (n.path("alias").asText("").isEmpty()) {
			n.put("alias", n.path("table_name").asText());
		}
		// qualified: a temp view or a CTE the statement names alike can't stand in for it
		n.put("catalog_name", Sql.ENGINE);
		n.put("schema_name", "main");
		n.put("table_name", view);
		n.putNull("at_clause");
		n.putObject("qualified_name").putArray("path").add(Sql.ENGINE).add("main").add(view);
	}

	private static String deserialize(Connection d, ObjectNode tree) throws SQLException {
		try (PreparedStatement ps = d.prepareStatement("SELECT json_deserialize_sql(?::JSON)")) {
			ps.setString(1, tree.toString());
			try (ResultSet rs = ps.executeQuery()) {
				rs.next();
				return rs.getString(1);
			}
		}
	}
}
