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

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * SET / RESET in a session: the few DuckDB settings DuckLake's suite sets (threads, TimeZone,
 * default_transaction_invalidation_policy) take effect, as DuckDB's own current_setting and the catalog file say;
 * the lockdown's settings stay refused, before and after an ATTACH.
 */
class DuckLakeSettingsTest {

	@TempDir
	static Path home;
	static Catalog catalog;
	static Engine engine;

	@BeforeAll
	static void start() throws Exception {
		catalog = Catalogs.open(Catalogs.catalogFile(home, "t"), "t");
		engine = DuckLakeEngines.open(home.resolve("state"), catalog, 2);
	}

	@AfterAll
	static void stop() throws Exception {
		engine.close();
	}

	@Test
	void threadsAndTimeZoneTakeEffectUpToTheEnginesBoundAndTheLockdownStaysRefused(@TempDir Path dir)
			throws Exception {
		Path meta = dir.resolve("lake.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "SET threads = 1"); // before any ATTACH, as the suite's files do
			ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE lake.t(i INTEGER)");
			ok(s, "INSERT INTO lake.t VALUES (1)");
			String threads = "SELECT current_setting('threads') FROM lake.t";
			assertEquals(List.of("1"), rows(s, threads));
			ok(s, "SET threads TO 64");
			assertEquals(List.of("2"), rows(s, threads), "engineThreads bounds a session's threads");
			ok(s, "SET threads = 1");
			ok(s, "RESET threads");
			assertEquals(List.of("2"), rows(s, threads));
			assertThrows(EngineException.class, () -> ok(s, "SET threads = 0"));
			ok(s, "SET TimeZone = 'UTC'");
			assertEquals(List.of("UTC"), rows(s, "SELECT current_setting('TimeZone') FROM lake.t"));
			EngineException tz = assertThrows(EngineException.class, () -> ok(s, "SET TimeZone = 'Europe/Paris'"));
			assertTrue(tz.getMessage().contains("UTC"), tz.getMessage());
			for (String locked : List.of("SET memory_limit = '64GB'", "SET enable_external_access = true",
					"SET allowed_directories = ['/']", "SET lock_configuration = false", "SET temp_directory = '/tmp'",
					"RESET temp_directory", "SET GLOBAL enable_external_access = true", "SET autoload_known_extensions = true",
					"SET ducklake_nonexistent = 1")) {
				EngineException e = assertThrows(EngineException.class, () -> ok(s, locked), locked);
				assertTrue(e.getMessage().contains("configuration is locked"), locked + ": " + e.getMessage());
			}
			// still the engine's limits after the refusals
			assertEquals(List.of("2"), rows(s, threads));
			assertEquals(List.of("false"), rows(s, "SELECT current_setting('enable_external_access') FROM lake.t"));
		}
		try (EngineSession s = engine.openSession("test")) {
			EngineException e = assertThrows(EngineException.class, () -> ok(s, "SET memory_limit = '64GB'"));
			assertTrue(e.getMessage().contains("configuration is locked"), e.getMessage());
		}
	}

	@Test
	void aFailedQueryEndsTheTransactionUnlessThePolicyKeepsIt(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE lake.t(i INTEGER)");
			// the default: the failed query ends the transaction, its INSERT goes
			ok(s, "BEGIN");
			ok(s, "INSERT INTO lake.t VALUES (1)");
			assertThrows(EngineException.class, () -> rows(s, "SELECT * FROM lake.missing"));
			ok(s, "COMMIT");
			assertEquals(List.of(), rows(s, "SELECT * FROM lake.t"));
			long before = lastSnapshot(meta);

			assertThrows(EngineException.class, () -> ok(s, "SET default_transaction_invalidation_policy = 'SOMETIMES'"));
			ok(s, "SET default_transaction_invalidation_policy='SYNTACTIC_ERRORS_DO_NOT_INVALIDATE'");
			ok(s, "BEGIN");
			ok(s, "INSERT INTO lake.t VALUES (2)");
			EngineException e = assertThrows(EngineException.class, () -> rows(s, "SELECT * FROM lake.missing"));
			assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
			assertEquals(List.of("2"), rows(s, "SELECT * FROM lake.t"), "the transaction sees its own insert still");
			ok(s, "INSERT INTO lake.t VALUES (3)");
			ok(s, "COMMIT");
			long after = lastSnapshot(meta);
			assertEquals(before + 1, after, "one snapshot for the transaction");
			assertEquals(List.of("2", "3"), filesSay(meta, after));

			// RESET: back to ending the transaction
			ok(s, "RESET default_transaction_invalidation_policy");
			ok(s, "BEGIN");
			ok(s, "INSERT INTO lake.t VALUES (4)");
			assertThrows(EngineException.class, () -> rows(s, "SELECT * FROM lake.missing"));
			ok(s, "COMMIT");
			assertEquals(after, lastSnapshot(meta));
			assertEquals(List.of("2", "3"), rows(s, "SELECT * FROM lake.t ORDER BY i"));
		}
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

	/** Table t's rows at a snapshot as the catalog file lists its data files and a plain DuckDB reads them. */
	private static List<String> filesSay(Path meta, long snapshot) throws Exception {
		String vis = " begin_snapshot <= " + snapshot + " AND (end_snapshot IS NULL OR end_snapshot > " + snapshot + ")";
		List<String> files = new ArrayList<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement()) {
			String dataPath;
			try (ResultSet r = st.executeQuery("SELECT value FROM ducklake_metadata WHERE key = 'data_path'")) {
				r.next();
				dataPath = r.getString(1);
			}
			try (ResultSet r = st.executeQuery("SELECT count(*) FROM ducklake_delete_file WHERE" + vis)) {
				r.next();
				assertEquals(0, r.getLong(1), "inserts only: no delete files");
			}
			try (ResultSet r = st.executeQuery("SELECT sc.path || t.path || f.path FROM ducklake_data_file f JOIN"
					+ " ducklake_table t USING (table_id) JOIN ducklake_schema sc USING (schema_id) WHERE t.table_name = 't'"
					+ " AND f.begin_snapshot <= " + snapshot + " AND (f.end_snapshot IS NULL OR f.end_snapshot > "
					+ snapshot + ")")) {
				while (r.next()) {
					files.add(dataPath + r.getString(1));
				}
			}
		}
		List<String> out = new ArrayList<>();
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement st = duck.createStatement();
				ResultSet r = st.executeQuery("SELECT i FROM read_parquet(['" + String.join("', '", files)
						+ "']) ORDER BY i")) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}

	private static long lastSnapshot(Path meta) throws Exception {
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
			r.next();
			return r.getLong(1);
		}
	}
}
