package io.lakestudio.catalog.internal;

import java.util.List;
import java.util.Locale;

import io.lakestudio.catalog.SearchHit;

/**
 * {@code find}: one statement over workspace, item, table and column names (dropped rows left out). Exact
 * matches rank 0, prefixes 1, the rest 2; within a rank workspaces come before items, tables and columns, and
 * shorter names first. A column of a dropped table is dropped with it.
 */
final class Finder {

	private final Sql sql;

	Finder(Sql sql) {
		this.sql = sql;
	}

	List<SearchHit> find(String text, int limit) {
		String needle = text.toLowerCase(Locale.ROOT);
		String like = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
		String prefix = like.substring(1);
		// ranks on bare names first and builds display paths only for the rows kept
		String q = "SELECT m.kind, m.rank, m.tid, m.iid, m.wid, m.name, w.name AS wname, i.name AS iname,"
				+ " t.schema_name, t.name AS tname FROM ("
				+ " SELECT kind, ord, tid, iid, wid, name, CASE WHEN lower(name) = ? THEN 0"
				+ "  WHEN name LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END AS rank FROM ("
				+ "  SELECT 'WORKSPACE' AS kind, 0 AS ord, NULL AS tid, NULL AS iid, w.id AS wid, w.name AS name"
				+ "   FROM workspace w WHERE w.dropped_at IS NULL AND w.name LIKE ? ESCAPE '\\'"
				+ "  UNION ALL SELECT 'ITEM', 1, NULL, i.id, i.workspace_id, i.name FROM item i"
				+ "   WHERE i.dropped_at IS NULL AND i.name LIKE ? ESCAPE '\\'"
				+ "  UNION ALL SELECT 'TABLE', 2, t.id, t.item_id, NULL, t.name FROM lake_table t"
				+ "   WHERE t.dropped_at IS NULL AND t.name LIKE ? ESCAPE '\\'"
				+ "  UNION ALL SELECT 'COLUMN', 3, c.table_id, NULL, NULL, c.name FROM lake_column c"
				+ "   WHERE c.name LIKE ? ESCAPE '\\' AND NOT EXISTS (SELECT 1 FROM lake_table d"
				+ "    WHERE d.id = c.table_id AND d.dropped_at IS NOT NULL))"
				+ " ORDER BY rank, ord, length(name), name COLLATE NOCASE, tid LIMIT ?) m"
				+ " LEFT JOIN lake_table t ON t.id = m.tid"
				+ " LEFT JOIN item i ON i.id = coalesce(m.iid, t.item_id)"
				+ " LEFT JOIN workspace w ON w.id = coalesce(m.wid, i.workspace_id)"
				+ " ORDER BY m.rank, m.ord, length(m.name), m.name COLLATE NOCASE, m.tid";
		return sql.list(q, rs -> hit(rs), needle, prefix, like, like, like, like, limit);
	}

	private static SearchHit hit(java.sql.ResultSet rs) throws java.sql.SQLException {
		SearchHit.Kind kind = SearchHit.Kind.valueOf(rs.getString("kind"));
		String ws = rs.getString("wname");
		String path = switch (kind) {
		case WORKSPACE -> ws;
		case ITEM -> ws + "/" + rs.getString("iname");
		case TABLE, COLUMN -> {
			String schema = rs.getString("schema_name");
			String table = ws + "/" + rs.getString("iname") + "/" + (schema.isEmpty() ? "" : schema + "/")
					+ rs.getString("tname");
			yield kind == SearchHit.Kind.TABLE ? table : table + "." + rs.getString("name");
		}
		};
		String id = switch (kind) {
		case WORKSPACE -> rs.getString("wid");
		case ITEM -> rs.getString("iid");
		default -> rs.getString("tid");
		};
		return new SearchHit(kind, path, id, rs.getInt("rank"));
	}
}
