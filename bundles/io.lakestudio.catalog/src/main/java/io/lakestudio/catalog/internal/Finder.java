package io.lakestudio.catalog.internal;

import java.util.List;
import java.util.Locale;

import io.lakestudio.catalog.SearchHit;

/**
 * {@code find}: one statement over workspace, item, table and column names (dropped rows left out). Exact
 * matches rank 0, prefixes 1, the rest 2; within a rank workspaces come before items, tables and columns, and
 * shorter names first.
 */
final class Finder {

	private static final String TABLE_PATH = "w.name || '/' || i.name || '/' || CASE WHEN t.schema_name = '' THEN ''"
			+ " ELSE t.schema_name || '/' END || t.name";

	private final Sql sql;

	Finder(Sql sql) {
		this.sql = sql;
	}

	List<SearchHit> find(String text, int limit) {
		String needle = text.toLowerCase(Locale.ROOT);
		String like = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
		String prefix = like.substring(1);
		String q = "SELECT kind, path, id, CASE WHEN lower(name) = ? THEN 0 WHEN name LIKE ? ESCAPE '\\' THEN 1"
				+ " ELSE 2 END AS rank, ord, length(name) AS len FROM ("
				+ " SELECT 'WORKSPACE' AS kind, 0 AS ord, w.name AS name, w.name AS path, w.id AS id FROM workspace w"
				+ "  WHERE w.dropped_at IS NULL AND w.name LIKE ? ESCAPE '\\'"
				+ " UNION ALL SELECT 'ITEM', 1, i.name, w.name || '/' || i.name, i.id FROM item i"
				+ "  JOIN workspace w ON w.id = i.workspace_id"
				+ "  WHERE i.dropped_at IS NULL AND i.name LIKE ? ESCAPE '\\'"
				+ " UNION ALL SELECT 'TABLE', 2, t.name, " + TABLE_PATH + ", t.id FROM lake_table t"
				+ "  JOIN item i ON i.id = t.item_id JOIN workspace w ON w.id = i.workspace_id"
				+ "  WHERE t.dropped_at IS NULL AND t.name LIKE ? ESCAPE '\\'"
				+ " UNION ALL SELECT 'COLUMN', 3, c.name, " + TABLE_PATH + " || '.' || c.name, t.id FROM lake_column c"
				+ "  JOIN lake_table t ON t.id = c.table_id JOIN item i ON i.id = t.item_id"
				+ "  JOIN workspace w ON w.id = i.workspace_id"
				+ "  WHERE t.dropped_at IS NULL AND c.name LIKE ? ESCAPE '\\'"
				+ ") ORDER BY rank, ord, len, path COLLATE NOCASE LIMIT ?";
		return sql.list(q, rs -> new SearchHit(SearchHit.Kind.valueOf(rs.getString("kind")), rs.getString("path"),
				rs.getString("id"), rs.getInt("rank")), needle, prefix, like, like, like, like, limit);
	}
}
