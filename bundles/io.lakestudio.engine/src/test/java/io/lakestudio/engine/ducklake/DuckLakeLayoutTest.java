package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * Partitioned, sorted and commented DuckLake tables on both catalog databases, checked against what the catalog
 * file holds (plain JDBC, after DETACH) and what raw DuckDB reads from each Parquet file the catalog names.
 */
class DuckLakeLayoutTest extends SharedEngineTest {

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void partitionedInsertWritesOneFilePerValueWhereTheExtensionPutsItAndFiltersReadOnlyThose(String kind,
			@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE lake.t(k INTEGER, v VARCHAR)");
			ok(s, "ALTER TABLE lake.t SET PARTITIONED BY (k)");
			ok(s, "INSERT INTO lake.t SELECT i % 3, 'v' || i FROM range(300) r(i)");
			// a filter on the partition column hands DuckDB the one matching file
			assertEquals(1, filesRead(s, "SELECT count(*) FROM lake.t WHERE k = 1"));
			assertEquals(2, filesRead(s, "SELECT count(*) FROM lake.t WHERE k >= 1"));
			assertEquals(3, filesRead(s, "SELECT count(*) FROM lake.t WHERE v LIKE 'v1%'"), "not a partition column");
			// another column prunes by the files' stats: the k = 2 file's smallest v is 'v101', past 'v1'
			assertEquals(2, filesRead(s, "SELECT count(*) FROM lake.t WHERE v = 'v1'"), "by column stats");
			assertEquals(List.of("1"), rows(s, "SELECT count(*) FROM lake.t WHERE v = 'v1'"));
			assertEquals(List.of("100"), rows(s, "SELECT count(*) FROM lake.t WHERE k = 1"));
			// partition evolution: files written before keep their partition; new ones are not partitioned
			ok(s, "ALTER TABLE lake.t RESET PARTITIONED BY");
			ok(s, "INSERT INTO lake.t SELECT i % 3, 'w' || i FROM range(30) r(i)");
			assertEquals(2, filesRead(s, "SELECT count(*) FROM lake.t WHERE k = 1"),
					"the k=1 file and the one written with no partitioning");
			assertEquals(List.of("110"), rows(s, "SELECT count(*) FROM lake.t WHERE k = 1"));
			ok(s, "DETACH lake");
		}
		Path table = data.resolve("main").resolve("t");
		int partitioned = 0;
		try (Connection db = CatalogFiles.open(kind, meta); Statement st = db.createStatement(); ResultSet r = st.executeQuery(
				"SELECT f.path, f.partition_id, v.partition_value, f.record_count, (SELECT partition_id FROM"
						+ " ducklake_partition_info WHERE table_id = f.table_id AND end_snapshot IS NOT NULL) FROM"
						+ " ducklake_data_file f LEFT JOIN ducklake_file_partition_value v USING (data_file_id)"
						+ " ORDER BY f.data_file_id");
				Connection raw = DriverManager.getConnection("jdbc:duckdb:")) {
			while (r.next()) {
				String path = r.getString(1);
				String file = table.resolve(path).toString();
				if (r.getObject(2) == null) {
					assertTrue(path.matches("ducklake-[0-9a-f-]+\\.parquet"), path);
					assertNull(r.getString(3));
					assertEquals(30, count(raw, "SELECT count(*) FROM read_parquet('" + file + "')"));
					continue;
				}
				partitioned++;
				String value = r.getString(3);
				assertEquals(r.getLong(5), r.getLong(2), "written under the partitioning RESET ended");
				assertTrue(path.matches("k=" + value + "/ducklake-[0-9a-f-]+\\.parquet"), path);
				assertEquals(List.of(value), strings(raw, "SELECT DISTINCT k::VARCHAR FROM read_parquet('" + file + "')"),
						"only its partition's rows");
				assertEquals(100, count(raw, "SELECT count(*) FROM read_parquet('" + file + "')"));
				assertEquals(100, r.getLong(4));
			}
		}
		assertEquals(3, partitioned);
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void sortedTableFilesAreSortedByTheKeysAndPartitionedOnesToo(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE lake.t(g INTEGER, v BIGINT)");
			ok(s, "ALTER TABLE lake.t SET SORTED BY (v DESC)");
			ok(s, "INSERT INTO lake.t SELECT i % 2, hash(i) % 1000 FROM range(500) r(i)");
			ok(s, "ALTER TABLE lake.t SET PARTITIONED BY (g)");
			ok(s, "INSERT INTO lake.t SELECT i % 2, hash(i + 7) % 1000 FROM range(500) r(i)");
			ok(s, "DETACH lake");
		}
		try (Connection db = CatalogFiles.open(kind, meta); Statement st = db.createStatement(); ResultSet r = st.executeQuery(
				"SELECT path FROM ducklake_data_file ORDER BY data_file_id");
				Connection raw = DriverManager.getConnection("jdbc:duckdb:")) {
			int files = 0;
			while (r.next()) {
				String file = data.resolve("main").resolve("t").resolve(r.getString(1)).toString();
				List<String> asWritten = strings(raw, "SELECT v::VARCHAR FROM read_parquet('" + file + "')");
				List<String> sorted = strings(raw, "SELECT v::VARCHAR FROM read_parquet('" + file + "') ORDER BY v DESC");
				assertEquals(sorted, asWritten, "rows in file order sorted by v DESC: " + file);
				assertTrue(asWritten.size() >= 250, file);
				files++;
			}
			assertEquals(3, files, "one unpartitioned file, then one per value of g");
			assertEquals(List.of("v|DESC|NULLS_LAST"), strings(db, "SELECT expression || '|' || sort_direction || '|' ||"
					+ " null_order FROM ducklake_sort_expression JOIN ducklake_sort_info USING (sort_id)"
					+ " WHERE end_snapshot IS NULL"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void commentsReadBackAtTheSnapshotsTheyWereMadeAt(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		Path data = dir.resolve("files");
		long first;
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE lake.t(i INTEGER, j VARCHAR)");
			ok(s, "COMMENT ON TABLE lake.t IS 'first words'");
			ok(s, "COMMENT ON COLUMN lake.t.j IS 'the j'");
			first = Long.parseLong(rows(s, "SELECT max(snapshot_id) FROM ducklake_snapshots('lake')").get(0));
			ok(s, "COMMENT ON TABLE lake.t IS 'second words'");
			ok(s, "COMMENT ON COLUMN lake.t.j IS NULL");
			ok(s, "BEGIN");
			ok(s, "COMMENT ON TABLE lake.t IS 'rolled back'");
			assertEquals(List.of("rolled back"), rows(s, "SELECT comment FROM duckdb_tables() WHERE table_name = 't'"));
			ok(s, "ROLLBACK");
			assertEquals(List.of("second words"), rows(s, "SELECT comment FROM duckdb_tables() WHERE table_name = 't'"));
			assertEquals(List.of("null"), rows(s, "SELECT comment FROM duckdb_columns() WHERE table_name = 't' AND"
					+ " column_name = 'j'"));
			ok(s, "DETACH lake");
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS old (DATA_PATH '" + data + "', SNAPSHOT_VERSION " + first
					+ ", READ_ONLY)");
			assertEquals(List.of("first words"), rows(s, "SELECT comment FROM duckdb_tables() WHERE table_name = 't'"));
			assertEquals(List.of("the j"), rows(s, "SELECT comment FROM duckdb_columns() WHERE table_name = 't' AND"
					+ " column_name = 'j'"));
			ok(s, "DETACH old");
		}
		try (Connection db = CatalogFiles.open(kind, meta)) {
			// the catalog holds each comment as the extension does: a 'comment' tag row per version of it
			assertEquals(List.of("first words|" + (first - 1) + "|" + (first + 1), "second words|" + (first + 1) + "|null"),
					strings(db, "SELECT value || '|' || begin_snapshot || '|' || coalesce(CAST(end_snapshot AS VARCHAR), 'null')"
							+ " FROM ducklake_tag WHERE key = 'comment' ORDER BY begin_snapshot"));
			assertEquals(List.of("the j|" + first + "|" + (first + 2)), strings(db, "SELECT value || '|' ||"
					+ " begin_snapshot || '|' || end_snapshot FROM ducklake_column_tag WHERE key = 'comment'"));
		}
	}

	/** "Total Files Read" of the table scan in EXPLAIN ANALYZE: the files handed to DuckDB's read_parquet. */
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

	private static long count(Connection c, String sql) throws Exception {
		try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
			r.next();
			return r.getLong(1);
		}
	}

	private static List<String> strings(Connection c, String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}

	static List<String> rows(EngineSession s, String sql) throws EngineException {
		List<String> out = new ArrayList<>();
		try (Result r = s.execute(sql)) {
			while (r.next()) {
				out.add(String.valueOf(r.text(0)));
			}
		}
		return out;
	}

	static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}
}
