package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.NestedTypes;

/**
 * Inlined rows as the extension keeps them: one table per table and schema version,
 * {@code ducklake_inlined_data_<table id>_<schema version>(row_id, begin_snapshot, end_snapshot, <columns by name>)}
 * (the system columns named as the catalog's version names them: {@link InlinedColumnNames}), listed in
 * {@code ducklake_inlined_data_tables}. A deleted inlined row gets its {@code end_snapshot}. In SQLite
 * the values of types SQLite would round (hugeint, decimal...) are kept as text.
 */
final class InlinedData {

	private static final Set<String> TEXT_IN_SQLITE = Set.of("HUGEINT", "UHUGEINT", "UBIGINT");

	private InlinedData() {
	}

	/** The table's inlined rows visible at {@code snapshot}, by row id. */
	static List<InlinedRow> read(Connection db, InlinedColumnNames n, long tableId, long snapshot)
			throws SQLException {
		List<InlinedRow> out = new ArrayList<>();
		Map<String, Long> tables = tables(db, tableId);
		for (Map.Entry<String, Long> e : tables.entrySet()) {
			Map<String, Long> ids = columnsAt(db, tableId, e.getValue());
			String q = "SELECT * FROM " + ident(e.getKey()) + " WHERE " + n.beginSnapshot() + " <= " + snapshot
					+ " AND (" + n.endSnapshot() + " IS NULL OR " + n.endSnapshot() + " > " + snapshot + ") ORDER BY "
					+ n.rowId();
			try (Statement s = db.createStatement(); ResultSet r = s.executeQuery(q)) {
				ResultSetMetaData m = r.getMetaData();
				while (r.next()) {
					Map<Long, String> values = new LinkedHashMap<>();
					for (int i = 4; i <= m.getColumnCount(); i++) {
						Long id = ids.get(m.getColumnName(i).toLowerCase(Locale.ROOT));
						if (id != null) {
							values.put(id, r.getString(i));
						}
					}
					out.add(new InlinedRow(r.getLong(1), r.getLong(2), values));
				}
			}
		}
		out.sort(java.util.Comparator.comparingLong(InlinedRow::rowId));
		return out;
	}

	/** The commit's inlined inserts and deletes, in snapshot {@code s}; the table's schema version names its table. */
	static void write(Connection db, InlinedColumnNames n, boolean sqlite, Commit c, long s, long schemaVersion)
			throws SQLException {
		for (Map.Entry<Long, Set<Long>> e : c.inlinedDeletes.entrySet()) {
			if (e.getValue().isEmpty()) {
				continue;
			}
			List<String> ids = e.getValue().stream().map(String::valueOf).toList();
			for (String table : tables(db, e.getKey()).keySet()) {
				try (Statement st = db.createStatement()) {
					st.executeUpdate("UPDATE " + ident(table) + " SET " + n.endSnapshot() + " = " + s + " WHERE "
							+ n.rowId() + " IN (" + String.join(", ", ids) + ") AND " + n.endSnapshot() + " IS NULL");
				}
			}
		}
		// a table created or altered while inlining is on gets its table for the new schema version even with no
		// rows, as the extension's (a flush drops the superseded ones once empty: InlinedReclaim)
		for (Map.Entry<Long, List<ColumnEntry>> e : c.inlinedColumns.entrySet()) {
			long t = e.getKey();
			List<ColumnEntry> cols = e.getValue();
			String name = ensure(db, n, sqlite, t, tableVersion(db, t, schemaVersion), cols);
			List<InlinedRow> rows = c.inlinedInserts.getOrDefault(t, List.of());
			if (rows.isEmpty()) {
				continue;
			}
			List<String> marks = new ArrayList<>();
			for (ColumnEntry col : cols) {
				marks.add(sqlite ? "?" : "CAST(? AS " + NestedTypes.duckType(col) + ")");
			}
			try (PreparedStatement ps = db.prepareStatement("INSERT INTO " + ident(name) + " VALUES (?, ?, NULL"
					+ (marks.isEmpty() ? "" : ", " + String.join(", ", marks)) + ")")) {
				for (InlinedRow row : rows) {
					ps.setLong(1, row.rowId());
					ps.setLong(2, s);
					int i = 3;
					for (ColumnEntry col : cols) {
						ps.setString(i++, row.values().get(col.id()));
					}
					ps.executeUpdate(); // one by one: duckdb_jdbc's executeBatch begins a transaction of its own
				}
			}
		}
	}

