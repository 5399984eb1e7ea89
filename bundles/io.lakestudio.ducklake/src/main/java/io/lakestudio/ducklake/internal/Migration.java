package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A catalog written by DuckLake 0.1-0.4 brought to 1.0, and a 1.0 one to 1.1-dev1, as the extension's metadata
 * manager does it (its {@code MigrateV01} ... {@code MigrateV04}, {@code MigrateV10}: each version's added tables
 * and columns, renames, and the rows they need), one description for a SQLite and a DuckDB file. Each change is made only when the catalog lacks it, so a
 * development version (0.3-dev1, 0.4-dev1: part of the next release's tables already there) takes its release's
 * steps too, as the extension's "allow failures" runs do. The caller runs it in one transaction.
 */
final class Migration {

	/** One change: {@code tables} is the catalog's table names to their column names, kept up to date. */
	private interface Step {
		void apply(Connection db, Map<String, Set<String>> tables) throws SQLException;
	}

	/** What one release changed; {@code from} also names the development versions its steps complete. */
	private record Release(List<String> from, String to, List<Step> steps) {
	}

	private static final List<Release> RELEASES = List.of(
			new Release(List.of("0.1"), "0.2", List.of(
					column("ducklake_schema", "path", "VARCHAR DEFAULT ''"),
					column("ducklake_schema", "path_is_relative", "BOOLEAN DEFAULT TRUE"),
					column("ducklake_table", "path", "VARCHAR DEFAULT ''"),
					column("ducklake_table", "path_is_relative", "BOOLEAN DEFAULT TRUE"),
					column("ducklake_metadata", "scope", "VARCHAR"),
					column("ducklake_metadata", "scope_id", "BIGINT"),
					column("ducklake_data_file", "mapping_id", "BIGINT"),
					table("ducklake_column_mapping"),
					table("ducklake_name_mapping"),
					// 0.1 named a partition's column by its place among the table's top-level columns; 0.2 by its id
					sql("UPDATE ducklake_partition_column SET column_id = (SELECT c.column_id FROM ducklake_column c"
							+ " WHERE c.table_id = ducklake_partition_column.table_id AND c.parent_column IS NULL"
							+ " AND c.end_snapshot IS NULL AND (SELECT count(*) FROM ducklake_column o"
							+ " WHERE o.table_id = c.table_id AND o.parent_column IS NULL AND o.end_snapshot IS NULL"
							+ " AND o.column_order < c.column_order) = ducklake_partition_column.column_id)"))),
			new Release(List.of("0.2", "0.3-dev1"), "0.3", List.of(
					column("ducklake_name_mapping", "is_partition", "BOOLEAN DEFAULT FALSE"),
					column("ducklake_snapshot_changes", "author", "VARCHAR"),
					column("ducklake_snapshot_changes", "commit_message", "VARCHAR"),
					column("ducklake_snapshot_changes", "commit_extra_info", "VARCHAR"),
					table("ducklake_schema_versions"),
					// one row per schema version: the snapshot that began it (the catalog's, not yet per table)
					sql("INSERT INTO ducklake_schema_versions (begin_snapshot, schema_version) SELECT * FROM"
							+ " (SELECT min(snapshot_id), schema_version FROM ducklake_snapshot GROUP BY schema_version)"
							+ " WHERE NOT EXISTS (SELECT 1 FROM ducklake_schema_versions)"),
					rename("ducklake_file_column_statistics", "ducklake_file_column_stats"),
					column("ducklake_file_column_stats", "extra_stats", "VARCHAR"),
					column("ducklake_table_column_stats", "extra_stats", "VARCHAR"))),
			new Release(List.of("0.3", "0.4-dev1"), "0.4", List.of(
					table("ducklake_macro"),
					table("ducklake_macro_impl"),
					table("ducklake_macro_parameters"),
					column("ducklake_column", "default_value_type", "VARCHAR DEFAULT 'literal'"),
					sql("UPDATE ducklake_column SET default_value_type = 'literal' WHERE default_value_type IS NULL"),
					column("ducklake_column", "default_value_dialect", "VARCHAR"),
					table("ducklake_sort_info"),
					table("ducklake_sort_expression"),
					table("ducklake_file_variant_stats"),
					column("ducklake_schema_versions", "table_id", "BIGINT"),
					column("ducklake_data_file", "partial_max", "BIGINT"),
					column("ducklake_delete_file", "partial_max", "BIGINT"),
					Migration::partialMax,
					// schema versions per table: each of the catalog's rows for every table alive at its snapshot
					sql("INSERT INTO ducklake_schema_versions (table_id, begin_snapshot, schema_version)"
							+ " SELECT t.table_id, v.begin_snapshot, v.schema_version FROM ducklake_schema_versions v"
							+ " JOIN ducklake_table t ON v.begin_snapshot BETWEEN t.begin_snapshot"
							+ " AND coalesce(t.end_snapshot, v.begin_snapshot) WHERE v.table_id IS NULL"),
					sql("DELETE FROM ducklake_schema_versions WHERE table_id IS NULL"))),
			new Release(List.of("0.4"), SpecTables.V1_0, List.of()),
			new Release(List.of(SpecTables.V1_0), SpecTables.V1_1, List.of(
					// first, so that a clash refuses the migration before anything else is changed
					InlinedColumnNames::rename,
					column("ducklake_data_file", "row_group_count", "BIGINT"),
					column("ducklake_delete_file", "row_group_count", "BIGINT"),
					column("ducklake_file_column_stats", "min_is_exact", "BOOLEAN"),
					column("ducklake_file_column_stats", "max_is_exact", "BOOLEAN"),
					column("ducklake_table_column_stats", "min_is_exact", "BOOLEAN"),
					column("ducklake_table_column_stats", "max_is_exact", "BOOLEAN"),
					table("ducklake_view_column_tag"))));

	private Migration() {
	}

	/** The versions this migrates from. */
	static boolean known(String version) {
		return RELEASES.stream().anyMatch(r -> r.from().contains(version));
	}

	/**
	 * Brings the catalog from {@code version} to {@code target}, on the caller's transaction. {@code tables}: its
	 * table names to their column names, as they are now (updated as it goes).
	 */
	static void run(Connection db, String version, String target, Map<String, Set<String>> tables)
			throws SQLException {
		String v = version;
		for (Release r : RELEASES) {
			if (v.equals(target)) {
				break;
			}
			if (!r.from().contains(v)) {
				continue;
			}
			for (Step s : r.steps()) {
				s.apply(db, tables);
			}
			try (PreparedStatement ps = db.prepareStatement(
					"UPDATE ducklake_metadata SET value = ? WHERE key = 'version'")) {
				ps.setString(1, r.to());
				ps.executeUpdate();
			}
			v = r.to();
		}
		if (!v.equals(target)) {
			throw new SQLException("no migration from DuckLake " + version + " to " + target);
		}
	}

	private static Step column(String table, String column, String typeAndDefault) {
		return (db, tables) -> {
			Set<String> cols = tables.get(table);
			if (cols == null) {
				throw new SQLException("no table " + table + " to add " + column + " to");
			}
			if (cols.add(column)) {
				execute(db, "ALTER TABLE " + table + " ADD COLUMN " + column + " " + typeAndDefault);
			}
		};
	}

	/**
	 * A table that release added, created as the latest version has it (later releases' columns then are there
	 * already; none of the tables a 0.x release added gained a column since).
	 */
	private static Step table(String name) {
		return (db, tables) -> {
			if (!tables.containsKey(name)) {
				execute(db, SpecTables.createStatement(SpecTables.V1_1, name));
				tables.put(name, new HashSet<>(SpecTables.tables(SpecTables.V1_1).get(name).keySet()));
			}
		};
	}

	private static Step rename(String from, String to) {
		return (db, tables) -> {
			if (tables.containsKey(from) && !tables.containsKey(to)) {
				execute(db, "ALTER TABLE " + from + " RENAME TO " + to);
				tables.put(to, tables.remove(from));
			}
		};
	}

	private static Step sql(String statement) {
		return (db, tables) -> execute(db, statement);
	}

	private static final Pattern PARTIAL_MAX = Pattern.compile("partial_max:(\\d+)");

	/** 0.3 kept a compacted file's highest snapshot in the text {@code partial_file_info}; 0.4 in {@code partial_max}. */
	private static void partialMax(Connection db, Map<String, Set<String>> tables) throws SQLException {
		if (!tables.get("ducklake_data_file").contains("partial_file_info")) {
			return;
		}
		List<long[]> found = new ArrayList<>();
		try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("SELECT data_file_id, partial_file_info"
				+ " FROM ducklake_data_file WHERE partial_file_info LIKE '%partial_max:%'")) {
			while (r.next()) {
				Matcher m = PARTIAL_MAX.matcher(r.getString(2));
				if (m.find()) {
					found.add(new long[] { r.getLong(1), Long.parseLong(m.group(1)) });
				}
			}
		}
		try (PreparedStatement ps = db.prepareStatement(
				"UPDATE ducklake_data_file SET partial_max = ? WHERE data_file_id = ?")) {
			for (long[] f : found) {
				ps.setLong(1, f[1]);
				ps.setLong(2, f[0]);
				ps.executeUpdate();
			}
		}
		execute(db, "ALTER TABLE ducklake_data_file DROP COLUMN partial_file_info");
		tables.get("ducklake_data_file").remove("partial_file_info");
	}

	static void execute(Connection db, String sql) throws SQLException {
		try (Statement s = db.createStatement()) {
			s.execute(sql);
		}
	}
}
