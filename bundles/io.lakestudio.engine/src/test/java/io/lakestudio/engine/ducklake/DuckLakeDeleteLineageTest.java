package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.engine.EngineSession;

/**
 * Row ids and delete snapshots as DuckLake's extension keeps them, checked against a plain DuckDB over the catalog's
 * Parquet files: an UPDATE's rows keep their row ids (carried in the new file), and a second delete from a file
 * writes one delete file that holds both deletes, each with its snapshot, in place of the first.
 */
class DuckLakeDeleteLineageTest extends SharedEngineTest {

	@Test
	void updatedRowsKeepTheirRowIds() throws Exception {
		Path dir = Files.createDirectories(home.resolve("u"));
		Path meta = dir.resolve("meta.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			attach(s, meta, dir);
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake.t (i INTEGER)");
			DuckLakeSessionTest.ok(s, "INSERT INTO lake.t SELECT range FROM range(10)");
			DuckLakeSessionTest.ok(s, "UPDATE lake.t SET i = i + 100 WHERE i % 2 = 0");
			List<String> got = DuckLakeSessionTest.rows(s, "SELECT rowid, i FROM lake.t ORDER BY rowid");
			assertEquals(List.of("0|100", "1|1", "2|102", "3|3", "4|104", "5|5", "6|106", "7|7", "8|108", "9|9"), got);
			// the updated rows' file carries the ids of the rows they replace
			Path updated = file(dir, query(meta, "SELECT path FROM ducklake_data_file WHERE row_id_start IS NULL"));
			assertEquals(List.of("0|100", "2|102", "4|104", "6|106", "8|108"), duck("SELECT"
					+ " _ducklake_internal_row_id, i FROM read_parquet('" + updated + "') ORDER BY 1"));
		}
	}

	@Test
	void aSecondDeleteKeepsTheFirstWithItsSnapshot() throws Exception {
		Path dir = Files.createDirectories(home.resolve("d"));
		Path meta = dir.resolve("meta.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			attach(s, meta, dir);
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake.t (i INTEGER)");
			DuckLakeSessionTest.ok(s, "INSERT INTO lake.t SELECT range FROM range(10)");
			DuckLakeSessionTest.ok(s, "DELETE FROM lake.t WHERE i = 1");
			long first = Long.parseLong(query(meta, "SELECT max(snapshot_id) FROM ducklake_snapshot"));
			DuckLakeSessionTest.ok(s, "DELETE FROM lake.t WHERE i IN (2, 3)");
			long second = Long.parseLong(query(meta, "SELECT max(snapshot_id) FROM ducklake_snapshot"));
			// one delete file, from the first delete on; the first one's file is scheduled for deletion
			assertEquals(first + "|" + second, query(meta, "SELECT begin_snapshot || '|' || partial_max FROM"
					+ " ducklake_delete_file"));
			assertEquals("1", query(meta, "SELECT count(*) FROM ducklake_files_scheduled_for_deletion"));
			Path data = file(dir, query(meta, "SELECT path FROM ducklake_data_file"));
			Path deletes = file(dir, query(meta, "SELECT path FROM ducklake_delete_file"));
			for (long at : new long[] { first, second }) {
				// the rows of the data file a plain DuckDB reads, minus the deletes of snapshots up to this one
				List<String> want = duck("SELECT i FROM read_parquet('" + data + "', file_row_number = true)"
						+ " WHERE file_row_number NOT IN (SELECT pos FROM read_parquet('" + deletes + "')"
						+ " WHERE coalesce(_ducklake_internal_snapshot_id, " + second + ") <= " + at + ") ORDER BY i");
				assertEquals(want, DuckLakeSessionTest.rows(s, "SELECT i FROM lake.t AT (VERSION => " + at + ")"
						+ " ORDER BY i"));
			}
			assertEquals(List.of("0", "4", "5", "6", "7", "8", "9"), DuckLakeSessionTest.rows(s,
					"SELECT i FROM lake.t ORDER BY i"));
		}
	}

	private static void attach(EngineSession s, Path meta, Path dir) throws Exception {
		DuckLakeSessionTest.ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '" + dir.resolve("files")
				+ "', DATA_INLINING_ROW_LIMIT 0)");
	}

	private static String query(Path meta, String sql) throws Exception {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = c.createStatement();
				ResultSet r = st.executeQuery(sql)) {
			r.next();
			return r.getString(1);
		}
	}

	private static Path file(Path dir, String name) throws Exception {
		try (var all = Files.walk(dir)) {
			return all.filter(p -> p.toString().endsWith(name)).findFirst().orElseThrow();
		}
	}

	private static List<String> duck(String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (Connection d = DriverManager.getConnection("jdbc:duckdb:"); Statement st = d.createStatement();
				ResultSet r = st.executeQuery(sql)) {
			int n = r.getMetaData().getColumnCount();
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= n; i++) {
					row.add(r.getString(i));
				}
				out.add(String.join("|", row));
			}
		}
		return out;
	}
}
