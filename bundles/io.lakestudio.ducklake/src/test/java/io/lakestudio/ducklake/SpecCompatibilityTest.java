package io.lakestudio.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new catalog holds exactly the tables of the DuckLake 1.0 specification, each column with the type the
 * specification gives, and the {@code ducklake_metadata} keys it names. The definitions below are transcribed
 * from the specification's pages, https://ducklake.select/docs/stable/specification/tables/<table> (one page per
 * table, e.g. .../tables/ducklake_data_file), and .../specification/tables/ducklake_metadata for the keys; they
 * are not taken from the code under test. The SQLite file is read with plain JDBC, as any other reader would.
 */
class SpecCompatibilityTest {

	/** Table: "column TYPE, ..." as the specification's "Column name | Column type" tables list them. */
	static final Map<String, String> SPEC = new LinkedHashMap<>();
	static {
		SPEC.put("ducklake_metadata", "key VARCHAR, value VARCHAR, scope VARCHAR, scope_id BIGINT");
		SPEC.put("ducklake_snapshot", "snapshot_id BIGINT, snapshot_time TIMESTAMP WITH TIME ZONE,"
				+ " schema_version BIGINT, next_catalog_id BIGINT, next_file_id BIGINT");
		SPEC.put("ducklake_snapshot_changes", "snapshot_id BIGINT, changes_made VARCHAR, author VARCHAR,"
				+ " commit_message VARCHAR, commit_extra_info VARCHAR");
		SPEC.put("ducklake_schema", "schema_id BIGINT, schema_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT,"
				+ " schema_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN");
		SPEC.put("ducklake_table", "table_id BIGINT, table_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT,"
				+ " schema_id BIGINT, table_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN");
		SPEC.put("ducklake_view", "view_id BIGINT, view_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT,"
				+ " schema_id BIGINT, view_name VARCHAR, dialect VARCHAR, sql VARCHAR, column_aliases VARCHAR");
		SPEC.put("ducklake_column", "column_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, table_id BIGINT,"
				+ " column_order BIGINT, column_name VARCHAR, column_type VARCHAR, initial_default VARCHAR,"
				+ " default_value VARCHAR, nulls_allowed BOOLEAN, parent_column BIGINT, default_value_type VARCHAR,"
				+ " default_value_dialect VARCHAR");
		SPEC.put("ducklake_column_mapping", "mapping_id BIGINT, table_id BIGINT, type VARCHAR");
		SPEC.put("ducklake_name_mapping", "mapping_id BIGINT, column_id BIGINT, source_name VARCHAR,"
				+ " target_field_id BIGINT, parent_column BIGINT, is_partition BOOLEAN");
		SPEC.put("ducklake_column_tag", "table_id BIGINT, column_id BIGINT, begin_snapshot BIGINT,"
				+ " end_snapshot BIGINT, key VARCHAR, value VARCHAR");
		SPEC.put("ducklake_tag", "object_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, key VARCHAR,"
				+ " value VARCHAR");
		SPEC.put("ducklake_data_file", "data_file_id BIGINT, table_id BIGINT, begin_snapshot BIGINT,"
				+ " end_snapshot BIGINT, file_order BIGINT, path VARCHAR, path_is_relative BOOLEAN, file_format VARCHAR,"
				+ " record_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, row_id_start BIGINT,"
				+ " partition_id BIGINT, encryption_key VARCHAR, mapping_id BIGINT, partial_max BIGINT");
		SPEC.put("ducklake_delete_file", "delete_file_id BIGINT, table_id BIGINT, begin_snapshot BIGINT,"
				+ " end_snapshot BIGINT, data_file_id BIGINT, path VARCHAR, path_is_relative BOOLEAN, format VARCHAR,"
				+ " delete_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, encryption_key VARCHAR,"
				+ " partial_max BIGINT");
		SPEC.put("ducklake_file_column_stats", "data_file_id BIGINT, table_id BIGINT, column_id BIGINT,"
				+ " column_size_bytes BIGINT, value_count BIGINT, null_count BIGINT, min_value VARCHAR,"
				+ " max_value VARCHAR, contains_nan BOOLEAN, extra_stats VARCHAR");
		SPEC.put("ducklake_file_variant_stats", "data_file_id BIGINT, table_id BIGINT, column_id BIGINT,"
				+ " variant_path VARCHAR, shredded_type VARCHAR, column_size_bytes BIGINT, value_count BIGINT,"
				+ " null_count BIGINT, min_value VARCHAR, max_value VARCHAR, contains_nan BOOLEAN, extra_stats VARCHAR");
		SPEC.put("ducklake_file_partition_value", "data_file_id BIGINT, table_id BIGINT, partition_key_index BIGINT,"
				+ " partition_value VARCHAR");
		SPEC.put("ducklake_files_scheduled_for_deletion", "data_file_id BIGINT, path VARCHAR,"
				+ " path_is_relative BOOLEAN, schedule_start TIMESTAMP WITH TIME ZONE");
		SPEC.put("ducklake_inlined_data_tables", "table_id BIGINT, table_name VARCHAR, schema_version BIGINT");
		SPEC.put("ducklake_table_stats", "table_id BIGINT, record_count BIGINT, next_row_id BIGINT,"
				+ " file_size_bytes BIGINT");
		SPEC.put("ducklake_table_column_stats", "table_id BIGINT, column_id BIGINT, contains_null BOOLEAN,"
				+ " contains_nan BOOLEAN, min_value VARCHAR, max_value VARCHAR, extra_stats VARCHAR");
		SPEC.put("ducklake_partition_info", "partition_id BIGINT, table_id BIGINT, begin_snapshot BIGINT,"
				+ " end_snapshot BIGINT");
		SPEC.put("ducklake_partition_column", "partition_id BIGINT, table_id BIGINT, partition_key_index BIGINT,"
				+ " column_id BIGINT, transform VARCHAR");
		SPEC.put("ducklake_schema_versions", "begin_snapshot BIGINT, schema_version BIGINT, table_id BIGINT");
		SPEC.put("ducklake_macro", "schema_id BIGINT, macro_id BIGINT, macro_name VARCHAR, begin_snapshot BIGINT,"
				+ " end_snapshot BIGINT");
		SPEC.put("ducklake_macro_impl", "macro_id BIGINT, impl_id BIGINT, dialect VARCHAR, sql VARCHAR, type VARCHAR");
		SPEC.put("ducklake_macro_parameters", "macro_id BIGINT, impl_id BIGINT, column_id BIGINT,"
				+ " parameter_name VARCHAR, parameter_type VARCHAR, default_value VARCHAR, default_value_type VARCHAR");
		SPEC.put("ducklake_sort_info", "sort_id BIGINT, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT");
		SPEC.put("ducklake_sort_expression", "sort_id BIGINT, table_id BIGINT, sort_key_index BIGINT,"
				+ " expression VARCHAR, dialect VARCHAR, sort_direction VARCHAR, null_order VARCHAR");
	}

