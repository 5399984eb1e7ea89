package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.internal.DuckDb;

/** The read-only guard refuses each hostile statement with its own message; the lockdown stands behind it. */
class GuardTest {

	@TempDir
	static Path home;
	static Catalog catalog;
	static Engine engine;

	@BeforeAll
	static void setUp() {
		catalog = Catalogs.open(Catalogs.catalogFile(home, "guard"), "guard");
		engine = new Engine(config());
	}

	static EngineConfig config() {
		return new EngineConfig(home, catalog, null, Clock.systemUTC(), 512, 1, 1L << 30, Duration.ofHours(1), true);
	}

	@AfterAll
	static void tearDown() {
		engine.close();
		catalog.close();
	}

	private static String refused(String sql) {
		EngineException e = assertThrows(EngineException.class, () -> engine.execute(sql, "test").close(), sql);
		assertEquals(EngineException.Kind.REFUSED, e.kind(), sql + ": " + e.getMessage());
		assertTrue(e.getMessage().startsWith("refused"), e.getMessage());
		return e.getMessage();
	}

	@Test
	void eachHostileStatementIsRefusedWithItsMessage() {
		String[][] cases = { { "INSERT INTO t VALUES (1)", "INSERT would write to a table" },
				{ "update t set a = 1", "UPDATE would write to a table" },
				{ "DELETE FROM t", "DELETE would write to a table" },
				{ "CREATE TABLE t AS SELECT 1", "only CREATE TEMP VIEW|TABLE" },
				{ "CREATE SCHEMA s", "only CREATE TEMP" },
				{ "COPY (SELECT 1) TO '/tmp/x.csv'", "COPY would write or read files" },
				{ "EXPORT DATABASE '/tmp/x'", "EXPORT DATABASE would write" },
				{ "ATTACH '/tmp/x.duckdb' AS x", "ATTACH would open or switch databases" },
				{ "INSTALL httpfs", "extensions are fixed" }, { "LOAD httpfs", "extensions are fixed" },
				{ "SET enable_external_access = true", "configuration is locked" },
				{ "SET threads = 64", "configuration is locked" },
				{ "PRAGMA enable_profiling", "configuration is locked" },
				{ "SELECT * FROM read_csv('/etc/passwd')", "table function read_csv" },
				{ "SELECT * FROM read_parquet('" + home + "/cache/x.parquet')", "table function read_parquet" },
				{ "SELECT * FROM query('INSERT INTO t VALUES (1)')", "table function query" },
				{ "SELECT * FROM '/etc/passwd'", "is not a lake table" },
				{ "SELECT * FROM glob('/*')", "table function glob" },
				{ "SELECT 1; DROP TABLE t", "one query at a time" },
				{ "/* hidden */ -- comment\n  drop table t", "DROP would change the catalog" } };
		for (String[] c : cases) {
			String m = refused(c[0]);
			assertTrue(m.contains(c[1]), c[0] + " -> " + m);
		}
	}

