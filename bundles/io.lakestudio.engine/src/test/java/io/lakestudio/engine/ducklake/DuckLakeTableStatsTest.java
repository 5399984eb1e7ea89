package io.lakestudio.engine.ducklake;

import static io.lakestudio.engine.ducklake.DuckDbFileCatalogTest.ok;
import static io.lakestudio.engine.ducklake.DuckDbFileCatalogTest.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineSession;

/**
 * ducklake_table_column_stats as the catalog file holds them (plain JDBC after DETACH) and the Parquet writer
 * options a table's files get (plain DuckDB over the files), beyond what the suite's files cover: a table of more
 * files than are read one by one, values that order differently as numbers and as text, and option values that are
 * not words or numbers.
 */
class DuckLakeTableStatsTest extends SharedEngineTest {

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void columnStatsCoverEveryFileOrderedByTheColumnsType(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + dir.resolve("files") + "')");
			ok(s, "CREATE TABLE lake.t(i INTEGER, v VARCHAR)");
			// twelve files: 9 and 10 are the least and greatest as numbers, not as text
			for (int i = 9; i <= 20; i++) {
				ok(s, "INSERT INTO lake.t VALUES (" + i + ", 'v" + i + "')");
			}
			ok(s, "INSERT INTO lake.t VALUES (NULL, NULL)");
			assertEquals(List.of("9|20|13"), rows(s, "SELECT MIN(i), MAX(i), COUNT(*) FROM lake.t"));
			ok(s, "ALTER TABLE lake.t ADD COLUMN d INTEGER DEFAULT 7");
			ok(s, "INSERT INTO lake.t VALUES (30, 'v30', 100)");
			ok(s, "DETACH lake");
		}
		assertEquals(List.of("1|1|9|30", "2|1|v10|v9", "3|0|7|100"), CatalogFiles.rows(kind, meta, "SELECT column_id,"
				+ " CASE WHEN contains_null THEN 1 ELSE 0 END, min_value, max_value FROM ducklake_table_column_stats"
				+ " ORDER BY column_id"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void parquetOptionsReachTheFilesOnlyAsWordsAndNumbers(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE lake.a(i INTEGER)");
			ok(s, "CREATE TABLE lake.b(i INTEGER)");
			ok(s, "CALL lake.set_option('parquet_compression', 'zstd', table_name => 'a')");
			ok(s, "CALL lake.set_option('parquet_row_group_size', '2048', table_name => 'a')");
			ok(s, "CALL lake.set_option('parquet_compression', 'zstd, FILENAME_PATTERN ''x''', table_name => 'b')");
			ok(s, "INSERT INTO lake.a FROM range(10240)");
			ok(s, "INSERT INTO lake.b FROM range(10240)");
			ok(s, "DETACH lake");
		}
		assertEquals(List.of("ZSTD|5"), footers(data.resolve("main").resolve("a")));
		assertEquals(List.of("SNAPPY|1"), footers(data.resolve("main").resolve("b")), "an option that is no word: left out");
	}

	/**
	 * A VARIANT column's extra_stats keep the shredded fields every file has of one type, merged (the expectations
	 * of the suite's stats/variant_mixed_type_stats.test, and the range of the values inserted); no field left, NULL.
	 * The JSON is read by a plain DuckDB.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aVariantsExtraStatsKeepTheFieldsEveryFileShreddedAlike(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + dir.resolve("files")
					+ "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE lake.primitives(v VARIANT)");
			ok(s, "INSERT INTO lake.primitives SELECT 42::VARIANT");
			ok(s, "INSERT INTO lake.primitives SELECT 'hello'::VARIANT");
			ok(s, "INSERT INTO lake.primitives SELECT 7::VARIANT");
			ok(s, "CREATE TABLE lake.structs(v VARIANT)");
			ok(s, "INSERT INTO lake.structs SELECT {'a': 1, 'b': 'hello'}::VARIANT");
			ok(s, "INSERT INTO lake.structs SELECT {'a': 5, 'b': 100}::VARIANT");
			ok(s, "INSERT INTO lake.structs SELECT {'a': 3, 'b': 7}::VARIANT");
			ok(s, "DETACH lake");
		}
		String stats = "SELECT min_value, max_value, extra_stats FROM ducklake_table_column_stats WHERE table_id = ";
		assertEquals(List.of("null|null|null"), CatalogFiles.rows(kind, meta, stats + 1), "42, 'hello', 7: no type in common");
		List<String> structs = CatalogFiles.rows(kind, meta, stats + 2);
		assertEquals(1, structs.size());
		String json = structs.get(0).split("\\|", 3)[2];
		try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
				ResultSet r = st.executeQuery("SELECT json_array_length(j), j->0->>'field_name', j->0->>'shredded_type',"
						+ " j->0->>'min', j->0->>'max', j->0->>'num_values', j->0->>'null_count' FROM (SELECT '"
						+ json.replace("'", "''") + "'::JSON AS j)")) {
			r.next();
			assertEquals("1|\"a\"|int32|1|5|3|0", r.getString(1) + "|" + r.getString(2) + "|" + r.getString(3) + "|"
					+ r.getString(4) + "|" + r.getString(5) + "|" + r.getString(6) + "|" + r.getString(7),
					"field a (an int32 in every file) over its three values; b (a varchar once) gone: " + json);
		}
	}

	/** The compression and row group count of the folder's one file, as plain DuckDB reads its footer. */
	private static List<String> footers(Path folder) throws Exception {
		Path file;
		try (Stream<Path> files = Files.list(folder)) {
			file = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
		}
		List<String> out = new ArrayList<>();
		try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
				ResultSet r = s.executeQuery("SELECT any_value(compression), count(DISTINCT row_group_id) FROM"
						+ " parquet_metadata('" + file + "')")) {
			while (r.next()) {
				out.add(r.getString(1) + "|" + r.getString(2));
			}
		}
		return out;
	}
}
