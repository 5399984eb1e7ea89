package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watcher hears other processes' writes and says which listings changed. */
class WatcherTest {

	private static final Duration PERIOD = Duration.ofMillis(500);

	@TempDir
	Path home;

	@Test
	void changeWrittenByAnotherProcessIsSeenWithinOnePeriod() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
		}
		BlockingQueue<CatalogChange> changes = new LinkedBlockingQueue<>();
		try (CatalogWatcher w = CatalogWatcher.start(file, PERIOD, changes::add)) {
			Process p = ChildProcess.start(CatalogWriterMain.class, file.toString(), "add-table", "Sales/Orders.Lakehouse",
					"returns");
			assertEquals(0, p.waitFor(), ChildProcess.output(p));
			long written = System.nanoTime();
			CatalogChange change = changes.poll(5, TimeUnit.SECONDS);
			long seenMs = (System.nanoTime() - written) / 1_000_000;
			assertNotNull(change, "the watcher heard the other process");
			assertEquals(Set.of(Listing.tables("Sales/Orders.Lakehouse")), change.listings());
			// one period, plus slack for a loaded 2-core machine to schedule the watcher thread
			assertTrue(seenMs <= 2 * PERIOD.toMillis(), "seen within one period, took " + seenMs + " ms");
		}
	}

	@Test
	void writeRightAfterStartIsHeardThoughTheFirstLookReadsManyListings() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
		}
		// 100,000 tables' metadata listings, written in one statement (a sync would take minutes): the first look
		// reads them on the watcher's thread for a while, and a write made meanwhile must still count as a change
		try (var raw = new org.sqlite.JDBC().connect("jdbc:sqlite:" + file, new java.util.Properties());
				var s = raw.createStatement()) {
			s.execute("INSERT INTO sync_state(listing, last_success, complete) WITH RECURSIVE n(i) AS (SELECT 0"
					+ " UNION ALL SELECT i + 1 FROM n WHERE i < 99999) SELECT 'table/Big/t' || i, 0, 1 FROM n");
		}
		BlockingQueue<CatalogChange> changes = new LinkedBlockingQueue<>();
		try (Catalog c = Catalogs.open(file, "a");
				CatalogWatcher w = CatalogWatcher.start(file, PERIOD, changes::add)) {
			c.recordFailure(Listing.tables("Sales/Orders.Lakehouse"), "timed out", Fixtures.T0.plusSeconds(60));
			CatalogChange change = changes.poll(5, TimeUnit.SECONDS);
			assertNotNull(change, "the write right after start was heard");
			assertEquals(Set.of(Listing.tables("Sales/Orders.Lakehouse")), change.listings());
		}
	}

	@Test
	void listingWhoseNameHoldsControlCharactersIsReportedByItsName() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		// a folder name may hold any character, the watcher's separators (char 30, char 31) too
		String odd = Listing.files("Sales/Orders.Lakehouse", "raw\u001e1\u001f2");
		BlockingQueue<CatalogChange> changes = new LinkedBlockingQueue<>();
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
			c.recordFailure(odd, "timed out", Fixtures.T0);
			try (CatalogWatcher w = CatalogWatcher.start(file, PERIOD, changes::add)) {
				c.recordFailure(odd, "timed out again", Fixtures.T0.plusSeconds(60));
				assertEquals(Set.of(odd), changes.poll(5, TimeUnit.SECONDS).listings());
				c.recordFailure(Listing.tables("Sales/Orders.Lakehouse"), "503", Fixtures.T0.plusSeconds(70));
				assertEquals(Set.of(Listing.tables("Sales/Orders.Lakehouse")),
						changes.poll(5, TimeUnit.SECONDS).listings());
			}
		}
	}

	@Test
	void repeatListingWithNoChangeIsNotReported() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		BlockingQueue<CatalogChange> changes = new LinkedBlockingQueue<>();
		try (Catalog c = Catalogs.open(file, "a");
				CatalogWatcher w = CatalogWatcher.start(file, PERIOD, changes::add)) {
			Fixtures.fill(c);
			assertNotNull(changes.poll(3, TimeUnit.SECONDS));
			changes.clear();
			Item orders = Fixtures.lakehouse("Sales", "Orders");
			c.replaceTables(orders.id(), c.tables(orders.id()).stream()
					.map(t -> new LakeTable(t.itemId(), t.schema(), t.name(), t.format(), t.location())).toList(),
					true, Fixtures.T0.plusSeconds(60));
			assertEquals(null, changes.poll(3 * PERIOD.toMillis(), TimeUnit.MILLISECONDS));
			c.recordFailure(Listing.tables(orders.id()), "timed out", Fixtures.T0.plusSeconds(70));
			assertEquals(Set.of(Listing.tables(orders.id())), changes.poll(3, TimeUnit.SECONDS).listings());
		}
	}

	@Test
	void warmStateChangeRedrawsItsItemOnlyWhenItChanges() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		BlockingQueue<CatalogChange> changes = new LinkedBlockingQueue<>();
		try (Catalog c = Catalogs.open(file, "a");
				CatalogWatcher w = CatalogWatcher.start(file, PERIOD, changes::add)) {
			Fixtures.fill(c);
			assertNotNull(changes.poll(3, TimeUnit.SECONDS));
			changes.clear();
			Item orders = Fixtures.lakehouse("Sales", "Orders");
			String table = c.tables(orders.id()).get(0).id();
			c.putWarmState(new WarmState(table, 3, 1, false, false, Fixtures.T0));
			assertEquals(Set.of(Listing.tables(orders.id())), changes.poll(3, TimeUnit.SECONDS).listings(),
					"a table starting to warm redraws its item");
			c.putWarmState(new WarmState(table, 3, 2, false, false, Fixtures.T0.plusSeconds(5)));
			assertEquals(null, changes.poll(3 * PERIOD.toMillis(), TimeUnit.MILLISECONDS),
					"one more column read changes nothing the tree shows");
			c.putWarmState(new WarmState(table, 3, 4, true, false, Fixtures.T0.plusSeconds(9)));
			assertEquals(Set.of(Listing.tables(orders.id())), changes.poll(3, TimeUnit.SECONDS).listings(),
					"complete at snapshot 3: the check appears");
			assertEquals(List.of(new WarmState(table, 3, 4, true, false, Fixtures.T0.plusSeconds(9))), c.warmStates());
		}
	}

	@Test
	void replacedFileIsReportedAsEverything() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
		}
		BlockingQueue<CatalogChange> changes = new LinkedBlockingQueue<>();
		try (CatalogWatcher w = CatalogWatcher.start(file, PERIOD, changes::add)) {
			Files.move(file, file.resolveSibling("old.sqlite"));
			Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-wal"));
			Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-shm"));
			try (Catalog c = Catalogs.open(file, "a")) {
				c.replaceWorkspaces(List.of(new Workspace("X", "X")), true, Fixtures.T0);
			}
			CatalogChange change = changes.poll(5, TimeUnit.SECONDS);
			assertNotNull(change);
			assertTrue(change.everything());
		}
	}
}
