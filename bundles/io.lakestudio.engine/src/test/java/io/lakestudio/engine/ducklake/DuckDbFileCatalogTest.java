package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * {@code ATTACH 'ducklake:<file>'}: the metadata in a DuckDB file (the extension's default), on a DuckDB connection
 * of its own. Read back with a plain DuckDB; and catalogs of 0.1-0.4 (made here, and the ducklake extension's own
 * when its suite is at hand) are refused with its message, or migrated with AUTOMATIC_MIGRATION TRUE.
 */
class DuckDbFileCatalogTest extends SharedEngineTest {

	static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}

	static List<String> rows(EngineSession s, String sql) throws EngineException {
		List<String> out = new java.util.ArrayList<>();
		try (io.lakestudio.engine.Result r = s.execute(sql)) {
			while (r.next()) {
				List<String> row = new java.util.ArrayList<>();
				for (int i = 0; i < r.columnNames().size(); i++) {
					row.add(String.valueOf(r.text(i)));
				}
				out.add(String.join("|", row));
			}
		}
		return out;
	}

	@Test
	void aCatalogInADuckDbFileRoundTrips(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.ducklake");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:" + meta + "' AS d (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)");
			ok(s, "INSERT INTO d.t VALUES (1, 'a'), (2, 'b')");
			ok(s, "DELETE FROM d.t WHERE i = 1");
			assertEquals(List.of("2|b"), rows(s, "SELECT * FROM d.t"));
			assertEquals(List.of("1|a", "2|b"), rows(s, "SELECT * FROM d.t AT (VERSION => 2) ORDER BY i"));
			ok(s, "DETACH d");
		}
		try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT (SELECT value FROM ducklake_metadata WHERE key = 'version'),"
						+ " (SELECT count(*) FROM ducklake_snapshot), (SELECT typeof(snapshot_time) FROM ducklake_snapshot"
						+ " LIMIT 1), (SELECT count(*) FROM ducklake_delete_file)")) {
			r.next();
			assertEquals("1.0|4|TIMESTAMP WITH TIME ZONE|1", r.getString(1) + "|" + r.getLong(2) + "|" + r.getString(3)
					+ "|" + r.getLong(4));
		}
	}

	/** METADATA_SCHEMA: two catalogs in one DuckDB file, each in its own schema, as a plain DuckDB sees them. */
	@Test
	void twoCatalogsShareOneFileInTheirOwnSchemas(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("shared.db");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:" + meta + "' AS d1 (DATA_PATH '" + dir.resolve("f1")
					+ "', METADATA_SCHEMA 'metadata_s1', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE d1.tbl(i INTEGER)");
			ok(s, "INSERT INTO d1.tbl VALUES (42)");
			ok(s, "DETACH d1");
			ok(s, "ATTACH 'ducklake:" + meta + "' AS d2 (DATA_PATH '" + dir.resolve("f2")
					+ "', METADATA_SCHEMA 'metadata_s2', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE d2.tbl(s VARCHAR)");
			ok(s, "INSERT INTO d2.tbl VALUES ('hello world')");
			ok(s, "DETACH d2");
			ok(s, "ATTACH 'ducklake:" + meta + "' AS d1 (METADATA_SCHEMA 'metadata_s1', READ_ONLY)");
			assertEquals(List.of("42"), rows(s, "SELECT * FROM d1.tbl"));
			ok(s, "DETACH d1");
		}
		try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT (SELECT string_agg(column_type, ',') FROM metadata_s1.ducklake_column),"
						+ " (SELECT string_agg(column_type, ',') FROM metadata_s2.ducklake_column),"
						+ " (SELECT count(*) FROM information_schema.tables WHERE table_schema = 'main')")) {
			r.next();
			assertEquals("int32|varchar|0", r.getString(1) + "|" + r.getString(2) + "|" + r.getLong(3));
		}
	}

	/** A catalog as the engine writes it, then marked as an older DuckLake's, in a plain DuckDB. */
	@Test
	void catalogsOfOlderVersionsAreRefusedAndLeftAsTheyWere(@TempDir Path dir) throws Exception {
		for (String v : new String[] { "0.1", "0.2", "0.3-dev1", "0.3", "0.4" }) {
			Path file = dir.resolve("v" + v + ".ducklake");
			try (EngineSession s = engine.openSession("test")) {
				ok(s, "ATTACH 'ducklake:" + file + "' AS n (DATA_PATH '" + dir.resolve("files-" + v) + "', DATA_INLINING_ROW_LIMIT 0)");
				ok(s, "CREATE TABLE n.t(i INTEGER)");
				ok(s, "INSERT INTO n.t VALUES (1)");
				ok(s, "DETACH n");
			}
			try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + file);
					Statement st = db.createStatement()) {
				assertEquals(1, st.executeUpdate("UPDATE ducklake_metadata SET value = '" + v + "' WHERE key = 'version'"));
			}
			refused(file, v);
		}
	}

	/** DuckLake's own catalogs of 0.1-0.4 (its test data), when its suite is at $LAKESTUDIO_DUCKLAKE_SUITE. */
	@Test
	void catalogsTheExtensionWroteAtOlderVersionsAreRefused(@TempDir Path dir) throws Exception {
		String suite = System.getenv("LAKESTUDIO_DUCKLAKE_SUITE");
		Path old = suite == null || suite.isBlank() ? null : Path.of(suite, "data", "old_ducklake");
		Assumptions.assumeTrue(old != null && Files.isDirectory(old),
				"DuckLake's test data is not at hand: set LAKESTUDIO_DUCKLAKE_SUITE to its suite's folder");
		for (String v : new String[] { "v01", "v02", "v03", "v04" }) {
			Path file = dir.resolve(v + ".db");
			try (InputStream in = new GZIPInputStream(Files.newInputStream(old.resolve(v + ".db.gz")))) {
				Files.copy(in, file);
			}
			refused(file, v);
		}
	}

	/**
	 * The same catalogs attached with AUTOMATIC_MIGRATION TRUE: then written and read through the engine, and the
	 * row is in the Parquet file the migrated catalog names, as a plain DuckDB reads both.
	 */
	@Test
	void catalogsTheExtensionWroteAtOlderVersionsMigrateAndTakeWrites(@TempDir Path dir) throws Exception {
		String suite = System.getenv("LAKESTUDIO_DUCKLAKE_SUITE");
		Path old = suite == null || suite.isBlank() ? null : Path.of(suite, "data", "old_ducklake");
		Assumptions.assumeTrue(old != null && Files.isDirectory(old),
				"DuckLake's test data is not at hand: set LAKESTUDIO_DUCKLAKE_SUITE to its suite's folder");
		for (String v : new String[] { "v01", "v02", "v03", "v04" }) {
			Path file = dir.resolve(v + ".db");
			try (InputStream in = new GZIPInputStream(Files.newInputStream(old.resolve(v + ".db.gz")))) {
				Files.copy(in, file);
			}
			Path data = dir.resolve("files-" + v);
			try (EngineSession s = engine.openSession("test")) {
				ok(s, "ATTACH 'ducklake:" + file + "' AS m (DATA_PATH '" + data + "', OVERRIDE_DATA_PATH TRUE,"
						+ " AUTOMATIC_MIGRATION TRUE, DATA_INLINING_ROW_LIMIT 0)");
				ok(s, "INSERT INTO m.test VALUES (42)");
				assertEquals(List.of("42"), rows(s, "SELECT * FROM m.test"), v);
				ok(s, "DETACH m");
			}
			try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + file); Statement st = db.createStatement();
					ResultSet r = st.executeQuery("SELECT (SELECT value FROM ducklake_metadata WHERE key = 'version'),"
							+ " (SELECT count(*) FROM ducklake_data_file)")) {
				r.next();
				// AUTOMATIC_MIGRATION goes to the version a new catalog gets, 1.0 when the session asks for none,
				// so the released extensions that attach new catalogs attach migrated ones too
				assertEquals("1.0|1", r.getString(1) + "|" + r.getLong(2), v);
			}
			try (Connection db = DriverManager.getConnection("jdbc:duckdb:"); Statement st = db.createStatement();
					ResultSet r = st.executeQuery("SELECT i FROM read_parquet('" + data + "/**/*.parquet')")) {
				assertTrue(r.next(), v);
				assertEquals(42, r.getInt(1), v);
			}
		}
	}

	/** ATTACH fails with the extension's message, naming the file, and the file is as it was. */
	private static void refused(Path file, String v) throws Exception {
		byte[] before = Files.readAllBytes(file);
		try (EngineSession s = engine.openSession("test")) {
			EngineException e = assertThrows(EngineException.class,
					() -> ok(s, "ATTACH 'ducklake:" + file + "' AS o (READ_ONLY)"));
			assertTrue(e.getMessage().contains("DuckLake catalog version mismatch"), v + ": " + e.getMessage());
			assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
		}
		assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(file)), v + " unchanged");
	}
}
