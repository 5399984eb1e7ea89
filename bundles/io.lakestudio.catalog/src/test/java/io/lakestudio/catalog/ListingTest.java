package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ListingTest {

	@TempDir
	Path home;
	Catalog catalog;
	Item orders = Fixtures.lakehouse("Sales", "Orders");

	@BeforeEach
	void open() {
		catalog = Catalogs.open(Catalogs.catalogFile(home, "a"), "a");
		Fixtures.fill(catalog);
	}

	@Test
	void tableMissingFromCompleteListingIsDroppedThenDeleted() {
		Instant t1 = Fixtures.T0.plusSeconds(60);
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "orders"),
				Fixtures.table(orders, "customers")), true, t1);
		LakeTable lines = catalog.table(Fixtures.table(orders, "order_lines").id()).orElseThrow();
		assertEquals(t1, lines.droppedAt(), "missing once: marked dropped, still served");
		assertEquals(Fixtures.T0, lines.lastRead(), "a dropped row keeps when it was last seen");

		Instant t2 = t1.plusSeconds(60);
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "orders"),
				Fixtures.table(orders, "customers")), true, t2);
		assertTrue(catalog.table(Fixtures.table(orders, "order_lines").id()).isEmpty(),
				"missing at the next complete listing: deleted");
		assertEquals(t2, catalog.table(Fixtures.table(orders, "orders").id()).orElseThrow().lastRead());
	}

	@Test
	void tableCountsLeaveDroppedTablesOutAndCountNamedSchemas() {
		// Orders: orders, customers, order_lines missing from the next complete listing (dropped), plus dbo.facts
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "orders"), Fixtures.table(orders, "customers"),
				new LakeTable(orders.id(), "dbo", "facts", LakeTable.DELTA, null)), true, Fixtures.T0.plusSeconds(60));
		var counts = catalog.tableCounts("Sales");
		assertEquals(java.util.Map.of(orders.id(), new ReadOnlyCatalog.TableCounts(3, 1, true)), counts);
		assertEquals(java.util.Map.of(Fixtures.lakehouse("Finance", "Ledger").id(),
				new ReadOnlyCatalog.TableCounts(1, 0, false)), catalog.tableCounts("Finance"));
		assertEquals(java.util.Map.of(), catalog.tableCounts("Nowhere"));
	}

	@Test
	void syncStatesOfAPrefixAreThoseUnderItAlone() {
		String under = Listing.tableMetadata(orders.id() + "/");
		catalog.recordFailure(Listing.tableMetadata(orders.id() + "0/x"), "503", Fixtures.T0);
		catalog.recordFailure(Listing.tableMetadata(orders.id().toUpperCase() + "/c"), "503", Fixtures.T0);
		// Fixtures.fill read the metadata of Orders' orders table alone
		assertEquals(List.of(Listing.tableMetadata(Fixtures.table(orders, "orders").id())),
				catalog.syncStates(under).stream().map(SyncState::listing).toList());
	}

	@Test
	void failingListingsOfAPrefixAreThoseUnderItAlone() {
		Instant t = Fixtures.T0.plusSeconds(60);
		String under = orders.id() + "/";
		for (String listing : List.of(under + "a", under + "z\uffff", under, orders.id() + "0/x", orders.id() + "/" + "b",
				orders.id().toUpperCase() + "/c", orders.id() + ".x/d", "x\uffff", "x\uffffy")) {
			catalog.recordFailure(Listing.tableMetadata(listing), "503", t);
		}
		// one that failed and was read since: not failing
		String read = Fixtures.table(orders, "orders").id();
		catalog.recordFailure(Listing.tableMetadata(read), "503", t);
		catalog.putTableMetadata(read, new TableMetadata(LakeTable.DELTA, 1, t, List.of(), List.of(), 10, 1, 5L),
				t.plusSeconds(1));

		assertEquals(List.of(under, under + "a", under + "b", under + "z\uffff"), failing(Listing.tableMetadata(under)));
		// a prefix ending in a character with no plain successor, and none: the same rule
		assertEquals(List.of("x\uffff", "x\uffffy"), failing(Listing.tableMetadata("x\uffff")));
		assertEquals(9, catalog.failingSyncStates("").size());
	}

	/** The listings {@code failingSyncStates(prefix)} gives, without the table-metadata listing's own prefix. */
	private List<String> failing(String prefix) {
		String kind = Listing.tableMetadata("");
		return catalog.failingSyncStates(prefix).stream().map(s -> s.listing().substring(kind.length())).toList();
	}

	@Test
	void droppedTableThatComesBackIsNoLongerDropped() {
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "orders")), true,
				Fixtures.T0.plusSeconds(1));
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "orders"),
				Fixtures.table(orders, "customers")), true, Fixtures.T0.plusSeconds(2));
		assertNull(catalog.table(Fixtures.table(orders, "customers").id()).orElseThrow().droppedAt());
	}

	@Test
	void incompleteListingAddsButDropsNothing() {
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "returns")), false,
				Fixtures.T0.plusSeconds(5));
		assertEquals(4, catalog.tables(orders.id()).size());
		assertTrue(catalog.tables(orders.id()).stream().noneMatch(LakeTable::dropped));
		assertFalse(catalog.syncState(Listing.tables(orders.id())).orElseThrow().complete());
	}

	@Test
	void failedListingKeepsLastGoodRowsAndSaysWhy() {
		Instant t1 = Fixtures.T0.plusSeconds(30);
		catalog.recordFailure(Listing.tables(orders.id()), "503 Service Unavailable", t1);
		assertEquals(3, catalog.tables(orders.id()).size());
		SyncState s = catalog.syncState(Listing.tables(orders.id())).orElseThrow();
		assertTrue(s.failing());
		assertEquals("503 Service Unavailable", s.failureMessage());
		assertEquals(Fixtures.T0, s.lastSuccess());
		assertEquals(t1, s.lastFailure());
	}

	@Test
	void changeSequenceMovesOnlyWhenRowsChange() {
		String listing = Listing.tables(orders.id());
		long seq = catalog.syncState(listing).orElseThrow().changeSeq();
		List<LakeTable> same = catalog.tables(orders.id()).stream()
				.map(t -> new LakeTable(t.itemId(), t.schema(), t.name(), t.format(), t.location())).toList();
		catalog.replaceTables(orders.id(), same, true, Fixtures.T0.plusSeconds(10));
		assertEquals(seq, catalog.syncState(listing).orElseThrow().changeSeq(), "a repeat listing changes nothing");
		catalog.replaceTables(orders.id(), Fixtures.tables(orders, 2), true, Fixtures.T0.plusSeconds(20));
		assertTrue(catalog.syncState(listing).orElseThrow().changeSeq() > seq);
	}

	@Test
	void metadataStoresColumnsAndReplacesThem() {
		String id = Fixtures.table(orders, "orders").id();
		LakeTable t = catalog.table(id).orElseThrow();
		assertEquals(3L, t.snapshotVersion());
		assertEquals(List.of("order_date"), t.partitionColumns());
		assertEquals(3, catalog.columns(id).size());
		assertTrue(catalog.columns(id).get(2).partition());
		catalog.putTableMetadata(id, new TableMetadata(LakeTable.DELTA, 4, Fixtures.T0,
				List.of(new LakeColumn(0, "order_id", "long", false, false)), List.of(), 10, 1, 5L),
				Fixtures.T0.plusSeconds(1));
		assertEquals(1, catalog.columns(id).size());
		assertEquals(4L, catalog.table(id).orElseThrow().snapshotVersion());
		assertNotNull(catalog.table(id).orElseThrow().metadataRead());
	}

	@Test
	void allTablesIsOnePassWithColumns() {
		var all = catalog.allTables();
		assertEquals(4, all.size());
		var orders = all.stream().filter(t -> t.table().name().equals("orders")).findFirst().orElseThrow();
		assertEquals(List.of("order_id", "customer_id", "order_date"),
				orders.columns().stream().map(LakeColumn::name).toList());
		assertTrue(all.stream().filter(t -> !t.table().name().equals("orders")).allMatch(t -> t.columns().isEmpty()));
	}

	@Test
	void leaseGoesToOneHolderUntilItsHeartbeatIsStale() {
		Duration stale = Duration.ofSeconds(90);
		Instant t = Fixtures.T0;
		assertTrue(catalog.acquireLease("hostA:1:t", stale, t));
		assertFalse(catalog.acquireLease("hostB:2:t", stale, t.plusSeconds(89)));
		assertTrue(catalog.acquireLease("hostA:1:t", stale, t.plusSeconds(60)), "the holder renews");
		assertFalse(catalog.acquireLease("hostB:2:t", stale, t.plusSeconds(149)));
		assertTrue(catalog.acquireLease("hostB:2:t", stale, t.plusSeconds(150)), "90 s without heartbeat: taken");
		assertEquals("hostB:2:t", catalog.lease().orElseThrow().holder());
		catalog.releaseLease("hostA:1:t");
		assertEquals("hostB:2:t", catalog.lease().orElseThrow().holder(), "only the holder releases");
		catalog.releaseLease("hostB:2:t");
		assertTrue(catalog.lease().isEmpty());
	}

	@Test
	void usesAreKeptPerStatement() {
		String id = Fixtures.table(orders, "orders").id();
		catalog.recordUse(id, "cli", Fixtures.T0);
		catalog.recordUse(id, "tab", Fixtures.T0.plusSeconds(5));
		assertEquals(2, catalog.uses(id, Fixtures.T0).size());
		assertEquals(1, catalog.uses(id, Fixtures.T0.plusSeconds(1)).size());
	}

	@Test
	void usesReachAnotherHandleWithinASecondAndAtClose() throws Exception {
		String id = Fixtures.table(orders, "orders").id();
		try (Catalog other = Catalogs.open(catalog.file(), "a")) {
			catalog.recordUse(id, "cli", Fixtures.T0);
			long until = System.nanoTime() + 3_000_000_000L;
			while (other.uses(id, Fixtures.T0).isEmpty() && System.nanoTime() < until) {
				Thread.sleep(50);
			}
			assertEquals(1, other.uses(id, Fixtures.T0).size(), "written within a second, without a read here");
			catalog.recordUse(id, "tab", Fixtures.T0.plusSeconds(1));
			catalog.close();
			assertEquals(2, other.uses(id, Fixtures.T0).size(), "written at close");
		}
	}

	@Test
	void generationMovesWithEveryWriteButAUse() {
		String id = Fixtures.table(orders, "orders").id();
		long g = catalog.generation();
		assertEquals(g, catalog.generation(), "nothing written");
		catalog.recordUse(id, "cli", Fixtures.T0);
		assertEquals(1, catalog.uses(id, Fixtures.T0).size());
		assertEquals(g, catalog.generation(), "a use names nothing");
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "orders")), true, Fixtures.T0);
		long mine = catalog.generation();
		assertTrue(mine != g, "a write through this handle");
		try (Catalog other = Catalogs.open(catalog.file(), "a")) {
			other.recordFailure("tables:" + orders.id(), "boom", Fixtures.T0);
		}
		assertTrue(catalog.generation() != mine, "a write through another handle");
	}

	@Test
	void filesListingPerFolder() {
		catalog.replaceFiles(orders.id(), "", List.of(new LakeFile(orders.id(), "", "raw", true, 0, null),
				new LakeFile(orders.id(), "", "readme.txt", false, 12, Fixtures.T0)), true, Fixtures.T0);
		catalog.replaceFiles(orders.id(), "raw", List.of(new LakeFile(orders.id(), "raw", "a.csv", false, 5, null)),
				true, Fixtures.T0);
		assertEquals(List.of("raw", "readme.txt"), catalog.files(orders.id(), "").stream().map(LakeFile::name).toList());
		assertEquals("raw/a.csv", catalog.files(orders.id(), "raw").get(0).path());
		catalog.replaceFiles(orders.id(), "", List.of(new LakeFile(orders.id(), "", "raw", true, 0, null)), true,
				Fixtures.T0.plusSeconds(1));
		assertTrue(catalog.files(orders.id(), "").get(1).droppedAt() != null);
	}
}
