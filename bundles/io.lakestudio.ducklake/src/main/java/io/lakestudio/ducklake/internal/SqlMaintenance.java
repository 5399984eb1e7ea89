package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.ScheduledFile;

/**
 * The catalog side of DuckLake's maintenance calls on a SQL catalog, each inside the store's transaction: expiring
 * snapshots (their rows go, and every row no kept snapshot sees, its files scheduled for deletion), the files
 * scheduled for deletion, and every file the catalog names (what orphan removal must keep).
 */
final class SqlMaintenance {

	/** The rows a snapshot range names, by table and the id column that names them. */
	private static final String[][] VERSIONED = { { "ducklake_schema" }, { "ducklake_table" }, { "ducklake_view" },
			{ "ducklake_column" }, { "ducklake_tag" }, { "ducklake_column_tag" }, { "ducklake_partition_info" },
			{ "ducklake_sort_info" }, { "ducklake_macro" } };

	/** No kept snapshot lies in the row's [begin, end). */
	private static final String DEAD = " end_snapshot IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ducklake_snapshot s"
			+ " WHERE s.snapshot_id >= x.begin_snapshot AND s.snapshot_id < x.end_snapshot)";

	/** A file's path relative to the data path: its schema's and table's folders first. */
	private static final String FOLDERS = "(SELECT min(s.path) FROM ducklake_schema s WHERE s.schema_id ="
			+ " (SELECT min(t.schema_id) FROM ducklake_table t WHERE t.table_id = x.table_id)),"
			+ " (SELECT min(t.path) FROM ducklake_table t WHERE t.table_id = x.table_id)";

	private final Connection db;

	SqlMaintenance(Connection db) {
		this.db = db;
	}