	/** The inlined-data table of table {@code t} at schema version {@code sv}, made and listed if it isn't. */
	private static String ensure(Connection db, InlinedColumnNames n, boolean sqlite, long t, long sv,
			List<ColumnEntry> cols) throws SQLException {
		String name = "ducklake_inlined_data_" + t + "_" + sv;
		try (PreparedStatement ps = db.prepareStatement(
				"SELECT count(*) FROM ducklake_inlined_data_tables WHERE table_name = ?")) {
			ps.setString(1, name);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				if (r.getLong(1) > 0) {
					return name;
				}
			}
		}
		List<String> defs = new ArrayList<>();
		for (ColumnEntry col : cols) {
			String type = NestedTypes.duckType(col);
			boolean text = sqlite && (TEXT_IN_SQLITE.contains(type) || type.startsWith("DECIMAL"));
			defs.add(ident(col.name()) + " " + (text ? "VARCHAR" : type));
		}
		try (Statement st = db.createStatement()) {
			st.execute("CREATE TABLE IF NOT EXISTS " + ident(name) + " (" + n.rowId() + " BIGINT, " + n.beginSnapshot()
					+ " BIGINT, " + n.endSnapshot() + " BIGINT" + (defs.isEmpty() ? "" : ", " + String.join(", ", defs))
					+ ")");
		}
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_inlined_data_tables VALUES (?, ?, ?)")) {
			ps.setLong(1, t);
			ps.setString(2, name);
			ps.setLong(3, sv);
			ps.executeUpdate();
		}
		return name;
	}

	/** The inlined-data table {@code name}, when the catalog lists it. */
	static java.util.Optional<io.lakestudio.ducklake.InlinedTable> table(Connection db, String name)
			throws SQLException {
		try (PreparedStatement ps = db.prepareStatement(
				"SELECT count(*) FROM ducklake_inlined_data_tables WHERE table_name = ?")) {
			ps.setString(1, name);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				if (r.getLong(1) == 0) {
					return java.util.Optional.empty();
				}
			}
		}
		Map<String, String> columns = new LinkedHashMap<>();
		List<List<String>> rows = new ArrayList<>();
		try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("SELECT * FROM " + ident(name)
				+ " ORDER BY 1")) { // the row id, whatever the version names it
			ResultSetMetaData m = r.getMetaData();
			for (int i = 1; i <= m.getColumnCount(); i++) {
				String type = m.getColumnTypeName(i);
				columns.put(m.getColumnName(i), type == null || type.isBlank() ? "VARCHAR" : type);
			}
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= m.getColumnCount(); i++) {
					row.add(r.getString(i));
				}
				rows.add(row);
			}
		}
		return java.util.Optional.of(new io.lakestudio.ducklake.InlinedTable(columns, rows));
	}

	/** The table's inlined-data tables that exist, name to schema version, oldest first. */
	static Map<String, Long> tables(Connection db, long tableId) throws SQLException {
		Map<String, Long> out = new LinkedHashMap<>();
		try (PreparedStatement ps = db.prepareStatement("SELECT table_name, schema_version FROM"
				+ " ducklake_inlined_data_tables WHERE table_id = ? ORDER BY schema_version")) {
			ps.setLong(1, tableId);
			try (ResultSet r = ps.executeQuery()) {
				while (r.next()) {
					out.put(r.getString(1), r.getLong(2));
				}
			}
		}
		return out;
	}

	/** The last schema version that changed the table (what its inlined rows are written under). */
	static long tableVersion(Connection db, long tableId, long dflt) throws SQLException {
		try (PreparedStatement ps = db.prepareStatement(
				"SELECT max(schema_version) FROM ducklake_schema_versions WHERE table_id = ?")) {
			ps.setLong(1, tableId);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				long v = r.getLong(1);
				return r.wasNull() ? dflt : v;
			}
		}
	}

	/** The table's top-level columns, lower-case name to id, when schema version {@code sv} began. */
	static Map<String, Long> columnsAt(Connection db, long tableId, long sv) throws SQLException {
		long at;
		try (PreparedStatement ps = db.prepareStatement(
				"SELECT min(snapshot_id) FROM ducklake_snapshot WHERE schema_version = ?")) {
			ps.setLong(1, sv);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				at = r.getLong(1);
				if (r.wasNull()) {
					at = Long.MAX_VALUE / 2; // its snapshots expired: the columns as they are now
				}
			}
		}
		Map<String, Long> out = new LinkedHashMap<>();
		try (PreparedStatement ps = db.prepareStatement("SELECT column_name, column_id FROM ducklake_column"
				+ " WHERE table_id = ? AND parent_column IS NULL AND begin_snapshot <= ? AND (end_snapshot IS NULL"
				+ " OR end_snapshot > ?)")) {
			ps.setLong(1, tableId);
			ps.setLong(2, at);
			ps.setLong(3, at);
			try (ResultSet r = ps.executeQuery()) {
				while (r.next()) {
					out.put(r.getString(1).toLowerCase(Locale.ROOT), r.getLong(2));
				}
			}
		}
		return out;
	}

	static String ident(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}
}
