package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * Data inlining on both catalogs, checked with plain JDBC on the catalog file and a plain DuckDB on the files it
 * names: small inserts and deletes go into the catalog's {@code ducklake_inlined_data_<table>_<version>} and
 * {@code ducklake_inlined_delete_<table>} as the extension keeps them (no file written), reads and time travel see
 * them, and {@code ducklake_flush_inlined_data} moves them into files without changing what any snapshot shows.
 */
class DuckLakeInliningTest extends SharedEngineTest {

	private static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}

	private static List<String> rows(EngineSession s, String sql) throws EngineException {
		List<String> out = new ArrayList<>();
		try (io.lakestudio.engine.Result r = s.execute(sql)) {
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 0; i < r.columnNames().size(); i++) {
					row.add(String.valueOf(r.text(i)));
				}
				out.add(String.join("|", row));
			}
		}
		return out;
	}

	private static List<String> jdbc(Connection c, String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
			int n = r.getMetaData().getColumnCount();
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= n; i++) {
					row.add(String.valueOf(r.getString(i)));
				}
				out.add(String.join("|", row));
			}
		}
		return out;
	}

	/** The live rows of main.t as {@code i|s}, read by a plain DuckDB from the files the catalog names. */
	private static Set<String> rawRows(String kind, Path meta, Path data) throws Exception {
		List<String> files;
		try (Connection c = open(kind, meta)) {
			files = jdbc(c, "SELECT f.path, (SELECT d.path FROM ducklake_delete_file d WHERE d.data_file_id ="
					+ " f.data_file_id AND d.end_snapshot IS NULL) FROM ducklake_data_file f WHERE f.end_snapshot IS NULL");
		}
		Set<String> out = new TreeSet<>();
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
			for (String f : files) {
				String[] p = f.split("\\|");
				String minus = p[1].equals("null") ? "" : " WHERE file_row_number NOT IN (SELECT pos FROM read_parquet('"
						+ data.resolve("main/t").resolve(p[1]) + "'))";
				out.addAll(jdbc(duck, "SELECT i, s FROM read_parquet('" + data.resolve("main/t").resolve(p[0])
						+ "', file_row_number = true)" + minus));
			}
		}
		return out;
	}

	private static Connection open(String kind, Path meta) throws Exception {
		return DriverManager.getConnection((kind.equals("sqlite") ? "jdbc:sqlite:" : "jdbc:duckdb:") + meta);
	}

	private static long filesUnder(Path dir) throws Exception {
		if (!Files.isDirectory(dir)) {
			return 0;
		}
		try (java.util.stream.Stream<Path> w = Files.walk(dir)) {
			return w.filter(Files::isRegularFile).count();
		}
	}

	private static Set<String> sorted(List<String> rows) {
		return new TreeSet<>(rows);
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void smallInsertsAndDeletesAreKeptInTheCatalogAndAFlushMovesThemIntoFiles(String kind, @TempDir Path dir)
			throws Exception {
		Path meta = dir.resolve(kind.equals("sqlite") ? "lake.sqlite" : "lake.ducklake");
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			String attach = "ATTACH 'ducklake:" + (kind.equals("sqlite") ? "sqlite:" : "") + meta + "' AS d (DATA_PATH '"
					+ data + "', DATA_INLINING_ROW_LIMIT 10)";
			ok(s, attach);
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)"); // snapshot 1
			ok(s, "INSERT INTO d.t VALUES (1, 'a'), (2, NULL), (3, 'it''s')"); // 2: inlined
			assertEquals(0, filesUnder(data), "no file for an inlined insert");
			ok(s, "DETACH d"); // a DuckDB catalog file is read by a second instance only once the first let it go
			try (Connection c = open(kind, meta)) {
				assertEquals(List.of("1|ducklake_inlined_data_1_1|1"), jdbc(c,
						"SELECT table_id, table_name, schema_version FROM ducklake_inlined_data_tables"));
				assertEquals(List.of("0|2|null|1|a", "1|2|null|2|null", "2|2|null|3|it's"), jdbc(c,
						"SELECT row_id, begin_snapshot, end_snapshot, i, s FROM ducklake_inlined_data_1_1 ORDER BY row_id"));
			}
			ok(s, attach);
			ok(s, "DELETE FROM d.t WHERE i = 2"); // 3: the inlined row ends
			ok(s, "DETACH d"); // a DuckDB catalog file is read by a second instance only once the first let it go
			try (Connection c = open(kind, meta)) {
				assertEquals(List.of("1|3"), jdbc(c,
						"SELECT row_id, end_snapshot FROM ducklake_inlined_data_1_1 WHERE end_snapshot IS NOT NULL"));
			}
			ok(s, attach);
			assertEquals(Set.of("1|a", "3|it's"), sorted(rows(s, "SELECT i, s FROM d.t")));
			assertEquals(Set.of("1|a", "2|null", "3|it's"), sorted(rows(s, "SELECT i, s FROM d.t AT (VERSION => 2)")));

			ok(s, "INSERT INTO d.t SELECT 100 + x, 'f' FROM range(20) r(x)"); // 4: over the limit, a data file
			ok(s, "DELETE FROM d.t WHERE i = 105"); // 5: a file row's delete, inlined
			ok(s, "DETACH d"); // a DuckDB catalog file is read by a second instance only once the first let it go
			try (Connection c = open(kind, meta)) {
				assertEquals(List.of("0"), jdbc(c, "SELECT count(*) FROM ducklake_delete_file"));
				assertEquals(List.of("5|5"), jdbc(c, "SELECT row_id, begin_snapshot FROM ducklake_inlined_delete_1"));
			}
			ok(s, attach);
			Set<String> before = sorted(rows(s, "SELECT i, s FROM d.t"));
			assertEquals(21, before.size());
			assertTrue(!before.contains("105|f") && before.contains("104|f"), before.toString());

			assertEquals(List.of("main|t|2"), rows(s,
					"SELECT schema_name, table_name, rows_flushed FROM ducklake_flush_inlined_data('d')")); // 6
			ok(s, "DETACH d"); // a DuckDB catalog file is read by a second instance only once the first let it go
			try (Connection c = open(kind, meta)) {
				assertEquals(List.of("0"), jdbc(c, "SELECT count(*) FROM ducklake_inlined_data_1_1 WHERE end_snapshot"
						+ " IS NULL"));
				assertEquals(List.of("0"), jdbc(c, "SELECT count(*) FROM ducklake_inlined_delete_1"));
				// the inlined row deleted at 3 goes into the file too, deleted from 3 on, as the extension flushes it
				assertEquals(List.of("1|3", "1|5"), jdbc(c, "SELECT delete_count, begin_snapshot FROM ducklake_delete_file"
						+ " ORDER BY begin_snapshot"));
			}
			// the files alone, read by a plain DuckDB, hold what the table showed before the flush
			assertEquals(before, rawRows(kind, meta, data));
			ok(s, attach);
			assertEquals(before, sorted(rows(s, "SELECT i, s FROM d.t")));
			assertEquals(Set.of("1|a", "2|null", "3|it's"), sorted(rows(s, "SELECT i, s FROM d.t AT (VERSION => 2)")));
			assertEquals(before, sorted(rows(s, "SELECT i, s FROM d.t AT (VERSION => 5)")));
		}
	}

	/**
	 * DuckLake 1.0 inlines by default (a row limit of 10): a fresh attach with no option keeps a 3-row insert in the
	 * catalog and writes no file; DATA_INLINING_ROW_LIMIT 0 turns it off, so the same insert writes a Parquet file.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aFreshAttachInlinesSmallInsertsByDefaultAndALimitOfZeroWritesAFile(String kind, @TempDir Path dir)
			throws Exception {
		for (boolean off : new boolean[] { false, true }) {
			Path meta = dir.resolve((off ? "off" : "on") + (kind.equals("sqlite") ? ".sqlite" : ".ducklake"));
			Path data = dir.resolve(off ? "off-files" : "on-files");
			try (EngineSession s = engine.openSession("test")) {
				ok(s, "ATTACH 'ducklake:" + (kind.equals("sqlite") ? "sqlite:" : "") + meta + "' AS d (DATA_PATH '" + data
						+ "'" + (off ? ", DATA_INLINING_ROW_LIMIT 0" : "") + ")");
				ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)");
				ok(s, "INSERT INTO d.t VALUES (1, 'a'), (2, 'b'), (3, 'c')");
				assertEquals(Set.of("1|a", "2|b", "3|c"), sorted(rows(s, "SELECT i, s FROM d.t")));
				ok(s, "DETACH d");
			}
			try (Connection c = open(kind, meta)) {
				List<String> tables = jdbc(c, "SELECT table_name FROM ducklake_inlined_data_tables");
				long inlined = tables.isEmpty() ? 0 : Long.parseLong(jdbc(c, "SELECT count(*) FROM " + tables.get(0))
						.get(0));
				assertEquals(off ? 0 : 3, inlined, "rows in the catalog's inlined data table");
				assertEquals(List.of(off ? "1" : "0"), jdbc(c, "SELECT count(*) FROM ducklake_data_file"));
			}
			assertEquals(off ? 1 : 0, filesUnder(data), "Parquet files under the data path");
			if (off) {
				try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
					assertEquals(List.of("1|a", "2|b", "3|c"), jdbc(duck, "SELECT i, s FROM read_parquet('" + data
							+ "/**/*.parquet') ORDER BY i"));
				}
			}
		}
	}
}
