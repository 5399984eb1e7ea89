package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableName;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;

/**
 * A statement run again runs as it was made last time (no name lookup, no mirror, no chunk bookkeeping), and
 * still answers exactly as a statement made anew would: each thing its plan was made from moving makes it again
 * — the table's held log due for refreshing, the log refreshed by another engine, the catalog written by another
 * handle, a file gone from the disk cache. A kept plan's run still counts as a read of its table.
 */
class KeptPlanTest {

	private static final String SQL = "SELECT count(*), sum(id) FROM \"Kept/Plan\".t";

	@Test
	void aStatementRunAgainAnswersAsIfMadeAnew(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		Path table = Files.createDirectories(root.resolve("Kept/Plan.Lakehouse/Tables/t"));
		DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false)), List.of(), Map.of());
		MutableClock clock = new MutableClock(Instant.now());
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties())) {
			StatementCacheTest.add(d, table, "a.parquet", 0, 100);
			try (TestLake lake = TestLake.of(tmp, root); Engine e = lake.engine(clock)) {
				LakeTable t = lake.catalog.resolve(TableName.parse("Kept/Plan/t")).table();
				assertEquals(List.of(List.of("100", "4950")), TestLake.rows(e, SQL));
				assertFalse(e.lastPlanKept(), "made the first time");
				assertEquals(List.of(List.of("100", "4950")), TestLake.rows(e, SQL));
				assertTrue(e.lastPlanKept(), "run again as it was made");
				assertEquals(2, lake.catalog.uses(t.id(), Instant.EPOCH).size(), "each run is a read of the table");

				// a new commit: within catalogTtlMinutes the held log answers (as a plan made anew would)...
				StatementCacheTest.add(d, table, "b.parquet", 100, 10);
				assertEquals(List.of(List.of("100", "4950")), TestLake.rows(e, SQL));
				assertTrue(e.lastPlanKept());
				// ...and once the held log is due, it is read again
				clock.advance(Duration.ofMinutes(61));
				assertEquals(List.of(List.of("110", "5995")), TestLake.rows(e, SQL));
				assertFalse(e.lastPlanKept(), "the log was due: made anew");
				assertEquals(List.of(List.of("110", "5995")), TestLake.rows(e, SQL));
				assertTrue(e.lastPlanKept());

				// another engine (another process) refreshes the held log with --fresh
				StatementCacheTest.add(d, table, "c.parquet", 110, 10);
				try (Engine other = lake.engine(clock); Result r = other.execute(SQL, "test", true)) {
					r.next();
					assertEquals("120", r.text(0));
				}
				assertEquals(List.of(List.of("120", "7140")), TestLake.rows(e, SQL), "the log another engine read");
				assertFalse(e.lastPlanKept());

				// the disk cache lost the files (evicted by another engine, or cleared): fetched again, same answer
				long fetched = e.fetchedBytes();
				try (Stream<Path> files = Files.list(lake.home.resolve("cache/files"))) {
					for (Path p : (Iterable<Path>) files::iterator) {
						Files.delete(p);
					}
				}
				assertEquals(List.of(List.of("120", "7140")), TestLake.rows(e, SQL));
				assertFalse(e.lastPlanKept());
				assertTrue(e.fetchedBytes() > fetched, "the files were fetched again");

				// another handle (a sync in another process) finds the table dropped
				assertEquals(List.of(List.of("120", "7140")), TestLake.rows(e, SQL));
				assertTrue(e.lastPlanKept());
				try (Catalog other = Catalogs.open(lake.catalog.file(), "test")) {
					other.replaceTables(t.itemId(), List.of(), true, Instant.now());
				}
				EngineException dropped = assertThrows(EngineException.class, () -> TestLake.rows(e, SQL));
				assertEquals(EngineException.Kind.MISSING, dropped.kind(), dropped.getMessage());
				assertTrue(dropped.getMessage().startsWith("no table Kept/Plan/t"), dropped.getMessage());
				assertEquals(9, lake.catalog.uses(t.id(), Instant.EPOCH).size(),
						"each of the nine runs that read rows counted (the other engine's too), kept or not");
			}
		}
	}
}
