package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * The doors the conformance suite needed, each with what stays shut: plain file access inside the folders a user
 * granted (COPY TO, read_parquet, read_csv there, checked against a plain DuckDB reading the same files) and
 * nowhere else (outside, through .., through a symbolic link, onto a catalog's own files, with a path from a
 * subquery); the harmless session settings; USE memory; CHECKPOINT.
 */
class DuckLakeFileAccessTest {

	@TempDir
	Path dir;
	Path granted;
	Path outside;
	Catalog catalog;
	Engine engine;

	@BeforeEach
	void start() throws Exception {
		granted = Files.createDirectories(dir.resolve("granted"));
		outside = Files.createDirectories(dir.resolve("outside"));
		catalog = Catalogs.open(Catalogs.catalogFile(dir.resolve("state"), "t"), "t");
		engine = engine(List.of(granted));
	}

	private Engine engine(List<Path> files) {
		return new Engine(new EngineConfig(dir.resolve("state"), catalog, null, Clock.systemUTC(), 512, 1, 1L << 30,
				Duration.ofHours(1), true, files));
	}

	@AfterEach
	void stop() {
		engine.close();
		catalog.close();
	}

	@Test
	void copyToAndReadParquetWorkInsideTheGrantedFolder() throws Exception {
		Path meta = granted.resolve("lake.db");
		try (EngineSession s = engine.openSession("test")) {
			// with no catalog attached yet
			Path first = granted.resolve("first.parquet");
			ok(s, "COPY (SELECT range AS i, 'v' || range AS s FROM range(5)) TO '" + first + "' (FORMAT parquet)");
			assertEquals(List.of("0 v0", "1 v1", "2 v2", "3 v3", "4 v4"), raw("SELECT i || ' ' || s FROM read_parquet('"
					+ first + "') ORDER BY i"));
			assertEquals(List.of("10"), rows(s, "SELECT sum(i) FROM read_parquet('" + first + "')"));
			assertEquals(List.of("5"), rows(s, "SELECT count(*) FROM '" + first + "'"), "DuckDB's replacement scan");

			ok(s, "ATTACH 'ducklake:" + meta + "' AS lake (DATA_PATH '" + granted.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE lake.t AS SELECT * FROM read_parquet('" + first + "')");
			Path copied = granted.resolve("sub/t.parquet");
			Files.createDirectories(copied.getParent());
			ok(s, "COPY lake.t TO '" + copied + "'");
			assertEquals(List.of("5 10"), raw("SELECT count(*) || ' ' || sum(i) FROM read_parquet('" + copied + "')"));
			Path csv = granted.resolve("t.csv");
			ok(s, "COPY (SELECT i, s FROM lake.t WHERE i > 2) TO '" + csv + "' (FORMAT csv, HEADER)");
			assertEquals(List.of("i,s", "3,v3", "4,v4"), Files.readAllLines(csv));
			assertEquals(List.of("v3", "v4"), rows(s, "SELECT s FROM read_csv('" + csv + "') ORDER BY s"));
			// a glob inside the folder, and a join of files with a DuckLake table
			assertEquals(List.of("10"), rows(s, "SELECT count(*) FROM read_parquet(['" + first + "', '" + granted
					+ "/sub/*.parquet'])"));
			assertEquals(List.of("5"), rows(s, "SELECT count(*) FROM lake.t JOIN read_parquet('" + copied
					+ "') f USING (i)"));
			Path hive = granted.resolve("hive");
			ok(s, "COPY (SELECT i, i % 2 AS part FROM lake.t) TO '" + hive + "' (FORMAT parquet, PARTITION_BY (part))");
			assertEquals(List.of("3"), raw("SELECT count(*) FROM read_parquet('" + hive + "/part=0/*.parquet')"));
		}
	}

	@Test
	void outsideTheGrantedFoldersEverythingStaysRefused() throws Exception {
		Path meta = granted.resolve("lake.db");
		Path elsewhere = outside.resolve("x.parquet");
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement st = duck.createStatement()) {
			st.execute("COPY (SELECT 42 AS secret) TO '" + elsewhere + "'");
		}
		Files.createSymbolicLink(granted.resolve("link"), outside);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:" + meta + "' AS lake (DATA_PATH '" + granted.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE lake.t(i INTEGER)");
			ok(s, "INSERT INTO lake.t VALUES (1), (2)");
			for (String path : List.of(outside.resolve("y.parquet").toString(), granted + "/../outside/y.parquet",
					granted.resolve("link/y.parquet").toString(), dir.resolve("state/cache/y.parquet").toString(),
					"/tmp/y.parquet")) {
				refused(s, "COPY lake.t TO '" + path + "'");
				refused(s, "COPY (SELECT 1) TO '" + path + "'");
				assertFalse(Files.exists(Path.of(path).normalize()), path + " was written");
			}
			for (String read : List.of("SELECT * FROM read_parquet('" + elsewhere + "')",
					"SELECT * FROM read_parquet('" + granted + "/../outside/x.parquet')",
					"SELECT * FROM read_parquet('" + granted.resolve("link/x.parquet") + "')",
					"SELECT * FROM read_parquet(['" + granted.resolve("a.parquet") + "', '" + elsewhere + "'])",
					"SELECT * FROM read_parquet((SELECT '" + elsewhere + "'))",
					"SELECT * FROM read_csv('/etc/passwd')", "SELECT * FROM read_text('" + elsewhere + "')",
					"SELECT * FROM glob('" + outside + "/*')", "SELECT * FROM '" + elsewhere + "'",
					"SELECT * FROM '" + granted + "/../outside/x.parquet'", "SELECT * FROM lake.t, read_parquet('" + elsewhere + "')")) {
				refused(s, read);
			}
			// COPY FROM, and options that name another place
			refused(s, "COPY lake.t FROM '" + granted.resolve("a.parquet") + "'");
			refused(s, "COPY lake.t TO '" + granted.resolve("p") + "' (FORMAT parquet, PARTITION_BY (i),"
					+ " FILENAME_PATTERN '../../outside/f_{i}')");
			// the metadata database and the catalog's own data files stay unwritable
			for (String target : List.of(meta.toString(), meta + ".wal", granted.toString())) {
				EngineException e = assertThrows(EngineException.class, () -> ok(s, "COPY (SELECT 1 AS i) TO '" + target
						+ "'"), target);
				assertTrue(e.getMessage().contains("refused"), e.getMessage());
			}
			String dataFile = rows(s, "SELECT data_file FROM ducklake_list_files('lake', 't')").get(0);
			long size = Files.size(Path.of(dataFile));
			refused(s, "COPY (SELECT 99 AS i) TO '" + dataFile + "'");
			assertEquals(size, Files.size(Path.of(dataFile)));
			// a folder write into the data path may add files (DuckDB refuses a folder with files, APPEND names new
			// ones), never replace them: OVERWRITE stays refused there
			Path files = granted.resolve("files");
			for (String opts : List.of("OVERWRITE_OR_IGNORE", "OVERWRITE true", "OVERWRITE")) {
				refused(s, "COPY (SELECT 7 AS i, 1 AS p) TO '" + files + "' (FORMAT parquet, PARTITION_BY (p), " + opts
						+ ")");
			}
			ok(s, "COPY (SELECT 7 AS i, 1 AS p) TO '" + files + "' (FORMAT parquet, PARTITION_BY (p), APPEND)");
			assertEquals(size, Files.size(Path.of(dataFile)));
			try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement st = duck.createStatement();
					ResultSet r = st.executeQuery("SELECT i FROM read_parquet('" + files + "/p=1/*.parquet')")) {
				assertTrue(r.next());
				assertEquals(7, r.getInt(1));
			}
			assertEquals(List.of("1", "2"), rows(s, "SELECT i FROM lake.t ORDER BY i"), "the catalog reads as before");
			// the lockdown's own settings stay refused, files granted or not
			for (String set : List.of("SET enable_external_access = true", "SET allowed_directories = ['/']",
					"SET lock_configuration = false", "SET memory_limit = '64GB'")) {
				refused(s, set);
			}
		}
		// no grant: COPY TO and read_parquet are refused as before, inside that folder too
		try (Engine none = engine(List.of()); EngineSession s = none.openSession("test")) {
			refused(s, "COPY (SELECT 1) TO '" + granted.resolve("z.parquet") + "'");
			assertFalse(Files.exists(granted.resolve("z.parquet")));
			refused(s, "SELECT * FROM read_parquet('" + elsewhere + "')");
		}
	}

	@Test
	void aGrantHoldingTheStateFolderIsRefused() throws Exception {
		try (Engine wide = engine(List.of(dir)); EngineSession s = wide.openSession("test")) {
			EngineException e = assertThrows(EngineException.class, () -> ok(s, "COPY (SELECT 1) TO '" + granted
					.resolve("a.parquet") + "'"));
			assertTrue(e.getMessage().contains("state folder"), e.getMessage());
			assertFalse(Files.exists(granted.resolve("a.parquet")));
		}
	}

	@Test
	void harmlessSettingsAreAcceptedAndCheckedAsTheExtensionChecksThem() throws Exception {
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "SET immediate_transaction_mode=true");
			ok(s, "SET profiling_renderer_settings = MAP {'operator_casing': 'upper'}");
			ok(s, "SET ducklake_retry_wait_ms=100");
			ok(s, "SET ducklake_retry_backoff=2.0");
			ok(s, "SET ducklake_max_retry_count = 100");
			ok(s, "SET ducklake_default_data_inlining_row_limit = 0");
			ok(s, "SET ducklake_target_file_size = '10KB'");
			ok(s, "RESET ducklake_target_file_size");
			for (String bad : List.of("SET ducklake_target_file_size = 'not-a-size'", "SET ducklake_target_file_size = '0'",
					"SET ducklake_retry_wait_ms = -1", "SET immediate_transaction_mode = 'maybe'")) {
				EngineException e = assertThrows(EngineException.class, () -> ok(s, bad), bad);
				assertTrue(e.getMessage().startsWith("Invalid Input Error"), e.getMessage());
			}
			Path meta = granted.resolve("v.db");
			ok(s, "SET ducklake_default_version = '2.0'");
			EngineException e = assertThrows(EngineException.class, () -> ok(s, "ATTACH 'ducklake:" + meta + "' AS v"));
			assertTrue(e.getMessage().contains("Unsupported ducklake_version"), e.getMessage());
			assertFalse(Files.exists(meta), "nothing written for a refused ATTACH");
			ok(s, "SET ducklake_default_version = '1.0'");
			ok(s, "ATTACH 'ducklake:" + meta + "' AS v");
			assertEquals(List.of("1.0"), rows(s, "SELECT value FROM __ducklake_metadata_v.ducklake_metadata WHERE key ="
					+ " 'version'"));
			ok(s, "RESET ducklake_default_version");
		}
	}

	@Test
	void useMemoryLeavesTheDuckLakeDefaultAndCheckpointSaysWhatItRuns() throws Exception {
		Path meta = granted.resolve("lake.db");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:" + meta + "' AS lake");
			ok(s, "USE lake");
			ok(s, "CREATE TABLE t(i INTEGER)");
			ok(s, "INSERT INTO t VALUES (7)");
			assertEquals(List.of("7"), rows(s, "SELECT i FROM t"));
			ok(s, "USE memory");
			assertThrows(EngineException.class, () -> rows(s, "SELECT i FROM t"), "t is lake's, not memory's");
			assertEquals(List.of("7"), rows(s, "SELECT i FROM lake.t"));
			try {
				ok(s, "CHECKPOINT lake");
			} catch (EngineException e) {
				// the maintenance calls are another part's: until they are here, CHECKPOINT says which is missing
				assertTrue(e.getMessage().matches("Not implemented Error: CHECKPOINT lake runs flush_inlined_data, .*;"
						+ " \\w+ is not carried out here yet"), e.getMessage());
			}
			ok(s, "CHECKPOINT"); // the default is memory now: nothing to maintain
			assertEquals(List.of("7"), rows(s, "SELECT i FROM lake.t"));
		}
	}

	private static void refused(EngineSession s, String sql) {
		EngineException e = assertThrows(EngineException.class, () -> rows(s, sql), sql);
		assertTrue(e.getMessage().startsWith("refused") || e.getMessage().contains("Permission Error"), sql + ": "
				+ e.getMessage());
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

	/** A plain DuckDB, no lockdown, reading the files as any other reader would. */
	private static List<String> raw(String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement st = duck.createStatement();
				ResultSet r = st.executeQuery(sql)) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}
}
