package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/** The seed's "Maintenance": dropped indexes' ranges reclaimed in bounded batches, no snapshot minted. */
class MaintenanceTest {

	@Test
	void nothingDroppedMeansNothingToReclaimAndNoSnapshot() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			SnapshotId head = catalog.snapshot().id();
			MaintenanceReport report = catalog.maintain(MaintenanceRequest.defaults());
			assertEquals(0, report.indexesSwept());
			assertEquals(head, catalog.snapshot().id());
			assertEquals(1, catalog.snapshots().size());
			assertEquals(1, catalog.maintenanceStatus().size(), "the pass is in the status history");
		}
	}

	static TableId tableWithIndex(Catalog catalog, int entries) {
		catalog.commit(tx -> tx.createTable(new SchemaId(0), "t", List.of(ColumnDef.of("k", "VARCHAR"))));
		TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
		ColumnId k = catalog.snapshot().columns(t).get(0).id();
		catalog.commit(tx -> {
			IndexId ix = tx.createIndex(t, new IndexDef("by_k", List.of(k), true));
			List<IndexEntry> e = new ArrayList<>();
			for (int i = 0; i < entries; i++)
				e.add(new IndexEntry(i, List.of("v" + i)));
			tx.addIndexEntries(ix, e);
		});
		return t;
	}

	@Test
	void aDroppedIndexIsSweptInBatchesAndAnInterruptedPassLeavesASmallerOne() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults())) {
			TableId t = tableWithIndex(catalog, 10);
			IndexInfo ix = catalog.snapshot().indexes(t).get(0);
			assertEquals(List.of(3L), catalog.snapshot().lookup(ix.id(), List.of("v3")));
			SnapshotId beforeDrop = catalog.snapshot().id();
			catalog.commit(tx -> tx.dropIndex(t, ix.id()));
			assertTrue(catalog.snapshot().indexes(t).isEmpty(), "invisible at once");
			assertEquals(1, catalog.snapshotAt(beforeDrop).indexes(t).size());
			SnapshotId head = catalog.snapshot().id();

			// the host interrupts the pass while its first batch lands (set between that batch and the check: an
			// interrupt during a FolderStore write would fail the write itself, as NIO channels are interruptible)
			java.util.concurrent.atomic.AtomicBoolean once = new java.util.concurrent.atomic.AtomicBoolean();
			io.lakestudio.moraine.internal.transaction.CrashPoints.install(p -> {
				if (p == io.lakestudio.moraine.internal.transaction.CrashPoints.Point.MAINTENANCE_BETWEEN_BATCHES
						&& once.compareAndSet(false, true))
					Thread.currentThread().interrupt();
			});
			MoraineException stopped;
			try {
				stopped = assertThrows(MoraineException.class, () -> catalog.maintain(new MaintenanceRequest(3)));
			} finally {
				io.lakestudio.moraine.internal.transaction.CrashPoints.install(null);
			}
			assertTrue(Thread.interrupted());
			assertEquals(MoraineException.Kind.INTERRUPTED, stopped.kind());
			assertEquals(7, countAll(catalog, ix), "one whole batch of three went before the interrupt took");

			MaintenanceReport report = catalog.maintain(new MaintenanceRequest(3));
			assertEquals(1, report.indexesSwept());
			assertEquals(7, report.entriesDeleted(), "the rest, no entry twice");
			assertEquals(3, report.batches(), "7 entries in batches of at most 3");
			assertEquals(0, countAll(catalog, ix));
			assertEquals(head, catalog.snapshot().id(), "maintenance mints no snapshot");
			assertEquals(0, catalog.maintain(new MaintenanceRequest(3)).indexesSwept(), "swept once");
			assertEquals(2, catalog.maintenanceStatus().size());
		}
	}

	@Test
	void aStopAskedThroughProgressEndsThePassAtABatchBoundaryAndTheNextFinishes() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			TableId t = tableWithIndex(catalog, 10);
			IndexInfo ix = catalog.snapshot().indexes(t).get(0);
			catalog.commit(tx -> tx.dropIndex(t, ix.id()));
			List<Long> heard = new ArrayList<>();
			Progress stopAfterTwo = new Progress() {
				public void landed(String what, long done) {
					heard.add(done);
				}

				public boolean stopRequested() {
					return heard.size() == 2; // as a Ctrl-C would, from another thread, while the second batch lands
				}
			};
			MoraineException stopped = assertThrows(MoraineException.class,
					() -> catalog.maintain(new MaintenanceRequest(3, stopAfterTwo)));
			assertEquals(MoraineException.Kind.INTERRUPTED, stopped.kind());
			assertTrue(stopped.getMessage().contains("run it again"), stopped.getMessage());
			assertEquals(List.of(3L, 6L), heard, "told of each durable batch");
			assertEquals(4, countAll(catalog, ix), "two whole batches went, nothing torn");
			assertEquals(0, catalog.maintenanceStatus().size(), "a stopped pass is not a completed one");
			MaintenanceReport rest = catalog.maintain(new MaintenanceRequest(3));
			assertEquals(4, rest.entriesDeleted());
			assertEquals(0, countAll(catalog, ix));
		}
	}

	static int countAll(Catalog catalog, IndexInfo ix) {
		int n = 0;
		for (int i = 0; i < 10; i++)
			n += catalog.snapshot().lookup(ix.id(), List.of("v" + i)).size();
		return n;
	}

	@Test
	void droppingATableDropsItsIndexesForTheSweep() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			TableId t = tableWithIndex(catalog, 5);
			catalog.commit(tx -> tx.dropTable(t));
			assertEquals(5, catalog.maintain(MaintenanceRequest.defaults()).entriesDeleted());
		}
	}

	@Test
	void aUniqueIndexRefusesAHeldValueButAdmitsAnyNumberOfNulls() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			TableId t = tableWithIndex(catalog, 2);
			IndexId ix = catalog.snapshot().indexes(t).get(0).id();
			MoraineException dup = assertThrows(MoraineException.class,
					() -> catalog.commit(tx -> tx.addIndexEntries(ix, List.of(new IndexEntry(9, List.of("v1"))))));
			assertEquals(MoraineException.Kind.ALREADY_EXISTS, dup.kind());
			java.util.List<String> nul = new java.util.ArrayList<>();
			nul.add(null);
			catalog.commit(tx -> tx.addIndexEntries(ix, List.of(new IndexEntry(20, nul), new IndexEntry(21, nul))));
			assertEquals(List.of(20L, 21L), catalog.snapshot().lookup(ix, nul), "IS NULL finds both");
		}
	}
}
