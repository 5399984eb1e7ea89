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
 * code between: the tables at its latest snapshot, their columns, and each live data file's rows and deletes.
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
			if (inlined(s)) {
				throw new IllegalStateException(file + " has inlined rows: this reading counts files only");
			}
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
		}
	}

	private static boolean inlined(Statement s) throws java.sql.SQLException {
		try (ResultSet r = s.executeQuery("SELECT 1 FROM sqlite_master WHERE name = 'ducklake_inlined_data_tables'")) {
			if (!r.next()) {
				return false;
			}
		}
		try (ResultSet r = s.executeQuery("SELECT 1 FROM ducklake_inlined_data_tables")) {
			return r.next();
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