	List<FileLineage> lineage(long tableId) throws SQLException {
		List<FileLineage> out = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT data_file_id, begin_snapshot,"
				+ " row_id_start, partial_max FROM ducklake_data_file WHERE table_id = " + tableId
				+ " AND (row_id_start IS NULL OR partial_max IS NOT NULL)")) {
			while (r.next()) {
				long start = r.getLong(3);
				Long rowIdStart = r.wasNull() ? null : start;
				long max = r.getLong(4);
				// wasNull() right after the read it asks about: in the constructor's arguments it would follow
				// getLong(2) and see begin_snapshot, so a NULL partial_max read as 0
				Long partialMax = r.wasNull() ? null : max;
				out.add(new FileLineage(r.getLong(1), r.getLong(2), rowIdStart, partialMax));
			}
		}
		return out;
	}

	java.util.Map<Long, java.util.Map<Long, String>> nameMappings(long tableId) throws SQLException {
		java.util.Map<Long, java.util.Map<Long, String>> out = new java.util.HashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT f.data_file_id, n.column_id,"
				+ " n.source_name FROM ducklake_data_file f JOIN ducklake_name_mapping n ON n.mapping_id = f.mapping_id"
				+ " WHERE f.table_id = " + tableId + " AND n.parent_column IS NULL")) {
			while (r.next()) {
				out.computeIfAbsent(r.getLong(1), k -> new java.util.HashMap<>()).put(r.getLong(2), r.getString(3));
			}
		}
		return out;
	}

	java.util.Map<Long, java.util.Set<Long>> hivePartitionColumns(long tableId) throws SQLException {
		java.util.Map<Long, java.util.Set<Long>> out = new java.util.HashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT f.data_file_id, n.column_id"
				+ " FROM ducklake_data_file f JOIN ducklake_name_mapping n ON n.mapping_id = f.mapping_id WHERE"
				+ " f.table_id = " + tableId + " AND n.parent_column IS NULL AND CAST(n.is_partition AS INTEGER) = 1")) {
			while (r.next()) {
				out.computeIfAbsent(r.getLong(1), k -> new java.util.HashSet<>()).add(r.getLong(2));
			}
		}
		return out;
	}

	/** Writes a new name mapping ({@code map_by_name}) of a table's files under its id. */
	void writeMapping(io.lakestudio.ducklake.NameMaps.NameMap m) throws SQLException {
		update("INSERT INTO ducklake_column_mapping VALUES (" + m.id() + ", " + m.tableId() + ", 'map_by_name')");
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_name_mapping VALUES (?, ?, ?, ?, NULL, ?)")) {
			for (java.util.Map.Entry<Long, String> e : new java.util.TreeMap<>(m.columns()).entrySet()) {
				ps.setLong(1, m.id());
				ps.setLong(2, e.getKey());
				ps.setString(3, e.getValue());
				ps.setLong(4, e.getKey());
				ps.setInt(5, m.hive().contains(e.getKey()) ? 1 : 0);
				ps.executeUpdate();
			}
		}
	}

	/** The catalog's flat {@code map_by_name} mappings, the ones a file registered now may reuse. */
	List<io.lakestudio.ducklake.NameMaps.NameMap> columnMappings() throws SQLException {
		java.util.Map<Long, Long> tables = new java.util.HashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT mapping_id, table_id FROM"
				+ " ducklake_column_mapping WHERE type = 'map_by_name'")) {
			while (r.next()) {
				tables.put(r.getLong(1), r.getLong(2));
			}
		}
		List<Object[]> rows = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT mapping_id, column_id,"
				+ " source_name, target_field_id, parent_column, CAST(is_partition AS INTEGER) FROM"
				+ " ducklake_name_mapping")) {
			while (r.next()) {
				long target = r.getLong(4);
				Long targetId = r.wasNull() ? null : target;
				long parent = r.getLong(5);
				Long parentId = r.wasNull() ? null : parent;
				rows.add(new Object[] { r.getLong(1), r.getLong(2), r.getString(3), targetId, parentId,
						r.getInt(6) == 1 });
			}
		}
		return io.lakestudio.ducklake.NameMaps.flat(tables, rows);
	}

	/** Removes the snapshots' rows and the rows no kept snapshot sees; schedules the files of those rows. */
	void expire(Collection<Long> ids, Instant now) throws SQLException {
		String in = ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
		update("DELETE FROM ducklake_snapshot WHERE snapshot_id IN (" + in + ")");
		update("DELETE FROM ducklake_snapshot_changes WHERE snapshot_id IN (" + in + ")");
		schedule("ducklake_data_file", "data_file_id", now);
		schedule("ducklake_delete_file", "delete_file_id", now);
		for (String[] t : VERSIONED) {
			update("DELETE FROM " + t[0] + " AS x WHERE" + DEAD);
		}
		// the rows that hang off a removed row go with it
		update("DELETE FROM ducklake_partition_column WHERE partition_id NOT IN (SELECT partition_id FROM"
				+ " ducklake_partition_info)");
		update("DELETE FROM ducklake_sort_expression WHERE sort_id NOT IN (SELECT sort_id FROM ducklake_sort_info)");
		update("DELETE FROM ducklake_macro_impl WHERE macro_id NOT IN (SELECT macro_id FROM ducklake_macro)");
		update("DELETE FROM ducklake_macro_parameters WHERE macro_id NOT IN (SELECT macro_id FROM ducklake_macro)");
	}

	private void schedule(String table, String idColumn, Instant now) throws SQLException {
		List<ScheduledFile> dead = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT " + idColumn + ", path,"
				+ " path_is_relative, " + FOLDERS + " FROM " + table + " AS x WHERE" + DEAD)) {
			while (r.next()) {
				boolean relative = r.getBoolean(3);
				String path = relative ? nz(r.getString(4)) + nz(r.getString(5)) + r.getString(2) : r.getString(2);
				dead.add(new ScheduledFile(r.getLong(1), path, relative, now));
			}
		}
		try (PreparedStatement ps = db.prepareStatement(SCHEDULE)) {
			for (ScheduledFile f : dead) {
				writeScheduled(ps, f, now);
				update("DELETE FROM " + table + " WHERE " + idColumn + " = " + f.dataFileId());
				if (table.equals("ducklake_data_file")) {
					update("DELETE FROM ducklake_file_column_stats WHERE data_file_id = " + f.dataFileId());
					update("DELETE FROM ducklake_file_variant_stats WHERE data_file_id = " + f.dataFileId());
					update("DELETE FROM ducklake_file_partition_value WHERE data_file_id = " + f.dataFileId());
				}
			}
		}
	}

	List<ScheduledFile> scheduled() throws SQLException {
		List<ScheduledFile> out = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT data_file_id, path,"
				+ " path_is_relative, schedule_start FROM ducklake_files_scheduled_for_deletion ORDER BY data_file_id")) {
			while (r.next()) {
				out.add(new ScheduledFile(r.getLong(1), r.getString(2), r.getBoolean(3), Times.parse(r.getString(4))));
			}
		}
		return out;
	}

	void forget(Collection<Long> ids) throws SQLException {
		if (!ids.isEmpty()) {
			update("DELETE FROM ducklake_files_scheduled_for_deletion WHERE data_file_id IN ("
					+ ids.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")");
		}
	}

	/** Every file any row names (data, delete, scheduled), absolute: relative ones under {@code dataPath}. */
	Set<String> named(String dataPath) throws SQLException {
		Set<String> out = new LinkedHashSet<>();
		for (String t : new String[] { "ducklake_data_file", "ducklake_delete_file" }) {
			try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT path, path_is_relative, "
					+ FOLDERS + " FROM " + t + " AS x")) {
				while (r.next()) {
					out.add(r.getBoolean(2) ? dataPath + nz(r.getString(3)) + nz(r.getString(4)) + r.getString(1)
							: r.getString(1));
				}
			}
		}
		for (ScheduledFile f : scheduled()) {
			out.add(f.relative() ? dataPath + f.path() : f.path());
		}
		return out;
	}

	private static String nz(String s) {
		return s == null ? "" : s;
	}

	private void update(String sql) throws SQLException {
		try (Statement st = db.createStatement()) {
			st.executeUpdate(sql);
		}
	}

	/** The statement {@link #writeScheduled} fills in. */
	static final String SCHEDULE = "INSERT INTO ducklake_files_scheduled_for_deletion VALUES (?, ?, ?, ?)";

	/** {@code f} scheduled for deletion as of {@code now}: its row in ducklake_files_scheduled_for_deletion. */
	static void writeScheduled(PreparedStatement ps, ScheduledFile f, Instant now) throws SQLException {
		ps.setLong(1, f.dataFileId());
		ps.setString(2, f.path());
		ps.setInt(3, f.relative() ? 1 : 0);
		ps.setString(4, Times.format(now));
		ps.executeUpdate();
	}
}
