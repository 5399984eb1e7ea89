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

	@Test
	void theNativeLibraryIsExtractedOnceIntoTheStateFolder() throws Exception {
		var url = (java.net.JarURLConnection) DuckDb.class.getClassLoader()
				.getResource("org/duckdb/DuckDBDriver.class").openConnection();
		Path jar = Path.of(url.getJarFileURL().toURI());
		Path dir = home.resolve("extract-test");
		Path classes = DuckDb.extractOnce(jar, dir);
		Path lib = classes.resolveSibling("libduckdb_java.so_linux_amd64");
		assertTrue(Files.size(lib) > 10_000_000, "the library is beside the classes");
		try (var j = new java.util.jar.JarFile(classes.toFile())) {
			assertTrue(j.getEntry("org/duckdb/DuckDBDriver.class") != null);
			assertTrue(j.getEntry("libduckdb_java.so_linux_amd64") == null, "not a resource: loaded from beside");
		}
		long t = Files.getLastModifiedTime(lib).toMillis();
		Thread.sleep(20);
		assertEquals(classes, DuckDb.extractOnce(jar, dir));
		assertEquals(t, Files.getLastModifiedTime(lib).toMillis(), "a second start copies nothing");
	}
}
