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

import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.SortSpec;

/** Reads partitionings, sort orders, file partition values and tags from a SQL catalog (for {@link SqlStore}). */
final class LayoutRows {

	/** One read, for {@link SqlStore}, which words its failure. */
	interface Read<T> {
		T from(LayoutRows rows) throws SQLException;
	}

	private final Connection db;

	LayoutRows(Connection db) {
		this.db = db;
	}

	/** The options of scope {@code scope} ({@code table} or {@code schema}) set on the object {@code id}. */
	Map<String, String> options(String scope, long id) throws SQLException {
		Map<String, String> out = new LinkedHashMap<>();
		try (java.sql.PreparedStatement ps = db.prepareStatement("SELECT key, value FROM ducklake_metadata"
				+ " WHERE scope = ? AND scope_id = ?")) {
			ps.setString(1, scope);
			ps.setLong(2, id);
			try (ResultSet r = ps.executeQuery()) {
				while (r.next()) {
					out.put(r.getString(1), r.getString(2));
				}
			}
		}
		return out;
	}

	/** Outside the snapshot protocol, as the catalog's own options: one transaction, last write wins. */
	void setOption(String scope, long id, String key, String value) throws SQLException {
		Sqlite.transaction(db, () -> {
			try (java.sql.PreparedStatement del = db.prepareStatement("DELETE FROM ducklake_metadata WHERE key = ? AND"
					+ " scope = ? AND scope_id = ?"); java.sql.PreparedStatement ins = db.prepareStatement(
							"INSERT INTO ducklake_metadata (key, value, scope, scope_id) VALUES (?, ?, ?, ?)")) {
				del.setString(1, key);
				del.setString(2, scope);
				del.setLong(3, id);
				del.executeUpdate();
				ins.setString(1, key);
				ins.setString(2, value);
				ins.setString(3, scope);
				ins.setLong(4, id);
				ins.executeUpdate();
			}
		});
	}

	private static String visible(long s) {
		return " begin_snapshot <= " + s + " AND (end_snapshot IS NULL OR end_snapshot > " + s + ")";
	}

	Optional<PartitionSpec> partitioning(long table, long snapshot) throws SQLException {
		Long id = null;
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT partition_id FROM"
				+ " ducklake_partition_info WHERE table_id = " + table + " AND" + visible(snapshot)
				+ " ORDER BY begin_snapshot DESC LIMIT 1")) {
			if (r.next()) {
				id = r.getLong(1);
			}
		}
		return id == null ? Optional.empty() : Optional.ofNullable(partitionings(table).get(id));
	}

	Map<Long, PartitionSpec> partitionings(long table) throws SQLException {
		Map<Long, List<PartitionSpec.Key>> keys = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT partition_id,"
				+ " partition_key_index, column_id, transform FROM ducklake_partition_column WHERE table_id = " + table
				+ " ORDER BY partition_id, partition_key_index")) {
			while (r.next()) {
				keys.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(new PartitionSpec.Key(r.getInt(2),
						r.getLong(3), r.getString(4)));
			}
		}
		Map<Long, PartitionSpec> out = new LinkedHashMap<>();
		keys.forEach((id, k) -> out.put(id, new PartitionSpec(id, table, List.copyOf(k))));
		return out;
	}

	Map<Long, FilePartition> filePartitions(long table) throws SQLException {
		Map<Long, Long> spec = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT data_file_id, partition_id"
				+ " FROM ducklake_data_file WHERE table_id = " + table + " AND partition_id IS NOT NULL")) {
			while (r.next()) {
				spec.put(r.getLong(1), r.getLong(2));
			}
		}
		Map<Long, List<String>> values = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT data_file_id,"
				+ " partition_key_index, partition_value FROM ducklake_file_partition_value WHERE table_id = " + table
				+ " ORDER BY data_file_id, partition_key_index")) {
			while (r.next()) {
				List<String> v = values.computeIfAbsent(r.getLong(1), k -> new ArrayList<>());
				int i = r.getInt(2);
				while (v.size() <= i) {
					v.add(null);
				}
				v.set(i, r.getString(3));
			}
		}
		Map<Long, FilePartition> out = new LinkedHashMap<>();
		spec.forEach((file, id) -> out.put(file, new FilePartition(id, values.getOrDefault(file, List.of()))));
		return out;
	}

	Optional<SortSpec> sorting(long table, long snapshot) throws SQLException {
		Long id = null;
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT sort_id FROM ducklake_sort_info"
				+ " WHERE table_id = " + table + " AND" + visible(snapshot) + " ORDER BY begin_snapshot DESC LIMIT 1")) {
			if (r.next()) {
				id = r.getLong(1);
			}
		}
		if (id == null) {
			return Optional.empty();
		}
		List<SortSpec.Key> keys = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT expression, sort_direction,"
				+ " null_order FROM ducklake_sort_expression WHERE sort_id = " + id + " AND table_id = " + table
				+ " ORDER BY sort_key_index")) {
			while (r.next()) {
				keys.add(new SortSpec.Key(r.getString(1), r.getString(2), r.getString(3)));
			}
		}
		return Optional.of(new SortSpec(id, table, List.copyOf(keys)));
	}

	Map<String, String> tags(long object, long snapshot) throws SQLException {
		Map<String, String> out = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT key, value FROM ducklake_tag"
				+ " WHERE object_id = " + object + " AND" + visible(snapshot) + " ORDER BY begin_snapshot")) {
			while (r.next()) {
				out.put(r.getString(1), r.getString(2));
			}
		}
		return out;
	}

	Map<Long, Map<String, String>> columnTags(long table, long snapshot) throws SQLException {
		Map<Long, Map<String, String>> out = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT column_id, key, value FROM"
				+ " ducklake_column_tag WHERE table_id = " + table + " AND" + visible(snapshot)
				+ " ORDER BY begin_snapshot")) {
			while (r.next()) {
				out.computeIfAbsent(r.getLong(1), k -> new LinkedHashMap<>()).put(r.getString(2), r.getString(3));
			}
		}
		return out;
	}

	Map<String, Map<String, String>> viewColumnTags(long view, long snapshot) throws SQLException {
		Map<String, Map<String, String>> out = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT column_name, key, value FROM"
				+ " ducklake_view_column_tag WHERE view_id = " + view + " AND" + visible(snapshot)
				+ " ORDER BY begin_snapshot")) {
			while (r.next()) {
				out.computeIfAbsent(r.getString(1), k -> new LinkedHashMap<>()).put(r.getString(2), r.getString(3));
			}
		}
		return out;
	}
}
