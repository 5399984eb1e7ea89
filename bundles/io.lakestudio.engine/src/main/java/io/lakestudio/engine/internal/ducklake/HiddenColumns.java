package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Columns a query may name but {@code *} leaves out, as DuckDB's virtual columns: a DuckLake table's
 * {@link VirtualColumns}, and the {@code snapshot_id} and {@code rowid} of the change feed's insertions and deletions. The
 * temp view or table that answers carries them as real columns ({@link #register}); each {@code *} of a SELECT
 * reading one gets them added to its EXCLUDE list.
 */
final class HiddenColumns {

	/** Temp view or table name (lower case) to the columns {@code *} leaves out. */
	private static final Map<String, List<String>> HIDDEN = new ConcurrentHashMap<>();

	private final boolean virtual;
	private final Set<String> replaced = new HashSet<>();

	HiddenColumns(JsonNode tree) {
		this.virtual = namesVirtual(tree);
	}

	static void register(String name, List<String> columns) {
		HIDDEN.put(name.toLowerCase(Locale.ROOT), List.copyOf(columns));
	}

	/** Whether the query names a virtual column ({@code rowid}...): then table references get the views with them. */
	boolean virtual() {
		return virtual;
	}

	void replaced(String name) {
		if (HIDDEN.containsKey(name.toLowerCase(Locale.ROOT))) {
			replaced.add(name.toLowerCase(Locale.ROOT));
		}
	}

	/** Adds the hidden columns to the EXCLUDE list of each {@code *} over a name that has them. */
	void exclude(JsonNode n) {
		if (replaced.isEmpty()) {
			return;
		}
		if (n.isObject() && "SELECT_NODE".equals(n.path("type").asText())) {
			Map<String, List<String>> byAlias = new java.util.HashMap<>();
			from(n.path("from_table"), byAlias);
			if (!byAlias.isEmpty()) {
				for (JsonNode item : n.path("select_list")) {
					if ("STAR".equals(item.path("class").asText())) {
						String rel = item.path("relation_name").asText("").toLowerCase(Locale.ROOT);
						List<String> cols = new ArrayList<>();
						byAlias.forEach((alias, hidden) -> {
							if (rel.isEmpty() || rel.equals(alias)) {
								cols.addAll(hidden);
							}
						});
						ArrayNode ex = item.path("exclude_list").isArray() ? (ArrayNode) item.path("exclude_list")
								: ((ObjectNode) item).putArray("exclude_list");
						Set<String> have = new HashSet<>();
						ex.forEach(x -> have.add(x.asText().toLowerCase(Locale.ROOT)));
						for (String c : cols) {
							if (have.add(c)) {
								ex.add(c);
							}
						}
					}
				}
			}
		}
		for (JsonNode c : n) {
			exclude(c);
		}
	}

	/** The aliases of the FROM clause's references to hidden-column names (not into subqueries). */
	private void from(JsonNode t, Map<String, List<String>> out) {
		String type = t.path("type").asText("");
		if (type.equals("BASE_TABLE")) {
			String name = t.path("table_name").asText("").toLowerCase(Locale.ROOT);
			if (replaced.contains(name)) {
				String alias = t.path("alias").asText("");
				out.put((alias.isEmpty() ? name : alias).toLowerCase(Locale.ROOT), HIDDEN.get(name));
			}
		} else if (type.equals("JOIN")) {
			from(t.path("left"), out);
			from(t.path("right"), out);
		}
	}

	private static boolean namesVirtual(JsonNode n) {
		if (n.isObject() && "COLUMN_REF".equals(n.path("class").asText())) {
			JsonNode names = n.path("column_names");
			if (names.isArray() && names.size() > 0
					&& VirtualColumns.NAMES.contains(names.get(names.size() - 1).asText().toLowerCase(Locale.ROOT))) {
				return true;
			}
		}
		for (JsonNode c : n) {
			if (namesVirtual(c)) {
				return true;
			}
		}
		return false;
	}
}
