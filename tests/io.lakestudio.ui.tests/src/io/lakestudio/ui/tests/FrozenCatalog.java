package io.lakestudio.ui.tests;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.sqlite.SQLiteConfig;

/**
 * A version's frozen catalog read with plain SQLite, as the DuckLake spec lays its tables out, none of Lakestudio's
 * code between: the tables at its latest snapshot, their columns, each live data file's rows and deletes, and the
 * rows and deletes kept in the catalog itself.
 * What a comparison of two versions shows is checked against this.
 */
final class FrozenCatalog {

	/** A table: its columns by name, and its live data files' record counts and delete counts by file id. */
	record Table(Set<String> columns, Map<Long, Long> records, Map<Long, Long> deletes) {

		long rows() {
			return records.values().stream().mapToLong(Long::longValue).sum()
					- deletes.values().stream().mapToLong(Long::longValue).sum();
		}
	}

	final Map<String, Table> tables = new TreeMap<>();

	FrozenCatalog(Path file) throws Exception {
		SQLiteConfig config = new SQLiteConfig();
		config.setReadOnly(true);
		Map<Long, Table> byId = new HashMap<>();
		try (Connection c = new org.sqlite.JDBC().connect("jdbc:sqlite:" + file, config.toProperties());
				Statement s = c.createStatement()) {
			try (ResultSet r = s.executeQuery("SELECT t.table_id, sc.schema_name || '.' || t.table_name FROM"
					+ " ducklake_table t JOIN ducklake_schema sc ON sc.schema_id = t.schema_id AND sc.end_snapshot IS"
					+ " NULL WHERE t.end_snapshot IS NULL")) {
				while (r.next()) {
					Table t = new Table(new LinkedHashSet<>(), new HashMap<>(), new HashMap<>());
					byId.put(r.getLong(1), t);
					tables.put(r.getString(2), t);
				}
			}
			try (ResultSet r = s.executeQuery("SELECT table_id, column_name FROM ducklake_column WHERE end_snapshot"
					+ " IS NULL AND parent_column IS NULL ORDER BY column_order")) {
				while (r.next()) {
					byId.get(r.getLong(1)).columns().add(r.getString(2));
				}
			}
			try (ResultSet r = s.executeQuery("SELECT table_id, data_file_id, record_count FROM ducklake_data_file"
					+ " WHERE end_snapshot IS NULL")) {
				while (r.next()) {
					byId.get(r.getLong(1)).records().put(r.getLong(2), r.getLong(3));
				}
			}
			try (ResultSet r = s.executeQuery("SELECT table_id, data_file_id, delete_count FROM ducklake_delete_file"
					+ " WHERE end_snapshot IS NULL")) {
				while (r.next()) {
					byId.get(r.getLong(1)).deletes().put(r.getLong(2), r.getLong(3));
				}
			}
			inlined(s, byId);
		}
	}

	/**
	 * Rows kept in the catalog (data inlining, on by default): each live inlined row counts as a file of one row
	 * keyed by its negated row id, so a row added or deleted between versions counts as one; a file row deleted
	 * inline ({@code ducklake_inlined_delete_<table>}) counts with that file's deletes.
	 */
	private static void inlined(Statement s, Map<Long, Table> byId) throws java.sql.SQLException {
		Map<String, Long> tables = new TreeMap<>();
		try (ResultSet r = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE"
				+ " 'ducklake_inlined_data_%' OR name LIKE 'ducklake_inlined_delete_%')")) {
			while (r.next()) {
				String name = r.getString(1);
				if (name.matches("ducklake_inlined_(data_\\d+_\\d+|delete_\\d+)")) {
					tables.put(name, Long.parseLong(name.split("_")[3]));
				}
			}
		}
		for (var e : tables.entrySet()) {
			Table t = byId.get(e.getValue());
			if (t == null) {
				continue; // a dropped table's
			}
			boolean data = e.getKey().startsWith("ducklake_inlined_data_");
			try (ResultSet r = s.executeQuery(data
					? "SELECT row_id FROM " + e.getKey() + " WHERE end_snapshot IS NULL"
					: "SELECT file_id, count(*) FROM " + e.getKey() + " GROUP BY file_id")) {
				while (r.next()) {
					if (data) {
						t.records().put(-1 - r.getLong(1), 1L);
					} else {
						t.deletes().merge(r.getLong(1), r.getLong(2), Long::sum);
					}
				}
			}
		}
	}

	/**
	 * The rows {@code b}'s table has that {@code a}'s lacks, and the other way, from the files alone: rows of files
	 * only in b (less their deletes) are added; rows deleted since a from files both have, and the rows of files
	 * only in a, are removed. (Right while no deleted row comes back identical, as in the tests.)
	 */
	static long[] addedRemoved(Table a, Table b) {
		long added = 0;
		long removed = 0;
		for (var f : b.records().entrySet()) {
			long deletedInB = b.deletes().getOrDefault(f.getKey(), 0L);
			if (a.records().containsKey(f.getKey())) {
				removed += deletedInB - a.deletes().getOrDefault(f.getKey(), 0L);
			} else {
				added += f.getValue() - deletedInB;
			}
		}
		for (var f : a.records().entrySet()) {
			if (!b.records().containsKey(f.getKey())) {
				removed += f.getValue() - a.deletes().getOrDefault(f.getKey(), 0L);
			}
		}
		return new long[] { added, removed };
	}
}
