package io.lakestudio.engine.internal;

import java.util.HashSet;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The columns a statement may read, from its parse tree, as a superset of what DuckDB will read: every name in
 * every column reference (all parts, lower case: {@code t.a} gives t and a, {@code s.x} gives s and x) and every
 * USING column. {@link #ALL} (null) when the statement can read columns it does not name: a star anywhere
 * ({@code *}, {@code t.*}, {@code COLUMNS(...)}, {@code * EXCLUDE}), a NATURAL join, a table with column aliases
 * ({@code FROM t(a, b)}), a PIVOT (it groups by the columns it does not name), a whole row referenced by its table's name or alias, or SUMMARIZE. A superset is safe: a
 * chunk fetched and not read costs bytes, never a wrong answer.
 */
public final class Projection {

	/** Every column. */
	public static final Set<String> ALL = null;

	private Projection() {
	}

	/** {@code tableNames}: the names and aliases the statement's tables go by (lower case). */
	public static Set<String> columns(JsonNode tree, Set<String> tableNames) {
		Set<String> out = new HashSet<>();
		return walk(tree, out, tableNames) ? out : ALL;
	}

	private static boolean walk(JsonNode n, Set<String> out, Set<String> tables) {
		if (n.isArray()) {
			for (JsonNode c : n) {
				if (!walk(c, out, tables)) {
					return false;
				}
			}
			return true;
		}
		if (!n.isObject()) {
			return true;
		}
		String cls = n.path("class").asText("");
		String type = n.path("type").asText("");
		if ("STAR".equals(cls) || "NATURAL".equals(n.path("ref_type").asText(""))
				|| "SHOW_REF".equals(type) || "PIVOT".equals(type) || n.path("column_name_alias").size() > 0) {
			return false;
		}
		if ("COLUMN_REF".equals(cls)) {
			JsonNode names = n.path("column_names");
			if (names.size() == 1 && tables.contains(names.get(0).asText().toLowerCase(Locale.ROOT))) {
				return false; // a whole row
			}
			for (JsonNode x : names) {
				out.add(x.asText().toLowerCase(Locale.ROOT));
			}
		}
		for (JsonNode u : n.path("using_columns")) {
			out.add(u.asText().toLowerCase(Locale.ROOT));
		}
		for (Iterator<JsonNode> it = n.elements(); it.hasNext();) {
			if (!walk(it.next(), out, tables)) {
				return false;
			}
		}
		return true;
	}
}
