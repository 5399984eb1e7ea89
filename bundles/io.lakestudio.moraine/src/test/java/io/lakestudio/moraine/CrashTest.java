package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.internal.transaction.CrashPoints;
import io.lakestudio.moraine.internal.transaction.CrashPoints.Point;
import io.lakestudio.moraine.store.TestKvStore;

/**
 * Each named crash point stops an open, a commit or a maintenance pass as a crash would (the process gone, its
 * writer abandoned with the lease still fresh); a forced open afterwards finds a store that opens and reads
 * right: every committed snapshot, no commit half-landed, and a next pass finishes what the stopped one began.
 */
class CrashTest {

	static final class Crash extends Error {
		private static final long serialVersionUID = 1L;

		Crash(Point p) {
			super("crash at " + p);
		}
	}

	@AfterEach
	void uninstall() {
		CrashPoints.install(null);
	}

	static void crashAt(Point point) {
		CrashPoints.install(p -> {
			if (p == point)
				throw new Crash(p);
		});
	}

	/** Open, two commits (the second with an index and 7 entries), a drop, a pass in batches of 2. */
	static void workload(io.lakestudio.moraine.store.KvStore store, List<String> done) {
		Catalog catalog = Catalog.open(store, CatalogOptions.defaults().withForceTakeover(true));
		done.add("opened");
		catalog.commit(tx -> tx.createTable(new SchemaId(0), "t", List.of(ColumnDef.of("k", "VARCHAR"))));
		done.add("table");
		TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
		ColumnId k = catalog.snapshot().columns(t).get(0).id();
		catalog.commit(tx -> {
			IndexId ix = tx.createIndex(t, new IndexDef("ix", List.of(k), false));
			List<IndexEntry> e = new ArrayList<>();
			for (int i = 0; i < 7; i++)
				e.add(new IndexEntry(i, List.of("v" + i)));
			tx.addIndexEntries(ix, e);
		});
		done.add("index");
		catalog.commit(tx -> tx.dropIndex(t, tx.snapshot().indexes(t).get(0).id()));
		done.add("dropped");
		catalog.maintain(new MaintenanceRequest(2));
		done.add("maintained");
	}

	@Test
	void theStoreOpensAndReadsRightAfterACrashAtEveryPoint() {
		for (Point point : Point.values()) {
			if (point.name().startsWith("MIGRATION"))
				continue; // MigrationTest stops a migration at those
			TestKvStore store = new TestKvStore();
			crashAt(point);
			List<String> done = new ArrayList<>();
			assertThrows(Crash.class, () -> workload(store, done), point.name());
			CrashPoints.install(null);

			try (Catalog after = Catalog.open(store, CatalogOptions.defaults().withForceTakeover(true))) {
				List<SnapshotInfo> snapshots = after.snapshots();
				for (SnapshotInfo s : snapshots)
					assertNotNull(after.snapshotAt(s.id()).schemas(), point + ": snapshot " + s.id() + " reads");
				int expected = 1 + (done.contains("table") ? 1 : 0) + (done.contains("index") ? 1 : 0)
						+ (done.contains("dropped") ? 1 : 0);
				if (point == Point.COMMIT_AFTER_WRITE)
					expected++; // the commit landed; only its caller never heard
				assertEquals(expected, snapshots.size(), point + " after " + done);
				assertEquals(snapshots.size() - 1, after.snapshot().id().value(), point + ": head is the last");
				MaintenanceReport report = after.maintain(new MaintenanceRequest(2));
				assertEquals(after.snapshot().id(), snapshots.get(snapshots.size() - 1).id(), "no snapshot minted");
				TableId t = after.snapshot().tableByName("main", "t").map(TableInfo::id).orElse(null);
				if (t != null && done.contains("dropped")) {
					IndexId ix = after.snapshotAt(new SnapshotId(2)).indexes(t).get(0).id();
					for (int i = 0; i < 7; i++)
						assertTrue(after.snapshot().lookup(ix, List.of("v" + i)).isEmpty(), point + ": v" + i);
					assertTrue(report.entriesDeleted() <= 7);
				}
				after.commit(tx -> tx.createSchema("after_" + point.name().toLowerCase()));
			}
		}
	}
}
