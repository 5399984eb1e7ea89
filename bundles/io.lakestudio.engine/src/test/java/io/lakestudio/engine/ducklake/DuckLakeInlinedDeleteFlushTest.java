package io.lakestudio.engine.ducklake;

import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.jdbc;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.ok;
import static io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.ducklake.DuckLakeMaintenanceTest.Lake;

/**
 * {@code ducklake_flush_inlined_data} of file deletes kept in the catalog ({@code ducklake_inlined_delete_<table>}),
 * as DuckLake's suite expects it (deletion_inlining/test_deletion_inlining_stats and _transaction): more deletes of
 * a file that has a delete file merge into one delete file that still says which snapshot deleted each row; a flush
 * inside a transaction is part of it. Checked with plain JDBC on the catalog and a plain DuckDB on the files.
 */
class DuckLakeInlinedDeleteFlushTest extends SharedEngineTest {

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void moreDeletesOfAFileWithADeleteFileMergeIntoOneThatKeepsWhenEachRowWasDeleted(String kind, @TempDir Path dir)
			throws Exception {
		Lake lake = Lake.of(kind, dir);
		String attach = DuckLakeTransactionMaintenanceTest.attach(lake, 10);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach);
			ok(s, "CREATE TABLE d.t AS SELECT range a FROM range(50)"); // 1
			ok(s, "DELETE FROM d.t WHERE a < 5"); // 2: kept in the catalog
			ok(s, "CALL ducklake_flush_inlined_data('d')"); // 3: a delete file, backdated to 2
			ok(s, "DELETE FROM d.t WHERE a >= 45"); // 4: kept in the catalog
			ok(s, "CALL ducklake_flush_inlined_data('d')"); // 5: merged with the delete file before
			assertEquals(List.of("40"), rows(s, "SELECT count(*) FROM d.t"));
			// time travel sees each delete at the snapshot that made it
			assertEquals(List.of("50", "45", "45", "40", "40"), List.of(count(s, 1), count(s, 2), count(s, 3),
					count(s, 4), count(s, 5)));
			assertEquals(List.of("45", "46", "47", "48", "49"), rows(s,
					"SELECT a FROM ducklake_table_deletions('d', 'main', 't', 4, 4) ORDER BY a"));
			assertEquals(List.of("0", "1", "2", "3", "4"), rows(s,
					"SELECT a FROM ducklake_table_deletions('d', 'main', 't', 2, 3) ORDER BY a"));
			ok(s, "DETACH d");
		}
		String deletes;
		String data;
		try (Connection c = lake.open()) {
			// the suite's expectation: the delete file before is gone from the catalog, one takes its place from 2 on
			assertEquals(List.of("10|2"), jdbc(c, "SELECT delete_count, begin_snapshot FROM ducklake_delete_file"));
			deletes = jdbc(c, "SELECT path FROM ducklake_delete_file").getFirst();
			data = jdbc(c, "SELECT path FROM ducklake_data_file").getFirst();
		}
		Path table = lake.data().resolve("main/t");
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
			assertEquals(List.of("0|4|5|2", "45|49|5|4"), jdbc(duck, "SELECT min(pos), max(pos), count(*), "
					+ "_ducklake_internal_snapshot_id FROM read_parquet('" + table.resolve(deletes) + "') GROUP BY ALL"
					+ " ORDER BY 1"), "each row with the snapshot that deleted it");
			assertEquals(List.of("40|5|44"), jdbc(duck, "SELECT count(*), min(a), max(a) FROM read_parquet('"
					+ table.resolve(data) + "', file_row_number = true) WHERE file_row_number NOT IN (SELECT pos FROM"
					+ " read_parquet('" + table.resolve(deletes) + "'))"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aFlushInsideATransactionIsRolledBackWithIt(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		String attach = DuckLakeTransactionMaintenanceTest.attach(lake, 10);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach);
			ok(s, "CREATE TABLE d.t AS SELECT range a FROM range(50)"); // 1
			ok(s, "BEGIN");
			ok(s, "DELETE FROM d.t WHERE a < 5");
			ok(s, "DELETE FROM d.t WHERE a < 15");
			ok(s, "COMMIT"); // 2: 15 deletes kept in the catalog
			ok(s, "BEGIN");
			ok(s, "CALL ducklake_flush_inlined_data('d')"); // the first change of the transaction
			assertEquals(List.of("35"), rows(s, "SELECT count(*) FROM d.t"));
			ok(s, "ROLLBACK");
			ok(s, "DETACH d");
		}
		try (Connection c = lake.open()) {
			assertEquals(List.of("15|2"), jdbc(c, "SELECT count(*), min(begin_snapshot) FROM ducklake_inlined_delete_1"),
					"the rolled back flush left the deletes in the catalog");
			assertEquals(List.of("0"), jdbc(c, "SELECT count(*) FROM ducklake_delete_file"));
			assertEquals(List.of("2"), jdbc(c, "SELECT max(snapshot_id) FROM ducklake_snapshot"), "no snapshot made");
		}
		assertEquals(1, filesUnder(lake.data()), "no delete file left behind");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach);
			ok(s, "BEGIN");
			ok(s, "CALL ducklake_flush_inlined_data('d')");
			ok(s, "COMMIT");
			assertEquals(List.of("35"), rows(s, "SELECT count(*) FROM d.t"));
			ok(s, "DETACH d");
		}
		try (Connection c = lake.open()) {
			assertEquals(List.of("0"), jdbc(c, "SELECT count(*) FROM ducklake_inlined_delete_1"));
			assertEquals(List.of("15|2"), jdbc(c, "SELECT delete_count, begin_snapshot FROM ducklake_delete_file"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aCheckpointInsideATransactionFlushesOnItsOwn(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		String attach = DuckLakeTransactionMaintenanceTest.attach(lake, 5);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach);
			ok(s, "CREATE TABLE d.t AS SELECT range a FROM range(10)"); // 1
			ok(s, "DELETE FROM d.t WHERE a < 2"); // 2: kept in the catalog
			ok(s, "BEGIN");
			ok(s, "INSERT INTO d.t VALUES (13), (14), (15)"); // inlined, the transaction's own
			// the extension checkpoints from a connection of its own: the committed deletes flush and commit now,
			// the transaction's rows are not its to flush (checkpoint/checkpoint_updates_interleaved.test)
			ok(s, "CHECKPOINT d");
			ok(s, "ROLLBACK");
			assertEquals(List.of("8"), rows(s, "SELECT count(*) FROM d.t"));
			ok(s, "DETACH d");
		}
		try (Connection c = lake.open()) {
			assertEquals(List.of("0"), jdbc(c, "SELECT count(*) FROM ducklake_inlined_delete_1"));
			assertEquals(List.of("2|2"), jdbc(c, "SELECT delete_count, begin_snapshot FROM ducklake_delete_file"));
			assertEquals(List.of("0"), jdbc(c, "SELECT count(*) FROM ducklake_inlined_data_1_1"), "no row of the"
					+ " rolled back insert");
		}
	}

	private static String count(EngineSession s, int version) throws Exception {
		return rows(s, "SELECT count(*) FROM d.t AT (VERSION => " + version + ")").getFirst();
	}

	private static long filesUnder(Path dir) throws Exception {
		try (java.util.stream.Stream<Path> w = Files.walk(dir)) {
			return w.filter(Files::isRegularFile).count();
		}
	}
}
