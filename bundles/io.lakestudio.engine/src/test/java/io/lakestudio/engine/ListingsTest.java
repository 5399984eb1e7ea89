package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Properties;

import org.duckdb.DuckDBDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.delta.ScanFile;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.sync.Syncer;

/**
 * A name the catalog can't answer asks the sync job for that one listing before it is called missing; a table
 * whose files went away since its held snapshot is read again once (listing, metadata, log) and then answers.
 */
class ListingsTest {

	/** The sync worker's top-priority path, as the command line and the engine server host it, counted. */
	static final class Counted implements Listings {
		final List<String> asked = new ArrayList<>();
		final Syncer syncer;

		Counted(TestLake lake, boolean offline) {
			syncer = new Syncer(lake.catalog, lake.lake, Clock.systemUTC(), line -> {
			}, () -> offline, Syncer.defaults("test"));
		}

		@Override
		public void read(String listing) throws Unavailable {
			asked.add(listing);
			try {
				syncer.fresh(listing);
			} catch (LakeException e) {
				throw new Unavailable(e.getMessage(), e);
			}
		}
	}

	/** Workspaces and items listed, no lakehouse's tables: what a catalog looks like before the sweep gets there. */
	private static Item itemsOnly(TestLake lake, Counted c) throws Exception {
		c.syncer.fresh(Listing.WORKSPACES);
		Workspace sales = lake.catalog.workspaceNamed("Sales").orElseThrow();
		c.syncer.fresh(Listing.items(sales.id()));
		c.asked.clear();
		return lake.catalog.itemNamed(sales.id(), "Orders").orElseThrow();
	}