	/**
	 * The guard's list, an entry at a time (see Refusals): each way past the engine's folders is refused with its
	 * own reason, whatever it names outside them: /etc, the state folder beside cache/ and mirror/, the catalog.
	 */
	@Test
	void eachEntryOfTheListIsRefusedWithItsReason() throws Exception {
		String out = home.resolve("beyond").toString();
		String catalogFile = catalog.file().toString();
		String[][] cases = {
				// read_* (each reads files by name)
				{ "SELECT * FROM read_csv('/etc/passwd')", "table function read_csv reads files by name" },
				{ "SELECT * FROM read_csv_auto('" + catalogFile + "')", "read_csv_auto reads files by name" },
				{ "SELECT * FROM read_json('" + out + ".json')", "read_json reads files by name" },
				{ "SELECT * FROM read_ndjson_objects('" + out + "')", "read_ndjson_objects reads files by name" },
				{ "SELECT content FROM read_text('/etc/passwd')", "read_text reads files by name" },
				{ "SELECT * FROM read_blob('" + catalogFile + "')", "read_blob reads files by name" },
				{ "SELECT * FROM read_duckdb('" + out + ".duckdb')", "read_duckdb reads files by name" },
				{ "SELECT * FROM read_parquet('" + out + ".parquet')", "read_parquet reads files by name" },
				// glob, sniff_csv, parquet_* on a path
				{ "SELECT * FROM glob('/etc/*')", "table function glob lists files by name" },
				{ "SELECT * FROM sniff_csv('/etc/passwd')", "table function sniff_csv reads a file by name" },
				{ "SELECT * FROM parquet_metadata('" + out + ".parquet')", "parquet_metadata reads a file's Parquet" },
				{ "SELECT * FROM parquet_schema('" + out + ".parquet')", "parquet_schema reads a file's Parquet" },
				{ "SELECT * FROM parquet_kv_metadata('/x.parquet')", "parquet_kv_metadata reads a file's Parquet" },
				{ "SELECT * FROM parquet_file_metadata('/x.parquet')", "parquet_file_metadata reads a file's" },
				{ "SELECT * FROM parquet_scan('/x.parquet')", "parquet_scan reads a file's Parquet" },
				// text as SQL, credentials, the environment (in any clause, in a subquery)
				{ "SELECT * FROM query('SELECT * FROM read_csv(''/etc/passwd'')')", "table function query runs text" },
				{ "SELECT * FROM query_table('" + out + "')", "query_table runs text as SQL" },
				{ "SELECT * FROM duckdb_secrets()", "duckdb_secrets shows credentials" },
				{ "SELECT getenv('HOME')", "the function getenv reads the process's environment" },
				{ "SELECT 1 WHERE (SELECT getenv('AZURE_CLIENT_SECRET')) IS NOT NULL", "getenv reads the process's" },
				// a path as a table name
				{ "SELECT * FROM '/etc/passwd'", "is not a lake table" },
				{ "SELECT * FROM '" + catalogFile + "'", "is not a lake table" },
				// statements
				{ "COPY (SELECT 1) TO '" + out + ".csv'", "COPY would write or read files" },
				{ "COPY t FROM '/etc/passwd'", "COPY would write or read files" },
				{ "EXPORT DATABASE '" + out + "'", "EXPORT DATABASE would write or read files" },
				{ "IMPORT DATABASE '" + out + "'", "IMPORT DATABASE would write or read files" },
				{ "ATTACH '" + catalogFile + "' AS c (TYPE sqlite)", "ATTACH would open or switch databases" },
				{ "ATTACH 'ducklake:" + out + ".ducklake' AS l", "ATTACH would open or switch databases" },
				{ "DETACH __lakestudio", "DETACH would open or switch databases" },
				{ "INSTALL httpfs", "extensions are fixed" },
				{ "LOAD '" + out + ".duckdb_extension'", "extensions are fixed" },
				{ "FORCE INSTALL sqlite", "extensions are fixed" },
				{ "SET allowed_directories = ['/']", "SET allowed_directories would loosen the lockdown" },
				{ "SET enable_external_access = true", "SET enable_external_access would loosen the lockdown" },
				{ "SET GLOBAL temp_directory = '" + out + "'", "SET temp_directory would loosen the lockdown" },
				{ "SET extension_directory = '" + out + "'", "SET extension_directory would loosen the lockdown" },
				{ "RESET lock_configuration", "RESET lock_configuration would loosen the lockdown" },
				{ "CREATE SECRET s (TYPE s3, KEY_ID 'k', SECRET 'v')", "CREATE SECRET would give the engine" },
				{ "CREATE OR REPLACE PERSISTENT SECRET s (TYPE azure, CONNECTION_STRING 'x')", "CREATE SECRET would" },
				{ "PRAGMA profiling_output = '" + out + ".json'", "PRAGMA profiling_output would write a file" },
				{ "PRAGMA enable_profiling = 'json'", "PRAGMA enable_profiling would write a file" } };
		java.util.List<String> wrong = new java.util.ArrayList<>();
		for (String[] c : cases) {
			try {
				engine.execute(c[0], "test").close();
				wrong.add(c[0] + " -> ran");
			} catch (EngineException e) {
				if (e.kind() != EngineException.Kind.REFUSED || !e.getMessage().contains(c[1])) {
					wrong.add(c[0] + " -> " + e.kind() + " " + e.getMessage());
				}
			}
		}
		assertEquals(java.util.List.of(), wrong, "each entry refused with its reason");
		try (var written = Files.list(home)) {
			assertEquals(List.of(), written.filter(f -> f.getFileName().toString().startsWith("beyond")).toList(),
					"nothing was written");
		}
	}

	@Test
	void queriesThatTouchNoFileStillRun() throws Exception {
		assertEquals("10", TestLake.one(engine, "SELECT count(*) FROM range(10)"));
		assertEquals("3", TestLake.one(engine, "WITH q AS (SELECT 3 AS x) SELECT x FROM q"));
		assertEquals("created", TestLake.one(engine, "CREATE TEMP VIEW mine AS SELECT 42 AS x"));
		assertEquals("42", TestLake.one(engine, "SELECT x FROM mine"));
	}

	@Test
	void theLockdownRefusesPathsOutsideCacheAndMirrorAndTheCatalogFile() throws Exception {
		Path outside = Files.writeString(home.resolve("outside.csv"), "a\n1\n");
		Path inside = Files.createDirectories(home.resolve("cache")).resolve("inside.csv");
		Files.writeString(inside, "a\n7\n");
		// straight at DuckDB, past the guard: the lockdown alone must say no
		try (Connection d = DuckDb.open(config())) {
			for (String path : new String[] { outside.toString(), catalog.file().toString(),
					home.resolve("cache/../outside.csv").toString() }) {
				Exception e = assertThrows(Exception.class, () -> {
					try (Statement s = d.createStatement()) {
						s.executeQuery("SELECT * FROM read_csv('" + path + "')").close();
					}
				}, path);
				assertTrue(e.getMessage().contains("Permission Error"), e.getMessage());
			}
			try (Statement s = d.createStatement(); var rs = s.executeQuery("SELECT a FROM read_csv('" + inside + "')")) {
				rs.next();
				assertEquals(7, rs.getInt(1));
			}
			Exception e = assertThrows(Exception.class, () -> {
				try (Statement s = d.createStatement()) {
					s.execute("SET enable_external_access = true");
				}
			});
			assertTrue(e.getMessage().contains("locked"), e.getMessage());
		}
	}
}