	/**
	 * What DuckLake 1.1-dev1 adds: .../tables/ducklake_view_column_tag ("View column tags require DuckLake format
	 * version 1.1"), and the columns the extension's development build adds to 1.0's tables when it migrates one
	 * (its V1_1_DEV1_MIGRATION_QUERY: row_group_count BIGINT on data and delete files, min_is_exact and max_is_exact
	 * BOOLEAN on both column stats tables), after each table's last column.
	 */
	static final Map<String, String> SPEC_1_1 = new LinkedHashMap<>(SPEC);
	static {
		SPEC_1_1.merge("ducklake_data_file", ", row_group_count BIGINT", String::concat);
		SPEC_1_1.merge("ducklake_delete_file", ", row_group_count BIGINT", String::concat);
		SPEC_1_1.merge("ducklake_file_column_stats", ", min_is_exact BOOLEAN, max_is_exact BOOLEAN", String::concat);
		SPEC_1_1.merge("ducklake_table_column_stats", ", min_is_exact BOOLEAN, max_is_exact BOOLEAN", String::concat);
		SPEC_1_1.put("ducklake_view_column_tag", "view_id BIGINT, column_name VARCHAR, begin_snapshot BIGINT,"
				+ " end_snapshot BIGINT, key VARCHAR, value VARCHAR");
	}

