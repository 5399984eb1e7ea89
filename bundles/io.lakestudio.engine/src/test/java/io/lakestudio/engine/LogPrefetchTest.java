package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.mirror.testing.WatchedStore;

/**
 * A cold statement's log is asked for while DuckDB starts and parses the statement, not after: the listing of the
 * table's log goes out from another thread than the statement's, once, and what it brought is what the statement
 * reads. A read started for a statement that never took it (refused) is waited for, never taken by a later one. A
 * name is looked up again once the catalog has changed.
 */
class LogPrefetchTest {

	private static final String T = "\"Bench/Pre\".pre";

	@TempDir
	Path tmp;

	private Path table(Path root) throws Exception {
		return table(root, "pre");
	}

	private Path table(Path root, String name) throws Exception {
		Path table = Files.createDirectories(root.resolve("Bench/Pre.Lakehouse/Tables/" + name));
		DeltaTables.create(table, List.of(new DeltaColumn("a", "string", false), new DeltaColumn("c", "string", false)),
				List.of(), Map.of());
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			for (int f = 0; f < 3; f++) {
				Path p = table.resolve("part-" + f + ".parquet");
				s.execute("COPY (SELECT md5((" + f + " * 1000 + i)::VARCHAR) AS a, i::VARCHAR AS c FROM range(1000) r(i))"
						+ " TO '" + p + "' (FORMAT parquet)");
				DeltaTables.append(table, List.of(new DataFile(p.getFileName().toString(), Files.size(p), Map.of(), 1000L,
						Map.of(), Map.of(), Map.of())));
			}
		}
		return table;
	}

	@Test
	@Timeout(120)
	void aColdStatementsLogIsListedOffItsThreadOnceAndRead() throws Exception {
		Path root = tmp.resolve("lake");
		Path table = table(root);
		try (TestLake lake = TestLake.of(tmp, root)) {
			WatchedStore store = new WatchedStore(lake.lake.store());
			try (Engine e = lake.engine(store, false, Duration.ofHours(1))) {
				KernelOracle.Answer kernel = KernelOracle.read(table, null, Set.of("a", "c"));
				KernelOracle.Answer got = TestLake.read(e, "SELECT a, c FROM " + T + " WHERE c <> 'x'");
				assertEquals(kernel.rows(), got.rows());
				assertEquals(kernel.checksum(), got.checksum(), "a and c equal Kernel's read");
				assertEquals(1, store.logListings.get(), "the log listed once");
				assertNotSame(Thread.currentThread(), store.logLister, "listed while the statement went on to DuckDB");
			}
		}
	}

	@Test
	@Timeout(120)
	void aRefusedStatementsLogReadIsWaitedForNotTakenByALaterStatement() throws Exception {
		Path root = tmp.resolve("lake");
		Path table = table(root);
		try (TestLake lake = TestLake.of(tmp, root)) {
			WatchedStore store = new WatchedStore(lake.lake.store());
			// a held log is due at once: each statement reads the log as it is then
			try (Engine e = lake.engine(store, false, Duration.ZERO)) {
				EngineException refused = assertThrows(EngineException.class,
						() -> e.execute("COPY (SELECT * FROM " + T + ") TO '" + tmp.resolve("out.csv") + "'", "test"));
				assertEquals(EngineException.Kind.REFUSED, refused.kind(), refused.getMessage());
				KernelOracle.Answer kernel = KernelOracle.read(table, null, Set.of("a", "c"));
				KernelOracle.Answer got = TestLake.read(e, "SELECT a, c FROM " + T);
				assertEquals(kernel.checksum(), got.checksum(), "a and c equal Kernel's read");
				assertEquals(2, store.logListings.get(), "the refused statement's read of the log, then the next one's"
						+ " own (not the older read taken as if it were new)");
			}
		}
	}

	@Test
	@Timeout(120)
	void aNameIsLookedUpAgainOnceTheCatalogChanged() throws Exception {
		Path root = tmp.resolve("lake");
		table(root);
		try (TestLake lake = TestLake.of(tmp, root)) {
			WatchedStore store = new WatchedStore(lake.lake.store());
			try (Engine e = lake.engine(store, false, Duration.ofHours(1))) {
				String sql = "SELECT a, c FROM \"Bench/Pre\".later";
				try {
					TestLake.read(e, sql); // named before the catalog knows of it
				} catch (EngineException unknown) {
					// as expected; what matters is the next statement
				}
				Path later = table(root, "later");
				new io.lakestudio.sync.SyncPass(lake.catalog, lake.lake, java.time.Clock.systemUTC(),
						new io.lakestudio.catalog.EventLog(lake.home)).run(io.lakestudio.sync.SyncPass.Options.ALL,
								w -> {
								}, () -> false);
				store.logLister = null;
				KernelOracle.Answer kernel = KernelOracle.read(later, null, Set.of("a", "c"));
				assertEquals(kernel.checksum(), TestLake.read(e, sql).checksum(), "a and c equal Kernel's read");
				assertNotSame(Thread.currentThread(), store.logLister, "its log listed while the statement went on to"
						+ " DuckDB: the name was looked up again, not taken as unknown from before");
			}
		}
	}
}
