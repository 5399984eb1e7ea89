package io.lakestudio.engine.ducklake;

import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.jdbc;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.ok;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.Lake;

/**
 * ducklake_rewrite_data_files cuts an oversized file into files of about target_file_size where the extension does:
 * its writer closes row groups of whole vectors (2048 source rows less the deleted ones), so a file with every tenth
 * row deleted and parquet_row_group_size 2000 rotates into 5 files, not 9 (the numbers of the suite's
 * rewrite_data_files/test_rewrite_target_file_size_rotation.test). The rows and row ids are checked by a plain DuckDB
 * over the files the catalog names.
 */
class DuckLakeRewriteRotationTest extends SharedEngineTest {

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void anOversizedFileRotatesIntoTheExtensionsFiveFiles(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach().replace("')", "', DATA_INLINING_ROW_LIMIT 0)"));
			ok(s, "CALL d.set_option('parquet_compression', 'uncompressed')");
			ok(s, "CREATE TABLE d.t(id BIGINT, payload VARCHAR)");
			ok(s, "INSERT INTO d.t SELECT i, repeat(md5(i::VARCHAR), 4) FROM range(20000) t(i)");
			ok(s, "DELETE FROM d.t WHERE id % 10 = 0");
			ok(s, "CALL d.set_option('parquet_row_group_size', '2000')");
			ok(s, "CALL d.set_option('target_file_size', '64KB')");
			assertEquals(List.of("1|5"), rows(s, "SELECT sum(files_processed), sum(files_created) FROM"
					+ " ducklake_rewrite_data_files('d', 't', delete_threshold => 0)"));
			assertEquals(List.of("180000000|180000000"), rows(s, "SELECT sum(id), sum(rowid) FROM d.t"));
			ok(s, "DETACH d");
		}
		List<String> files;
		try (Connection c = lake.open()) {
			files = jdbc(c, "SELECT path FROM ducklake_data_file WHERE end_snapshot IS NULL");
			assertEquals(List.of("true"), jdbc(c, "SELECT CASE WHEN max(file_size_bytes) < 1000000 THEN 'true' END FROM ducklake_data_file"
					+ " WHERE end_snapshot IS NULL"), "every file of about the target, not one of 2.6 MB");
		}
		assertEquals(5, files.size());
		List<String> paths = new ArrayList<>();
		for (String f : files) {
			paths.add("'" + lake.data().resolve("main/t").resolve(f) + "'");
		}
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
			assertEquals(List.of("18000|180000000|180000000"), jdbc(duck, "SELECT count(*), sum(id),"
					+ " sum(_ducklake_internal_row_id) FROM read_parquet([" + String.join(", ", paths) + "])"),
					"the live rows, each with its own row id");
		}
	}
}
