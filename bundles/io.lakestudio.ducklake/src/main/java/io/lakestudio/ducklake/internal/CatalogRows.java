package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.ducklake.ViewEntry;

/**
 * Reads a SQL catalog's snapshots, the entries visible at one and a table's files and stats (for {@link SqlStore},
 * which words the failures). A row is visible at snapshot s when it began at or before s and had not ended by s.
 */
final class CatalogRows {

	private static final String SNAPSHOTS = "SELECT s.snapshot_id, s.snapshot_time, s.schema_version, s.next_catalog_id,"
			+ " s.next_file_id, c.changes_made, c.author, c.commit_message FROM ducklake_snapshot s"
			+ " LEFT JOIN ducklake_snapshot_changes c USING (snapshot_id)";

	private final Connection db;

	CatalogRows(Connection db) {
		this.db = db;
	}

	/** The snapshots {@code where} (a WHERE or ORDER BY clause over {@code s}) selects, with their changes. */
	List<Snapshot> snapshots(String where) throws SQLException {
		List<Snapshot> out = new ArrayList<>();
		try (Statement s = db.createStatement(); ResultSet r = s.executeQuery(SNAPSHOTS + where)) {
			while (r.next()) {
				out.add(new Snapshot(r.getLong(1), Times.parse(r.getString(2)), r.getLong(3), r.getLong(4),
						r.getLong(5), r.getString(6), r.getString(7), r.getString(8)));
			}
		}
		return out;
	}

	private static String visible(long s) {
		return " begin_snapshot <= " + s + " AND (end_snapshot IS NULL OR end_snapshot > " + s + ")";
	}

	CatalogAt at(Snapshot snapshot) throws SQLException {
		long s = snapshot.id();
		List<SchemaEntry> schemas = new ArrayList<>();
		List<TableEntry> tables = new ArrayList<>();
		Map<Long, List<ColumnEntry>> columns = new LinkedHashMap<>();
		List<ViewEntry> views = new ArrayList<>();
		try (Statement st = db.createStatement()) {
			try (ResultSet r = st.executeQuery("SELECT view_id, view_uuid, begin_snapshot, schema_id, view_name,"
					+ " dialect, sql, column_aliases FROM ducklake_view WHERE" + visible(s) + " ORDER BY view_id")) {
				while (r.next()) {
					views.add(new ViewEntry(r.getLong(1), r.getString(2), r.getLong(3), r.getLong(4), r.getString(5),
							r.getString(6), r.getString(7), r.getString(8)));
				}
			}
			try (ResultSet r = st.executeQuery("SELECT schema_id, schema_uuid, begin_snapshot, schema_name, path"
					+ " FROM ducklake_schema WHERE" + visible(s) + " ORDER BY schema_id")) {
				while (r.next()) {
					schemas.add(new SchemaEntry(r.getLong(1), r.getString(2), r.getLong(3), r.getString(4),
							r.getString(5)));
				}
			}
			try (ResultSet r = st.executeQuery("SELECT table_id, table_uuid, begin_snapshot, schema_id, table_name,"
					+ " path FROM ducklake_table WHERE" + visible(s) + " ORDER BY table_id")) {
				while (r.next()) {
					tables.add(new TableEntry(r.getLong(1), r.getString(2), r.getLong(3), r.getLong(4), r.getString(5),
							r.getString(6)));
				}
			}
			List<ColumnRows.Row> rows = new ArrayList<>();
			try (ResultSet r = st.executeQuery("SELECT column_id, begin_snapshot, table_id, column_order, column_name,"
					+ " column_type, initial_default, default_value, nulls_allowed, parent_column FROM ducklake_column"
					+ " WHERE" + visible(s) + " ORDER BY table_id, column_order, column_id")) {
				while (r.next()) {
					ColumnEntry c = new ColumnEntry(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4),
							r.getString(5), r.getString(6), r.getString(7), r.getString(8), r.getObject(9) == null
									|| r.getBoolean(9));
					long parent = r.getLong(10);
					rows.add(new ColumnRows.Row(c, r.wasNull() ? null : parent));
				}
			}
			columns.putAll(ColumnRows.tree(rows));
		}
		return new CatalogAt(snapshot, List.copyOf(schemas), List.copyOf(tables), columns, List.copyOf(views));
	}

	List<DataFile> dataFiles(long tableId, long snapshot) throws SQLException {
		List<DataFile> out = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT data_file_id, table_id,"
				+ " begin_snapshot, path, path_is_relative, record_count, file_size_bytes, footer_size, row_id_start"
				+ " FROM ducklake_data_file WHERE table_id = " + tableId + " AND" + visible(snapshot)
				+ " ORDER BY file_order, data_file_id")) {
			while (r.next()) {
				out.add(new DataFile(r.getLong(1), r.getLong(2), r.getLong(3), r.getString(4), r.getBoolean(5),
						r.getLong(6), r.getLong(7), r.getLong(8), r.getLong(9), List.of()));
			}
		}
		return out;
	}

	List<DeleteFile> deleteFiles(long tableId, long snapshot) throws SQLException {
		List<DeleteFile> out = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT delete_file_id, table_id,"
				+ " begin_snapshot, data_file_id, path, path_is_relative, delete_count, file_size_bytes, footer_size,"
				+ " partial_max FROM ducklake_delete_file WHERE table_id = " + tableId + " AND" + visible(snapshot))) {
			while (r.next()) {
				long max = r.getLong(10);
				Long partialMax = r.wasNull() ? null : max;
				out.add(new DeleteFile(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getString(5),
						r.getBoolean(6), r.getLong(7), r.getLong(8), r.getLong(9), partialMax));
			}
		}
		return out;
	}

	Map<Long, List<ColumnStats>> fileColumnStats(long tableId) throws SQLException {
		Map<Long, List<ColumnStats>> out = new java.util.HashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT data_file_id, column_id,"
				+ " value_count, null_count, column_size_bytes, min_value, max_value, contains_nan, extra_stats"
				+ " FROM ducklake_file_column_stats WHERE table_id = " + tableId)) {
			while (r.next()) {
				boolean nan = r.getBoolean(8);
				Boolean containsNan = r.wasNull() ? null : nan;
				out.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(new ColumnStats(r.getLong(2), r.getLong(
						3), r.getLong(4), r.getLong(5), r.getString(6), r.getString(7), containsNan, ColumnStats.geoOf(
								r.getString(9))));
			}
		}
		return out;
	}

	Optional<TableStats> tableStats(long tableId) throws SQLException {
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT record_count, next_row_id,"
				+ " file_size_bytes FROM ducklake_table_stats WHERE table_id = " + tableId)) {
			return r.next() ? Optional.of(new TableStats(tableId, r.getLong(1), r.getLong(2), r.getLong(3)))
					: Optional.empty();
		}
	}

	/** Every row of one of the specification's tables, its {@code columns} as text. */
	List<List<String>> rows(String specTable, java.util.Collection<String> columns) throws SQLException {
		List<List<String>> out = new ArrayList<>();
		try (Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT " + String.join(", ", columns) + " FROM " + specTable)) {
			int n = columns.size();
			while (r.next()) {
				List<String> row = new ArrayList<>(n);
				for (int i = 1; i <= n; i++) {
					row.add(r.getString(i));
				}
				out.add(row);
			}
		}
		return out;
	}
}
