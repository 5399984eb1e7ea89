package io.lakestudio.catalog.internal;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.lakestudio.catalog.SearchHit;

/**
 * {@code find}: workspace, item, table and column names (dropped rows left out). Exact matches rank 0, prefixes 1,
 * the rest 2; within a rank workspaces come before items, tables and columns, and shorter names first, then by
 * name ignoring case and by table id. A column of a dropped table is dropped with it.
 * <p>
 * Columns are matched by their distinct names ({@code column_name}), not row by row: the names kept, in rank
 * order, each give their columns through the name's index, only as many as can still make the list.
 */
final class Finder {

	private static final String RANK = "CASE WHEN lower(name) = ? THEN 0 WHEN name LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END";

	private final Sql sql;

	Finder(Sql sql) {
		this.sql = sql;
	}

	/** A hit with what orders it against the other kinds: its rank, then its kind's place. */
	private record Ranked(SearchHit hit, int ord) {
	}

	List<SearchHit> find(String text, int limit) {
		String needle = text.toLowerCase(Locale.ROOT);
		String like = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
		String prefix = like.substring(1);
		// ranks on bare names first and builds display paths only for the rows kept
		String q = "SELECT m.kind, m.rank, m.tid, m.iid, m.wid, m.name, w.name AS wname, i.name AS iname,"
				+ " t.schema_name, t.name AS tname, m.ord FROM ("
				+ " SELECT kind, ord, tid, iid, wid, name, " + RANK + " AS rank FROM ("
				+ "  SELECT 'WORKSPACE' AS kind, 0 AS ord, NULL AS tid, NULL AS iid, w.id AS wid, w.name AS name"
				+ "   FROM workspace w WHERE w.dropped_at IS NULL AND w.name LIKE ? ESCAPE '\\'"
				+ "  UNION ALL SELECT 'ITEM', 1, NULL, i.id, i.workspace_id, i.name FROM item i"
				+ "   WHERE i.dropped_at IS NULL AND i.name LIKE ? ESCAPE '\\'"
				+ "  UNION ALL SELECT 'TABLE', 2, t.id, t.item_id, NULL, t.name FROM lake_table t"
				+ "   WHERE t.dropped_at IS NULL AND t.name LIKE ? ESCAPE '\\')"
				+ " ORDER BY rank, ord, length(name), name COLLATE NOCASE, tid LIMIT ?) m"
				+ " LEFT JOIN lake_table t ON t.id = m.tid"
				+ " LEFT JOIN item i ON i.id = coalesce(m.iid, t.item_id)"
				+ " LEFT JOIN workspace w ON w.id = coalesce(m.wid, i.workspace_id)"
				+ " ORDER BY m.rank, m.ord, length(m.name), m.name COLLATE NOCASE, m.tid";
		List<Ranked> hits = new ArrayList<>(sql.list(q, rs -> new Ranked(hit(rs), rs.getInt("ord")), needle, prefix,
				like, like, like, limit));
		hits.addAll(columns(needle, prefix, like, limit, hits));
		// the columns come last within each rank: a stable sort on (rank, kind) puts them in place (a lambda of
		// this class's, which the AOT cache keeps, not a Comparator's chain, whose lambdas it spins at every start)
		hits.sort((a, b) -> a.hit().rank() != b.hit().rank() ? Integer.compare(a.hit().rank(), b.hit().rank())
				: Integer.compare(a.ord(), b.ord()));
		return hits.stream().limit(limit).map(Ranked::hit).toList();
	}

	/** The columns that make the first {@code limit} hits beside {@code others} (ranked, sorted). */
	private List<Ranked> columns(String needle, String prefix, String like, int limit, List<Ranked> others) {
		record Name(String name, int rank) {
		}
		List<Name> names = sql.list("SELECT name, " + RANK + " AS rank FROM column_name WHERE name LIKE ? ESCAPE '\\'"
				+ " ORDER BY rank, length(name), name COLLATE NOCASE", rs -> new Name(rs.getString(1), rs.getInt(2)),
				needle, prefix, like);
		List<Ranked> out = new ArrayList<>();
		if (names.isEmpty()) {
			return out;
		}
		// a name's columns in table order (its index's), joined to what their paths need; a dropped table's left out
		String q = "SELECT 'COLUMN' AS kind, ? AS rank, c.table_id AS tid, NULL AS iid, NULL AS wid, c.name,"
				+ " w.name AS wname, i.name AS iname, t.schema_name, t.name AS tname FROM lake_column c"
				+ " LEFT JOIN lake_table t ON t.id = c.table_id LEFT JOIN item i ON i.id = t.item_id"
				+ " LEFT JOIN workspace w ON w.id = i.workspace_id"
				+ " WHERE c.name = ? COLLATE NOCASE AND t.dropped_at IS NULL ORDER BY c.table_id LIMIT ?";
		try (PreparedStatement ps = sql.prepare(q)) {
			for (Name n : names) {
				// hits ranked before this name's columns: the other kinds' of its rank or better, and columns so far
				long before = out.size();
				for (Ranked o : others) {
					before += o.hit().rank() <= n.rank() ? 1 : 0;
				}
				if (before >= limit) {
					break;
				}
				Sql.bind(ps, n.rank(), n.name(), limit - before);
				try (ResultSet rs = ps.executeQuery()) {
					while (rs.next()) {
						out.add(new Ranked(hit(rs), 3));
					}
				}
			}
			return out;
		} catch (SQLException e) {
			throw sql.fail(e);
		}
	}

	private static SearchHit hit(ResultSet rs) throws SQLException {
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
