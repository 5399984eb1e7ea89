package io.lakestudio.engine.ducklake;

import static io.lakestudio.engine.ducklake.DuckDbFileCatalogTest.ok;
import static io.lakestudio.engine.ducklake.DuckDbFileCatalogTest.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * The short ways of an INSERT. {@code INSERT INTO t SELECT ...}, which DuckDB writes straight into the table's file
 * with the writer's stats in place of a read of the footer: the stats the catalog keeps are those a plain DuckDB
 * reads from the file's rows and footer, for each type the writer's stats are taken for. Constant rows inlined from
 * one query over the VALUES: read as a plain DuckDB's INSERT of them reads. Either fails as an INSERT does (NOT NULL,
 * the number of columns, a value with no cast) leaving the table and its folder as they were.
 */
class DuckLakeQueryInsertTest extends SharedEngineTest {

	private static final String[][] COLUMNS = { { "t8", "TINYINT", "(i % 100 - 50)::TINYINT" },
			{ "i32", "INTEGER", "CASE WHEN i % 7 = 0 THEN NULL ELSE i - 1500 END" }, { "i64", "BIGINT", "i * 1000003" },
			{ "u64", "UBIGINT", "(i * 7)::UBIGINT" }, { "dec", "DECIMAL(18,2)", "(i / 3.0 - 9)::DECIMAL(18,2)" },
			{ "dbl", "DOUBLE", "CASE WHEN i = 17 THEN 'nan'::DOUBLE ELSE i / 7.0 - 3 END" },
			{ "flt", "FLOAT", "(i / 4.0)::FLOAT" }, { "txt", "VARCHAR", "'näme-' || (i % 13) || '✓'" },
			{ "d", "DATE", "DATE '1999-12-25' + i::INTEGER" }, { "tm", "TIME", "TIME '00:00:01' + INTERVAL (i) SECOND" },
			{ "ts", "TIMESTAMP", "TIMESTAMP '2020-02-28 23:00:00' + INTERVAL (i) MINUTE" },
			{ "tz", "TIMESTAMPTZ", "TIMESTAMPTZ '2021-03-04 05:06:07+00' + INTERVAL (i) HOUR" },
			{ "tns", "TIMESTAMP_NS", "TIMESTAMP_NS '2020-01-01 00:00:00.123456789'" },
			{ "nothing", "INTEGER", "NULL" } };

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void theCatalogsStatsOfTheFileAreThoseOfItsRows(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		Path data = dir.resolve("files");
		List<String> defs = new ArrayList<>();
		List<String> values = new ArrayList<>();
		for (String[] c : COLUMNS) {
			defs.add(c[0] + " " + c[1]);
			values.add(c[2]);
		}
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE lake.t(" + String.join(", ", defs) + ")");
			ok(s, "INSERT INTO lake.t SELECT " + String.join(", ", values) + " FROM range(3000) r(i)");
			ok(s, "DETACH lake");
		}
		Path file = only(data.resolve("main").resolve("t"));
		List<String> expected = new ArrayList<>();
		try (Connection raw = DriverManager.getConnection("jdbc:duckdb:")) {
			try (java.sql.Statement st = raw.createStatement()) {
				st.execute("SET TimeZone = 'UTC'");
			}
			for (int i = 0; i < COLUMNS.length; i++) {
				String c = COLUMNS[i][0];
				String value = COLUMNS[i][1].matches("DOUBLE|FLOAT") ? "CASE WHEN isnan(" + c + ") THEN NULL ELSE " + c
						+ " END" : c;
				String nan = COLUMNS[i][1].matches("DOUBLE|FLOAT") ? "CASE WHEN bool_or(isnan(" + c
						+ ")) THEN 'yes' ELSE 'no' END" : "'none'";
				expected.addAll(DuckLakeMaintenanceTest.jdbc(raw, "SELECT " + (i + 1) + ", min(" + value
						+ ")::VARCHAR, max(" + value + ")::VARCHAR, count(*) FILTER (WHERE " + c + " IS NULL), " + nan
						+ ", (SELECT sum(total_compressed_size) FROM parquet_metadata('" + file + "') WHERE"
						+ " path_in_schema = '" + c + "') FROM read_parquet('" + file + "')"));
			}
		}
		assertEquals(expected, CatalogFiles.rows(kind, meta, "SELECT column_id, min_value, max_value, null_count,"
				+ " CASE WHEN contains_nan IS NULL THEN 'none' WHEN contains_nan THEN 'yes' ELSE 'no' END,"
				+ " column_size_bytes FROM ducklake_file_column_stats ORDER BY column_id"));
		assertEquals(List.of("3000|" + Files.size(file)), CatalogFiles.rows(kind, meta, "SELECT record_count,"
				+ " file_size_bytes FROM ducklake_data_file"));
	}

	@Test
	void aFailingInsertLeavesTheTableAndItsFolderAsTheyWere(@TempDir Path dir) throws Exception {
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("lake.db") + "' AS lake (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE lake.t(i INTEGER NOT NULL, v VARCHAR)");
			ok(s, "INSERT INTO lake.t SELECT i, 'v' || i FROM range(100) r(i)");
			Path folder = data.resolve("main").resolve("t");
			List<Path> before = files(folder);
			assertTrue(message(s, "INSERT INTO lake.t SELECT CASE WHEN i = 50 THEN NULL ELSE i END, 'x' FROM"
					+ " range(100) r(i)").contains("NOT NULL constraint failed"));
			assertTrue(message(s, "INSERT INTO lake.t SELECT i FROM range(100) r(i)").contains(
					"has 2 columns but 1 values were supplied"));
			assertTrue(message(s, "INSERT INTO lake.t SELECT 'many', 'x' FROM range(100)").contains(
					"Could not convert string 'many' to INT32"));
			assertEquals(List.of("100|4950"), rows(s, "SELECT count(*), sum(i) FROM lake.t"));
			assertEquals(before, files(folder));
			assertEquals(List.of(), files(home.resolve("state")).stream().filter(p -> p.toString().endsWith(
					".parquet")).toList(), "no staged file is left");
		}
	}

	@Test
	void fewRowsFromAQueryAreInlinedAndReadInTheirOrder(@TempDir Path dir) throws Exception {
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("lake.db") + "' AS lake (DATA_PATH '" + data
					+ "', DATA_INLINING_ROW_LIMIT 10)");
			ok(s, "CREATE TABLE lake.t(i BIGINT, v VARCHAR, ts TIMESTAMPTZ)");
			ok(s, "INSERT INTO lake.t SELECT i, 'v' || i, TIMESTAMPTZ '2020-01-01 00:00:00+00' + INTERVAL (i) DAY FROM"
					+ " range(5) r(i) ORDER BY i DESC");
			assertEquals(List.of(), rows(s, "SELECT data_file FROM ducklake_list_files('lake', 't')"));
			assertEquals(List.of("4|v4|2020-01-05 00:00:00+00", "3|v3|2020-01-04 00:00:00+00",
					"2|v2|2020-01-03 00:00:00+00", "1|v1|2020-01-02 00:00:00+00", "0|v0|2020-01-01 00:00:00+00"),
					rows(s, "SELECT i, v, ts::VARCHAR FROM lake.t"));
			ok(s, "INSERT INTO lake.t SELECT i, NULL, NULL FROM range(11) r(i)");
			assertEquals(List.of("1"), rows(s, "SELECT count(*) FROM ducklake_list_files('lake', 't')"));
			assertEquals(List.of("16|65"), rows(s, "SELECT count(*), sum(i) FROM lake.t"));
		}
	}

	/**
	 * Constant rows, which are inlined from one query over the VALUES: each value as a plain DuckDB's INSERT of the
	 * same text casts it; a row the INSERT refuses is refused with its error, leaving the table as it was.
	 */
	@Test
	void constantRowsAreCastAsAnInsertCastsThem(@TempDir Path dir) throws Exception {
		String table = "(i INTEGER, d SMALLINT, day DATE, ts TIMESTAMPTZ, f FLOAT, v VARCHAR, n INTEGER NOT NULL"
				+ " DEFAULT 7)";
		String[] inserts = { "VALUES ('12', 2.25, '2020-02-29', '2020-01-01 10:00:00+02', 1e-3, 42, 1)",
				"VALUES (2.5, 1e2, DATE '1999-12-31', TIMESTAMP '2020-01-01 00:00:00', '3.5', NULL, -1),"
						+ " (-2.5, '5', NULL, NULL, NULL, 'it''s', 0)",
				"VALUES (NULL::VARCHAR, -0.04, '2021-01-01'::DATE, '2021-06-01 12:00:00', 2::DOUBLE, 'x'::VARCHAR, 5)",
				"VALUES (3, 3, '2020-01-01', '2020-01-01 00:00:00+00', 3, 'd', DEFAULT)" };
		List<String> expected = new ArrayList<>();
		try (Connection raw = DriverManager.getConnection("jdbc:duckdb:"); java.sql.Statement st = raw
				.createStatement()) {
			st.execute("SET TimeZone = 'UTC'");
			st.execute("CREATE TABLE t" + table);
			for (String values : inserts) {
				st.execute("INSERT INTO t " + values);
			}
			expected.addAll(DuckLakeMaintenanceTest.jdbc(raw, "SELECT i, d, day, ts::VARCHAR, f, v, n FROM t"));
		}
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("lake.db") + "' AS lake (DATA_PATH '" + dir.resolve("files")
					+ "')");
			ok(s, "CREATE TABLE lake.t" + table);
			for (String values : inserts) {
				ok(s, "INSERT INTO lake.t " + values);
			}
			String read = "SELECT i, d, day, ts::VARCHAR, f, v, n FROM lake.t";
			assertEquals(expected, rows(s, read));
			assertEquals(List.of(), rows(s, "SELECT data_file FROM ducklake_list_files('lake', 't')"), "all inlined");
			assertTrue(message(s, "INSERT INTO lake.t VALUES (1, 1, NULL, NULL, NULL, NULL, NULL)").contains(
					"NOT NULL constraint failed"));
			assertTrue(message(s, "INSERT INTO lake.t VALUES (1, 1)").contains("values were supplied"));
			assertTrue(message(s, "INSERT INTO lake.t VALUES ('one', 1, NULL, NULL, NULL, NULL, 1)").contains(
					"Could not convert string 'one' to INT32"));
			assertTrue(message(s, "INSERT INTO lake.t VALUES (1, 123456, NULL, NULL, NULL, NULL, 1)").contains(
					"Conversion Error"));
			assertEquals(expected, rows(s, read), "the refused rows left the table as it was");
		}
	}

	private static String message(EngineSession s, String sql) {
		return assertThrows(EngineException.class, () -> ok(s, sql)).getMessage();
	}

	private static Path only(Path folder) throws Exception {
		List<Path> files = files(folder);
		assertEquals(1, files.size(), files.toString());
		return files.get(0);
	}

	private static List<Path> files(Path folder) throws Exception {
		try (Stream<Path> s = Files.walk(folder)) {
			return s.filter(Files::isRegularFile).sorted().toList();
		}
	}
}
