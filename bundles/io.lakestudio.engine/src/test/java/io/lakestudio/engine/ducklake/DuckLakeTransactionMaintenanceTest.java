package io.lakestudio.engine.ducklake;

import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.filesOnDisk;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.jdbc;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.named;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.ok;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.rawRows;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.Lake;

/**
 * Maintenance inside a transaction that changed the catalog, as the extension runs it: on what is committed, in a
 * commit of its own, the transaction's own rows and files left to it (and never removed as orphans), checked with
 * plain JDBC on the catalog and a plain DuckDB on the files.
 */
class DuckLakeTransactionMaintenanceTest {

	@TempDir
	static Path home;
	static Path granted;
	static io.lakestudio.catalog.Catalog catalog;
	static io.lakestudio.engine.Engine engine;

	@BeforeAll
	static void start() throws Exception {
		granted = java.nio.file.Files.createDirectories(home.resolve("granted"));
		catalog = io.lakestudio.catalog.Catalogs.open(io.lakestudio.catalog.Catalogs.catalogFile(home, "t"), "t");
		engine = new io.lakestudio.engine.Engine(new io.lakestudio.engine.EngineConfig(home.resolve("state"), catalog,
				null, java.time.Clock.systemUTC(), 512, 1, 1L << 30, java.time.Duration.ofHours(1), true,
				List.of(granted)));
	}

	@AfterAll
	static void stop() {
		engine.close();
	}

	static String attach(Lake lake, int inliningLimit) {
		return lake.attach().replace("DATA_INLINING_ROW_LIMIT 0", "DATA_INLINING_ROW_LIMIT " + inliningLimit);
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aMergeInsideATransactionCommitsOnItsOwnAndLeavesTheTransactionsRows(String kind, @TempDir Path dir)
			throws Exception {
		Lake lake = Lake.of(kind, dir);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach(lake, 0));
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)");
			ok(s, "INSERT INTO d.t VALUES (1, 'a')");
			ok(s, "INSERT INTO d.t VALUES (2, 'b')");
			ok(s, "BEGIN");
			ok(s, "INSERT INTO d.t VALUES (3, 'c')");
			assertEquals(List.of("main|t|2|1"), rows(s, "FROM ducklake_merge_adjacent_files('d')"),
					"the committed files merge; the transaction's own is not among them");
			try (Connection c = lake.open()) {
				assertEquals(List.of("1"), jdbc(c, "SELECT count(*) FROM ducklake_data_file WHERE end_snapshot IS NULL"),
						"the merge is committed already, the transaction's insert is not");
			}
			assertEquals(List.of("1|a", "2|b", "3|c"), rows(s, "SELECT i, s FROM d.t ORDER BY i"));
			ok(s, "COMMIT");
			ok(s, "DETACH d");
		}
		assertEquals(Set.of("0|1|a", "1|2|b", "2|3|c"), rawRows(lake));
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aCheckpointInsideATransactionNeverRemovesItsFiles(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach(lake, 5));
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)");
			ok(s, "INSERT INTO d.t SELECT range, 'r' || range FROM range(10)");
			ok(s, "CALL d.set_option('delete_older_than', '1 millisecond')");
			ok(s, "BEGIN");
			ok(s, "INSERT INTO d.t SELECT range, 'r' || range FROM range(10, 20)"); // a file no row names yet
			ok(s, "INSERT INTO d.t VALUES (20, 'r20')"); // inlined, in the transaction only
			Thread.sleep(5); // older than delete_older_than: an orphan by age, but the transaction's
			ok(s, "CHECKPOINT d");
			ok(s, "COMMIT");
			assertEquals(List.of("21|210"), rows(s, "SELECT count(*), sum(i) FROM d.t"));
			ok(s, "DETACH d");
		}
		Set<Path> named = named(lake);
		Set<Path> missing = new TreeSet<>(named);
		missing.removeAll(filesOnDisk(lake.data()));
		assertEquals(Set.of(), missing, "no catalog row names a missing file");
		try (Connection c = lake.open()) {
			assertEquals(List.of("1"), jdbc(c, "SELECT count(*) FROM ducklake_data_file WHERE end_snapshot IS NULL"
					+ " AND record_count = 10 AND begin_snapshot = (SELECT max(snapshot_id) FROM ducklake_snapshot)"),
					"the transaction's file is committed with it");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void copyToFindsTheTableFolderOfAnInlinedInsert(String kind, @TempDir Path ignored) throws Exception {
		Lake lake = Lake.of(kind, granted.resolve(kind));
		Path bla = lake.data().resolve("main/t/bla.parquet");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach(lake, 5));
			ok(s, "CREATE TABLE d.t(i INTEGER)");
			ok(s, "INSERT INTO d.t VALUES (1), (2)");
			ok(s, "COPY d.t TO '" + bla + "'");
			ok(s, "DETACH d");
		}
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
			assertEquals(List.of("3"), jdbc(duck, "SELECT sum(i) FROM read_parquet('" + bla + "')"));
		}
		assertTrue(named(lake).isEmpty(), "the rows stay inlined: no data file row");
	}
}