	@Test
	void aNewCatalogHasEverySpecificationTableAndColumnWithItsType(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("lake.sqlite");
		try (DuckLakeCatalog c = DuckLakeCatalog.open("ducklake:sqlite:" + file,
				AttachOptions.defaults().withDataPath(dir.resolve("files").toString()))) {
			assertEquals(0, c.store().latest().id());
		}
		assertEquals(28, SPEC.size());
		assertEquals(new TreeMap<>(SPEC), tables(file), "tables and columns (in order, with types) as the spec lists them");
	}

	@Test
	void aNewCatalogOf1_1HasWhat1_1Adds(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("lake.sqlite");
		DuckLakeCatalog.open("ducklake:sqlite:" + file, AttachOptions.defaults()
				.withDataPath(dir.resolve("files").toString()).withDefaultVersion("1.1-dev1")).close();
		assertEquals(29, SPEC_1_1.size());
		assertEquals(new TreeMap<>(SPEC_1_1), tables(file), "1.0's tables and columns, then what 1.1-dev1 adds");
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = db.createStatement();
				ResultSet r = s.executeQuery("SELECT value FROM ducklake_metadata WHERE key = 'version'")) {
			assertTrue(r.next());
			assertEquals("1.1-dev1", r.getString(1));
		}
	}

	@Test
	void aVersionThisDoesNotWriteIsRefusedAndWritesNoFile(@TempDir Path dir) {
		for (String[] v : new String[][] { { "2.0", "Unsupported ducklake_version" },
				{ "0.4", "ducklake_version must be >= '1.0'" } }) {
			Path file = dir.resolve("lake-" + v[0] + ".sqlite");
			DuckLakeException e = assertThrows(DuckLakeException.class, () -> DuckLakeCatalog.open(
					"ducklake:sqlite:" + file, AttachOptions.defaults().withVersion(v[0])).close());
			assertTrue(e.getMessage().contains(v[1]), e.getMessage());
			assertFalse(java.nio.file.Files.exists(file), v[0]);
		}
	}

	/** Table name to "column TYPE, ..." as SQLite lists the file's tables. */
	private static Map<String, String> tables(Path file) throws Exception {
		Map<String, String> found = new TreeMap<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = db.createStatement();
				ResultSet r = s.executeQuery("SELECT m.name, group_concat(p.name || ' ' || p.type, ', ')"
						+ " FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'"
						+ " GROUP BY m.name ORDER BY m.name")) {
			while (r.next()) {
				found.put(r.getString(1), r.getString(2));
			}
		}
		return found;
	}

	@Test
	void aNewCatalogHasTheSpecifiedMetadataKeysAndFirstSnapshot(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("lake.sqlite");
		DuckLakeCatalog.open("ducklake:sqlite:" + file,
				AttachOptions.defaults().withDataPath(dir.resolve("files").toString())).close();
		Map<String, String> meta = new TreeMap<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = db.createStatement()) {
			try (ResultSet r = s.executeQuery("SELECT key, value FROM ducklake_metadata WHERE scope IS NULL")) {
				while (r.next()) {
					meta.put(r.getString(1), r.getString(2));
				}
			}
			assertEquals("1.0", meta.get("version"));
			assertEquals("false", meta.get("encrypted"));
			assertEquals(dir.resolve("files") + "/", meta.get("data_path"), "the data path ends in '/'");
			assertTrue(meta.containsKey("created_by"));
			try (ResultSet r = s.executeQuery("SELECT snapshot_id, schema_version, next_catalog_id, next_file_id,"
					+ " snapshot_time FROM ducklake_snapshot")) {
				assertTrue(r.next());
				assertEquals("0 0 1 0", r.getLong(1) + " " + r.getLong(2) + " " + r.getLong(3) + " " + r.getLong(4));
				assertTrue(r.getString(5).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(\\.\\d+)?\\+00"),
						r.getString(5));
			}
			try (ResultSet r = s.executeQuery("SELECT schema_id, schema_name, path, path_is_relative, end_snapshot"
					+ " FROM ducklake_schema")) {
				assertTrue(r.next());
				assertEquals("0 main main/ 1 null", r.getLong(1) + " " + r.getString(2) + " " + r.getString(3) + " "
						+ r.getInt(4) + " " + r.getString(5));
			}
		}
	}
}
