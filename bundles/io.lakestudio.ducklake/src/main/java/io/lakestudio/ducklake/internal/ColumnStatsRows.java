package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.Map;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.TableColumnStats;

/**
 * A commit's share of {@code ducklake_table_column_stats}, written inside the store's open transaction: merged
 * into the rows the catalog holds now (so commits since this one's base count), or in their place where the
 * commit recomputed them.
 */
final class ColumnStatsRows {

	private ColumnStatsRows() {
	}

	static void write(Connection db, Commit c) throws SQLException {
		for (Map.Entry<Long, Map<Long, TableColumnStats>> e : c.columnStats.entrySet()) {
			long table = e.getKey();
			Map<Long, TableColumnStats> rows = c.recomputedStats.contains(table) ? e.getValue()
					: TableColumnStats.merge(stored(db, table), e.getValue());
			try (Statement st = db.createStatement()) {
				st.executeUpdate("DELETE FROM ducklake_table_column_stats WHERE table_id = " + table);
			}
			try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_table_column_stats (table_id,"
					+ " column_id, contains_null, contains_nan, min_value, max_value, extra_stats) VALUES (?, ?, ?, ?, ?, ?,"
					+ " ?)")) {
				for (TableColumnStats s : rows.values()) {
					ps.setLong(1, table);
					ps.setLong(2, s.columnId());
					ps.setInt(3, s.containsNull() ? 1 : 0);
					if (s.containsNan() == null) {
						ps.setNull(4, Types.BOOLEAN);
					} else {
						ps.setInt(4, s.containsNan() ? 1 : 0);
					}
					ps.setString(5, s.min());
					ps.setString(6, s.max());
					ps.setString(7, s.extraStats());
					ps.executeUpdate();
				}
			}
		}
	}

	/** The table's rows as the catalog holds them (their type unknown here: the commit's own rows bring it). */
	private static Map<Long, TableColumnStats> stored(Connection db, long table) throws SQLException {
		Map<Long, TableColumnStats> out = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT column_id, contains_null,"
				+ " contains_nan, min_value, max_value, extra_stats FROM ducklake_table_column_stats WHERE table_id = "
				+ table)) {
			while (r.next()) {
				boolean containsNull = r.getBoolean(2);
				boolean nan = r.getBoolean(3);
				Boolean containsNan = r.wasNull() ? null : nan;
				out.put(r.getLong(1), TableColumnStats.stored(r.getLong(1), containsNull, containsNan, r.getString(4),
						r.getString(5), r.getString(6)));
			}
		}
		return out;
	}
}