	@Test
	void aLakehouseNeverListedIsListedOnceAndTheStatementAnswers(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.unsynced(tmp)) {
			Counted c = new Counted(lake, false);
			Item orders = itemsOnly(lake, c);
			int issued = c.syncer.issued();
			try (Engine e = lake.engine(c)) {
				assertEquals("2000", TestLake.one(e, "SELECT count(*) FROM \"Sales/Orders\".customers"));
				assertEquals(List.of(Listing.tables(orders.id())), c.asked, "that one listing, nothing else");
				assertEquals(issued + 1, c.syncer.issued(), "one request");
				assertTrue(lake.catalog.syncState(Listing.tables(orders.id())).orElseThrow().held());

				// now held: another table of it asks nothing
				c.asked.clear();
				assertEquals("300", TestLake.one(e, "SELECT count(*) FROM \"Sales/Orders\".products"));
				assertEquals(List.of(), c.asked);

				// a name that is not there after the listing was read again: missing, with the closest names
				EngineException miss = assertThrows(EngineException.class,
						() -> e.execute("SELECT * FROM \"Sales/Orders\".custmers", "test"));
				assertEquals(EngineException.Kind.MISSING, miss.kind());
				assertTrue(miss.getMessage().startsWith("no table Sales/Orders/custmers; closest: Sales/Orders/customers"),
						miss.getMessage());
				assertEquals(List.of(Listing.tables(orders.id())), c.asked, "the held listing read once more, once");
			}
		}
	}

	@Test
	void offlineNothingIsAskedAndTheAnswerIsAtOnce(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.unsynced(tmp)) {
			Counted online = new Counted(lake, false);
			itemsOnly(lake, online);
			Counted c = new Counted(lake, true);
			try (Engine e = lake.engine(c)) {
				long t0 = System.nanoTime();
				EngineException x = assertThrows(EngineException.class,
						() -> e.execute("SELECT count(*) FROM \"Sales/Orders\".customers", "test"));
				assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "fails at once");
				assertEquals(EngineException.Kind.MISSING, x.kind());
				assertTrue(x.getMessage().contains("is not known: the listing tables/")
						&& x.getMessage().contains("Offline"), x.getMessage());
				assertEquals(0, c.syncer.issued(), "offline: no request");
			}
		}
	}

	@Test
	void filesRemovedSinceTheHeldSnapshotAreReadAgainOnce(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp)) {
			Counted c = new Counted(lake, false);
			String sql = "SELECT count(*), sum(customer_id), count(email) FROM \"Sales/Orders\".customers";
			try (Engine e = lake.engine(c)) {
				TestLake.one(e, "SELECT count(*) FROM \"Sales/Orders\".customers"); // the log is held now
				Path table = lake.table("Sales/Orders.Lakehouse/Tables/customers");
				long before = DeltaTables.snapshot(table).version();
				optimize(table);
				// the held log is within its TTL, so the statement plans on the old files, which are gone
				List<String> row = TestLake.rows(e, sql).get(0);
				assertEquals(List.of("2000", "2001000"), row.subList(0, 2));
				String id = lake.catalog.resolve(io.lakestudio.catalog.TableName.parse("Sales/Orders/customers"))
						.table().id();
				String item = lake.catalog.resolve(io.lakestudio.catalog.TableName.parse("Sales/Orders/customers"))
						.table().itemId();
				assertEquals(List.of(Listing.tables(item), Listing.tableMetadata(id)), c.asked, "one refresh");
				assertEquals(before + 1, e.mirror().held(lake.catalog.table(id).orElseThrow()).orElseThrow().version(),
						"the new snapshot is read");
			}
		}
	}

	@Test
	void aSecondFailureIsFinalNotALoop(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp)) {
			Counted c = new Counted(lake, false);
			LakeStore store = lake.lake.store();
			LakeStore noData = new LakeStore() {
				@Override
				public List<Entry> list(String dir, boolean recursive) throws LakeException {
					return store.list(dir, recursive);
				}

				@Override
				public Entry stat(String path) throws LakeException {
					return store.stat(path);
				}

				@Override
				public byte[] read(String path, long offset, int length) throws LakeException {
					if (path.endsWith(".parquet") && !path.contains("_delta_log")) {
						throw new LakeException(LakeException.Kind.NOT_FOUND, "no file " + path);
					}
					return store.read(path, offset, length);
				}
			};
			try (Engine e = new Engine(new EngineConfig(lake.home, lake.catalog, noData, Clock.systemUTC(), 1024, 2,
					1L << 30, java.time.Duration.ofMinutes(60), false), c)) {
				long t0 = System.nanoTime();
				EngineException x = assertThrows(EngineException.class,
						() -> e.execute("SELECT sum(customer_id) FROM \"Sales/Orders\".customers", "test"));
				assertTrue(System.nanoTime() - t0 < 20_000_000_000L);
				assertEquals(EngineException.Kind.FAILED, x.kind());
				assertTrue(x.getMessage().startsWith("cannot fetch ") && x.getMessage().contains("still failing after"),
						x.getMessage());
				assertEquals(2, c.asked.size(), "one refresh (listing and metadata): " + c.asked);
			}
		}
	}

	/** An OPTIMIZE and VACUUM: the table's files rewritten into one, a commit saying so, the old files deleted. */
	static void optimize(Path table) throws Exception {
		List<ScanFile> files = DeltaTables.scanFiles(table, OptionalLong.empty());
		long version = DeltaTables.snapshot(table).version() + 1;
		String name = "part-00000-optimized.snappy.parquet";
		StringBuilder list = new StringBuilder();
		for (ScanFile f : files) {
			list.append(list.length() == 0 ? "" : ", ").append("'").append(table.resolve(f.path())).append("'");
		}
		try (Connection d = new DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			s.execute("COPY (SELECT * FROM read_parquet([" + list + "])) TO '" + table.resolve(name)
					+ "' (FORMAT parquet)");
		}
		long now = System.currentTimeMillis();
		StringBuilder commit = new StringBuilder();
		for (ScanFile f : files) {
			commit.append("{\"remove\":{\"path\":\"").append(f.path()).append("\",\"deletionTimestamp\":").append(now)
					.append(",\"dataChange\":false}}\n");
		}
		commit.append("{\"add\":{\"path\":\"").append(name).append("\",\"partitionValues\":{},\"size\":")
				.append(Files.size(table.resolve(name))).append(",\"modificationTime\":").append(now)
				.append(",\"dataChange\":false}}\n");
		commit.append("{\"commitInfo\":{\"timestamp\":").append(now).append(",\"operation\":\"OPTIMIZE\"}}\n");
		Files.writeString(table.resolve("_delta_log").resolve(String.format("%020d.json", version)), commit,
				StandardCharsets.UTF_8);
		for (ScanFile f : files) {
			Files.delete(table.resolve(f.path()));
		}
	}
}
