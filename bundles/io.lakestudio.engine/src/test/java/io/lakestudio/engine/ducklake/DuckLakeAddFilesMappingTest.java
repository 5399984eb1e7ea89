package io.lakestudio.engine.ducklake;

import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.jdbc;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.ok;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.Lake;

/**
 * ducklake_add_data_files numbers its name mapping as the extension does: the first file's mapping takes the next
 * file id (0) before the file takes its own (1), and a second file of the same columns reuses it, so it is data file
 * 2 (the ids and stats of the suite's add_files/add_files_complex_nested_stats_mre.test). Checked on the catalog file
 * with plain JDBC; the files are written by a plain DuckDB.
 */
class DuckLakeAddFilesMappingTest extends SharedEngineTest {

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void theMappingTakesTheFirstFileIdAndAnIdenticalOneIsReused(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		Path ext = lake.data().resolve("ext"); // inside the data path: what the engine may read
		java.nio.file.Files.createDirectories(ext);
		Path file1 = ext.resolve("file1.parquet");
		Path file2 = ext.resolve("file2.parquet");
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); var st = duck.createStatement()) {
			st.execute("COPY (SELECT [1.0::DOUBLE, 2.0] AS data_array, [{'key': 'status', 'value': 'active'}] AS"
					+ " diagnostics, 100::UINTEGER AS seq_num) TO '" + file1 + "'");
			st.execute("COPY (SELECT [3.0::DOUBLE, 4.0, 5.0] AS data_array, [{'key': 'type', 'value': 'test'},"
					+ " {'key': 'state', 'value': 'running'}] AS diagnostics, 200::UINTEGER AS seq_num) TO '" + file2
					+ "'");
		}
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			ok(s, "CREATE TABLE d.test_table(data_array DOUBLE[], diagnostics STRUCT(\"key\" VARCHAR, \"value\""
					+ " VARCHAR)[], seq_num UINTEGER)");
			ok(s, "CALL ducklake_add_data_files('d', 'test_table', '" + file1 + "')");
			ok(s, "CALL ducklake_add_data_files('d', 'test_table', '" + file2 + "')");
			assertEquals(List.of("100|3", "200|5"), rows(s, "SELECT seq_num, len(data_array) + len(diagnostics)"
					+ " FROM d.test_table ORDER BY seq_num"));
			ok(s, "DETACH d");
		}
		try (Connection c = lake.open()) {
			assertEquals(List.of("1|0", "2|0"), jdbc(c, "SELECT data_file_id, mapping_id FROM ducklake_data_file"
					+ " ORDER BY data_file_id"), "mapping 0 first, then file 1; file 2 reuses the mapping");
			assertEquals(List.of("1"), jdbc(c, "SELECT count(*) FROM ducklake_column_mapping"));
			assertEquals(List.of("3"), jdbc(c, "SELECT max(next_file_id) FROM ducklake_snapshot"));
			assertEquals(List.of("2|1.0|5.0", "5|state|type", "6|active|test", "7|100|200"), jdbc(c,
					"SELECT column_id, min_value, max_value FROM ducklake_table_column_stats ORDER BY column_id"));
		}
	}
}
