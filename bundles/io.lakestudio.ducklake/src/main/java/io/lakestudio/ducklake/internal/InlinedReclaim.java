package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The extension drops a table's inlined-data tables of superseded schema versions once a flush leaves them with no
 * live row, keeping only the current version's. Their ended rows still answer reads of older snapshots, so they move
 * into the current version's table first (columns matched by id, so a rename keeps its values); a superseded table
 * holding a column the current version no longer has stays, so no old value is lost.
 */
final class InlinedReclaim {

	private InlinedReclaim() {
	}

	/** Drops table {@code tableId}'s superseded, empty inlined-data tables; how many it dropped. */
	static int reclaim(Connection db, InlinedColumnNames n, long tableId) throws SQLException {
		Map<String, Long> tables = InlinedData.tables(db, tableId);
		long current = InlinedData.tableVersion(db, tableId, -1);
		String target = null;
		for (Map.Entry<String, Long> e : tables.entrySet()) {
			if (e.getValue() == current) {
				target = e.getKey();
			}
		}
		if (target == null) {
			return 0; // no table of the current version to keep the rows' history in
		}
		Map<Long, String> now = new HashMap<>();
		Map<String, Long> columns = InlinedData.columnsAt(db, tableId, current);
		for (Map.Entry<String, String> e : physical(db, target).entrySet()) {
			Long id = columns.get(e.getKey());
			if (id != null) {
				now.put(id, e.getValue());
			}
		}
		int dropped = 0;
		for (Map.Entry<String, Long> e : tables.entrySet()) {
			if (e.getValue() >= current || live(db, n, e.getKey())) {
				continue;
			}
			Map<String, Long> then = InlinedData.columnsAt(db, tableId, e.getValue());
			List<String> from = new ArrayList<>(List.of(n.rowId(), n.beginSnapshot(), n.endSnapshot()));
			List<String> to = new ArrayList<>(from);
			boolean kept = true;
			for (Map.Entry<String, String> col : physical(db, e.getKey()).entrySet()) {
				Long id = then.get(col.getKey());
				String into = id == null ? null : now.get(id);
				if (into == null) {
					kept = false;
					break;
				}
				from.add(InlinedData.ident(col.getValue()));
				to.add(InlinedData.ident(into));
			}
			if (!kept) {
				continue;
			}
			try (Statement st = db.createStatement()) {
				st.executeUpdate("INSERT INTO " + InlinedData.ident(target) + " (" + String.join(", ", to) + ") SELECT "
						+ String.join(", ", from) + " FROM " + InlinedData.ident(e.getKey()));
				st.execute("DROP TABLE " + InlinedData.ident(e.getKey()));
			}
			try (PreparedStatement ps = db.prepareStatement(
					"DELETE FROM ducklake_inlined_data_tables WHERE table_name = ?")) {
				ps.setString(1, e.getKey());
				ps.executeUpdate();
			}
			dropped++;
		}
		return dropped;
	}

	/** Whether the inlined-data table still holds a row no snapshot ended. */
	private static boolean live(Connection db, InlinedColumnNames n, String table) throws SQLException {
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT count(*) FROM "
				+ InlinedData.ident(table) + " WHERE " + n.endSnapshot() + " IS NULL")) {
			r.next();
			return r.getLong(1) > 0;
		}
	}

	/** The table's value columns (after row id, begin and end snapshot), lower-case name to name. */
	private static Map<String, String> physical(Connection db, String table) throws SQLException {
		Map<String, String> out = new java.util.LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT * FROM "
				+ InlinedData.ident(table) + " LIMIT 0")) {
			ResultSetMetaData m = r.getMetaData();
			for (int i = 4; i <= m.getColumnCount(); i++) {
				out.put(m.getColumnName(i).toLowerCase(Locale.ROOT), m.getColumnName(i));
			}
		}
		return out;
	}
}
