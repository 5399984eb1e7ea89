package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * The {@code bucket(n, col)} partition transform against numbers from outside this code: the Iceberg spec's hash
 * examples (34 hashes to 2017239379, 'iceberg' to 1210000089, DATE 2017-11-16 to -653330422, so their buckets of
 * 16 are 3, 9 and 10) and DuckLake's own test (0 is in bucket 6 of 10), read from the catalog file and the files
 * as plain DuckDB sees them.
 */
class DuckLakeBucketTest extends SharedEngineTest {

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void bucketKeysPutEachRowWhereIcebergsHashSaysAndAnEqualityReadsOnlyItsBucket(String kind, @TempDir Path dir)
			throws Exception {
		Path meta = dir.resolve("lake.db");
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			// a DuckLake 1.0 catalog has no bucket transform; 1.1 has
			ok(s, "ATTACH '" + (kind.equals("sqlite") ? "ducklake:sqlite:" : "ducklake:") + dir.resolve("old.db")
					+ "' AS old (DATA_PATH '" + dir.resolve("old") + "')");
			ok(s, "CREATE TABLE old.t(i INTEGER)");
			EngineException e = assertThrows(EngineException.class, () -> ok(s, "ALTER TABLE old.t SET PARTITIONED BY"
					+ " (bucket(4, i))"));
			assertTrue(e.getMessage().contains("DuckLake 1.0 does not support the bucket partition transform"),
					e.getMessage());
			ok(s, "DETACH old");
			ok(s, "SET ducklake_default_version = '1.1-dev1'");
			ok(s, "ATTACH '" + (kind.equals("sqlite") ? "ducklake:sqlite:" : "ducklake:") + meta + "' AS lake"
					+ " (DATA_PATH '" + data + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE lake.t(i INTEGER, s VARCHAR, d DATE)");
			ok(s, "ALTER TABLE lake.t SET PARTITIONED BY (bucket(16, i), bucket(16, s), bucket(16, d))");
			ok(s, "INSERT INTO lake.t VALUES (34, 'iceberg', DATE '2017-11-16')");
			ok(s, "CREATE TABLE lake.u(i INTEGER)");
			ok(s, "ALTER TABLE lake.u SET PARTITIONED BY (bucket(10, i))");
			ok(s, "INSERT INTO lake.u SELECT i::INT FROM range(0, 200) r(i)");
			assertEquals(1, filesRead(s, "SELECT * FROM lake.u WHERE i = 0"));
			assertEquals(List.of("1"), rows(s, "SELECT count(*) FROM lake.u WHERE i = 0"));
			assertEquals(List.of("2"), rows(s, "SELECT count(*) FROM lake.u WHERE i IN (0, 1)"));
			ok(s, "DETACH lake");
		}
		try (Connection db = kind.equals("sqlite") ? DriverManager.getConnection("jdbc:sqlite:" + meta)
				: DriverManager.getConnection("jdbc:duckdb:" + meta); Statement st = db.createStatement()) {
			assertEquals(List.of("bucket(16)", "bucket(16)", "bucket(16)", "bucket(10)"), strings(st, "SELECT transform"
					+ " FROM ducklake_partition_column ORDER BY partition_id, partition_key_index"));
			assertEquals(List.of("3", "9", "10"), strings(st, "SELECT v.partition_value FROM ducklake_file_partition_value"
					+ " v JOIN ducklake_table t USING (table_id) WHERE t.table_name = 't' ORDER BY partition_key_index"));
			List<String> path = strings(st, "SELECT f.path FROM ducklake_data_file f JOIN ducklake_table t USING"
					+ " (table_id) WHERE t.table_name = 't'");
			assertEquals(1, path.size());
			assertTrue(path.get(0).startsWith("bucket=3/bucket_s=9/bucket_d=10/"), path.get(0));
			List<String> files = strings(st, "SELECT f.path || '|' || v.partition_value FROM ducklake_data_file f JOIN"
					+ " ducklake_file_partition_value v USING (data_file_id) JOIN ducklake_table t ON t.table_id ="
					+ " f.table_id WHERE t.table_name = 'u'");
			assertEquals(10, files.size(), files.toString());
			try (Connection raw = DriverManager.getConnection("jdbc:duckdb:"); Statement r = raw.createStatement()) {
				int zeros = 0;
				for (String f : files) {
					String[] pv = f.split("\\|");
					List<String> zero = strings(r, "SELECT i FROM read_parquet('" + data.resolve("main/u").resolve(pv[0])
							+ "') WHERE i = 0");
					if (!zero.isEmpty()) {
						assertEquals("6", pv[1], "the file holding 0");
						zeros++;
					}
				}
				assertEquals(1, zeros);
			}
		}
	}

	private static int filesRead(EngineSession s, String sql) throws EngineException {
		StringBuilder plan = new StringBuilder();
		try (Result r = s.execute("EXPLAIN ANALYZE " + sql)) {
			while (r.next()) {
				plan.append(r.text(1));
			}
		}
		Matcher m = Pattern.compile("Total Files Read: (\\d+)").matcher(plan);
		assertTrue(m.find(), plan.toString());
		return Integer.parseInt(m.group(1));
	}

	private static List<String> strings(Statement st, String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (ResultSet r = st.executeQuery(sql)) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}

	private static List<String> rows(EngineSession s, String sql) throws EngineException {
		return DuckLakeLayoutTest.rows(s, sql);
	}

	private static void ok(EngineSession s, String sql) throws EngineException {
		DuckLakeLayoutTest.ok(s, sql);
	}
}
