package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.SortSpec;

/**
 * The rows of a commit beside its tables and files: partitionings, sort orders, each new file's partition values,
 * and tags (comments), each a row ended and another begun as the extension keeps them. What a dropped table, view
 * or column had (tags, partitioning, sort order) ends with it.
 */
final class LayoutWriter {

	private final Connection db;
	private final Commit c;
	private final long s;
	private final long shift;

	LayoutWriter(Connection db, Commit c, long snapshot, long fileShift) {
		this.db = db;
		this.c = c;
		this.s = snapshot;
		this.shift = fileShift;
	}

	void write() throws SQLException {
		for (Map.Entry<Long, PartitionSpec> e : c.partitionings.entrySet()) {
			update("UPDATE ducklake_partition_info SET end_snapshot = " + s + " WHERE table_id = " + e.getKey()
					+ " AND end_snapshot IS NULL");
			PartitionSpec p = e.getValue();
			if (p.none() || dropped(p.tableId())) {
				continue;
			}
			update("INSERT INTO ducklake_partition_info VALUES (" + p.id() + ", " + p.tableId() + ", " + s + ", NULL)");
			try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_partition_column VALUES (?, ?, ?, ?, ?)")) {
				for (PartitionSpec.Key k : p.keys()) {
					ps.setLong(1, p.id());
					ps.setLong(2, p.tableId());
					ps.setLong(3, k.index());
					ps.setLong(4, k.columnId());
					ps.setString(5, k.transform());
					ps.executeUpdate();
				}
			}
		}
		for (Map.Entry<Long, SortSpec> e : c.sortings.entrySet()) {
			update("UPDATE ducklake_sort_info SET end_snapshot = " + s + " WHERE table_id = " + e.getKey()
					+ " AND end_snapshot IS NULL");
			SortSpec p = e.getValue();
			if (p.none() || dropped(p.tableId())) {
				continue;
			}
			update("INSERT INTO ducklake_sort_info VALUES (" + p.id() + ", " + p.tableId() + ", " + s + ", NULL)");
			try (PreparedStatement ps = db.prepareStatement(
					"INSERT INTO ducklake_sort_expression VALUES (?, ?, ?, ?, 'duckdb', ?, ?)")) {
				int i = 0;
				for (SortSpec.Key k : p.keys()) {
					ps.setLong(1, p.id());
					ps.setLong(2, p.tableId());
					ps.setLong(3, i++);
					ps.setString(4, k.expression());
					ps.setString(5, k.direction());
					ps.setString(6, k.nullOrder());
					ps.executeUpdate();
				}
			}
		}
		filePartitions();
		tags();
		ended();
	}

	private void filePartitions() throws SQLException {
		try (PreparedStatement up = db.prepareStatement("UPDATE ducklake_data_file SET partition_id = ? WHERE"
				+ " data_file_id = ?"); PreparedStatement ins = db.prepareStatement(
						"INSERT INTO ducklake_file_partition_value VALUES (?, ?, ?, ?)")) {
			for (DataFile f : c.newDataFiles) {
				FilePartition p = c.filePartitions.get(f.id());
				if (p == null) {
					continue;
				}
				up.setLong(1, p.partitionId());
				up.setLong(2, f.id() + shift);
				up.executeUpdate();
				for (int i = 0; i < p.values().size(); i++) {
					ins.setLong(1, f.id() + shift);
					ins.setLong(2, f.tableId());
					ins.setLong(3, i);
					ins.setString(4, p.values().get(i));
					ins.executeUpdate();
				}
			}
		}
	}

	private void tags() throws SQLException {
		try (PreparedStatement end = db.prepareStatement("UPDATE ducklake_tag SET end_snapshot = ? WHERE object_id = ?"
				+ " AND key = ? AND end_snapshot IS NULL"); PreparedStatement ins = db.prepareStatement(
						"INSERT INTO ducklake_tag VALUES (?, ?, NULL, ?, ?)")) {
			for (Map.Entry<Long, Map<String, String>> o : c.tags.entrySet()) {
				if (dropped(o.getKey()) || droppedView(o.getKey())) {
					continue;
				}
				for (Map.Entry<String, String> t : o.getValue().entrySet()) {
					end.setLong(1, s);
					end.setLong(2, o.getKey());
					end.setString(3, t.getKey());
					end.executeUpdate();
					if (t.getValue() != null) {
						ins.setLong(1, o.getKey());
						ins.setLong(2, s);
						ins.setString(3, t.getKey());
						ins.setString(4, t.getValue());
						ins.executeUpdate();
					}
				}
			}
		}
		try (PreparedStatement end = db.prepareStatement("UPDATE ducklake_column_tag SET end_snapshot = ? WHERE"
				+ " table_id = ? AND column_id = ? AND key = ? AND end_snapshot IS NULL");
				PreparedStatement ins = db.prepareStatement("INSERT INTO ducklake_column_tag VALUES (?, ?, ?, NULL, ?, ?)")) {
			for (Map.Entry<Long, Map<Long, Map<String, String>>> t : c.columnTags.entrySet()) {
				for (Map.Entry<Long, Map<String, String>> col : t.getValue().entrySet()) {
					if (dropped(t.getKey()) || droppedView(t.getKey()) || columnGone(t.getKey(), col.getKey())) {
						continue;
					}
					for (Map.Entry<String, String> kv : col.getValue().entrySet()) {
						end.setLong(1, s);
						end.setLong(2, t.getKey());
						end.setLong(3, col.getKey());
						end.setString(4, kv.getKey());
						end.executeUpdate();
						if (kv.getValue() != null) {
							ins.setLong(1, t.getKey());
							ins.setLong(2, col.getKey());
							ins.setLong(3, s);
							ins.setString(4, kv.getKey());
							ins.setString(5, kv.getValue());
							ins.executeUpdate();
						}
					}
				}
			}
		}
	}

	/** What a dropped table, view or column had ends with it. */
	private void ended() throws SQLException {
		Set<Long> tables = new HashSet<>(c.endedTables);
		c.newTables.forEach(t -> tables.remove(t.id()));
		for (long t : tables) {
			update("UPDATE ducklake_tag SET end_snapshot = " + s + " WHERE object_id = " + t + " AND end_snapshot IS NULL");
			update("UPDATE ducklake_column_tag SET end_snapshot = " + s + " WHERE table_id = " + t
					+ " AND end_snapshot IS NULL");
			update("UPDATE ducklake_partition_info SET end_snapshot = " + s + " WHERE table_id = " + t
					+ " AND end_snapshot IS NULL");
			update("UPDATE ducklake_sort_info SET end_snapshot = " + s + " WHERE table_id = " + t
					+ " AND end_snapshot IS NULL");
		}
		Set<Long> views = new HashSet<>(c.endedViews);
		c.newViews.forEach(v -> views.remove(v.id()));
		for (long v : views) {
			update("UPDATE ducklake_tag SET end_snapshot = " + s + " WHERE object_id = " + v + " AND end_snapshot IS NULL");
			update("UPDATE ducklake_column_tag SET end_snapshot = " + s + " WHERE table_id = " + v
					+ " AND end_snapshot IS NULL");
		}
		for (Map.Entry<Long, Set<Long>> e : c.endedColumns.entrySet()) {
			for (long col : e.getValue()) {
				if (columnGone(e.getKey(), col)) {
					update("UPDATE ducklake_column_tag SET end_snapshot = " + s + " WHERE table_id = " + e.getKey()
							+ " AND column_id = " + col + " AND end_snapshot IS NULL");
				}
			}
		}
	}

	/** The table is dropped by this commit (ended, not written again as a rename is). */
	private boolean dropped(long table) {
		return c.endedTables.contains(table) && c.newTables.stream().noneMatch(t -> t.id() == table);
	}

	private boolean droppedView(long view) {
		return c.endedViews.contains(view) && c.newViews.stream().noneMatch(v -> v.id() == view);
	}

	/**
	 * The column is gone after this commit: ended and not written again (as a rename writes it). A column this
	 * commit added counts as there only while it still is.
	 */
	private boolean columnGone(long table, long column) {
		boolean again = c.newColumns.stream().anyMatch(x -> x.tableId() == table && x.id() == column);
		if (again) {
			return false;
		}
		if (c.endedColumns.getOrDefault(table, Set.of()).contains(column)) {
			return true;
		}
		// a view's columns are no catalog rows; a new table's are all in newColumns
		return c.newTables.stream().anyMatch(t -> t.id() == table) && !c.endedTables.contains(table);
	}

	private void update(String sql) throws SQLException {
		try (Statement st = db.createStatement()) {
			st.executeUpdate(sql);
		}
	}
}
