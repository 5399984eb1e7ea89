package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.kv.KvOptions;
import io.lakestudio.kv.internal.CrashSeam;
import io.lakestudio.moraine.internal.transaction.CrashPoints;
import io.lakestudio.moraine.internal.transaction.Migrations;
import io.lakestudio.moraine.kv.ObjectKvStore;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectStore;

/**
 * The named crash points on the real store, below moraine as well as in it: a commit, a compaction and a migration
 * (the synthetic one) are each stopped at every point the KV's durable writes pass (WAL written, a flush's SSTs and
 * manifest, a merge's output and manifest, a collection part-way) and at moraine's own (before and after a commit's
 * batch, between migration batches, before the stamp). The writer is abandoned as a killed process leaves it; the
 * store then opens, every snapshot reads, nothing acknowledged is lost and the operation run again finishes right.
 * A tiny memtable and merge bounds make the KV flush, merge and collect inside these operations.
 */
@Timeout(300)
class StoreFaultsTest {

	static final List<String> KV_POINTS = List.of(CrashSeam.WAL_WRITTEN, CrashSeam.FLUSH_SSTS_WRITTEN,
			CrashSeam.FLUSH_MANIFEST_WRITTEN, CrashSeam.COMPACTION_OUTPUT_WRITTEN,
			CrashSeam.COMPACTION_MANIFEST_WRITTEN, CrashSeam.GC_PARTIAL);

	@TempDir
	Path dir;

	int made;

	@AfterEach
	void uninstall() {
		CrashPoints.install(null);
		Migrations.install(List.of());
	}

	/** Throws at the {@code nth} passing of {@code point} once armed, whichever layer names it. */
	static final class Armed implements CrashSeam {
		volatile String point;
		int nth;
		int hits;

		void arm(String p, int n) {
			point = p;
			nth = n;
			hits = 0;
		}

		@Override
		public void at(String p) {
			if (p.equals(point) && ++hits == nth)
				throw new CrashSeam.Crash(p);
		}
	}

	ObjectStore fresh(String kind) throws Exception {
		return kind.equals("memory") ? new MemoryStore() : new FolderStore(dir.resolve("s" + made++));
	}

	static Catalog open(ObjectStore objects, Armed seam) {
		KvOptions options = KvOptions.defaults().withMemtable(1 << 10, Duration.ofSeconds(10)).withMerges(2, 2, 2 << 10);
		CrashPoints.install(p -> seam.at(p.name()));
		return Catalog.open(new ObjectKvStore(objects, seam == null ? options : options.withCrashSeam(seam)),
				CatalogOptions.defaults().withForceTakeover(true));
	}

	/** After the crash: a writer opens (the dead one's lease taken over), and every snapshot reads. */
	static Catalog reopened(ObjectStore objects) {
		CrashPoints.install(null);
		Catalog c = open(objects, new Armed());
		List<SnapshotInfo> snapshots = c.snapshots();
		for (int i = 0; i < snapshots.size(); i++) {
			assertEquals(i, snapshots.get(i).id().value(), "no snapshot lost or repeated");
			try (CatalogSnapshot s = c.snapshotAt(snapshots.get(i).id())) {
				assertNotNull(s.schemas());
			}
		}
		return c;
	}

	static boolean has(ReadOnlyCatalog c, String schema) {
		try (CatalogSnapshot s = c.snapshot()) {
			return s.schemaByName(schema).isPresent();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void aCommitStoppedAtEveryPointLeavesAStoreThatOpensWithEveryAcknowledgedCommit(String kind) throws Exception {
		List<String> points = new ArrayList<>(KV_POINTS);
		points.addAll(List.of(CrashPoints.Point.COMMIT_BEFORE_WRITE.name(), CrashPoints.Point.COMMIT_AFTER_WRITE.name()));
		for (String point : points) {
			ObjectStore objects = fresh(kind);
			Armed seam = new Armed();
			Catalog writer = open(objects, seam);
			writer.commit(tx -> tx.createSchema("before"));
			seam.arm(point, 1);
			List<Integer> acked = new ArrayList<>();
			int inFlight = -1;
			try {
				for (int i = 0; i < 400; i++) {
					int n = i;
					inFlight = i;
					writer.commit(tx -> tx.createSchema("c" + n));
					acked.add(i);
					inFlight = -1;
				}
				fail(point + " was never reached in 400 commits (" + kind + ")");
			} catch (CrashSeam.Crash expected) {
				// the process is gone here: the writer is abandoned, unclosed, its lease fresh
			}
			try (Catalog after = reopened(objects)) {
				assertTrue(has(after, "before"), point);
				for (int i : acked)
					assertTrue(has(after, "c" + i), kind + " " + point + ": acknowledged c" + i + " lost");
				if (inFlight >= 0 && point.equals("COMMIT_BEFORE_WRITE"))
					assertFalse(has(after, "c" + inFlight), point + ": its batch never landed");
				if (point.equals("COMMIT_AFTER_WRITE"))
					assertTrue(has(after, "c" + inFlight), point + ": it landed; only its caller never heard");
				assertFalse(has(after, "c" + (inFlight + 1)), "nothing past the crash");
				after.commit(tx -> tx.createSchema("after"));
				assertTrue(has(after, "after"));
			}
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void aCompactionStoppedAtEveryPointLosesNothingAndTheNextOneFinishes(String kind) throws Exception {
		for (String point : KV_POINTS.subList(1, KV_POINTS.size())) { // a compaction writes no WAL
			ObjectStore objects = fresh(kind);
			Armed seam = new Armed();
			Catalog writer = open(objects, seam);
			for (int i = 0; i < 10; i++)
				writer.setOption(OptionScope.GLOBAL, "k" + i, "v" + i); // overwritten below: old versions to merge away
			for (int i = 0; i < 10; i++)
				writer.setOption(OptionScope.GLOBAL, "k" + i, "w" + i);
			int n = 0;
			while (n < 40 || writer.memoryTally().memtableBytes() == 0) { // runs, L0s, and a memtable to flush
				int k = n++;
				writer.commit(tx -> tx.createSchema("c" + k));
			}
			seam.arm(point, 1);
			assertThrows(CrashSeam.Crash.class, () -> writer.compactStore(CompactStoreRequest.defaults()),
					point + " was never reached by the compaction (" + kind + ")");
			try (Catalog after = reopened(objects)) {
				for (int i = 0; i < n; i++)
					assertTrue(has(after, "c" + i), kind + " " + point + ": c" + i + " lost");
				for (int i = 0; i < 10; i++)
					assertEquals("w" + i, after.option(OptionScope.GLOBAL, "k" + i).orElseThrow(), point);
				after.compactStore(CompactStoreRequest.defaults());
				for (SubspaceCensus s : after.storeCensus(CensusRequest.defaults()).subspaces())
					assertTrue(s.l0Ssts() == 0 && s.sortedRuns() <= 1, point + ": " + s);
				for (int i = 0; i < n; i++)
					assertTrue(has(after, "c" + i), point + ": c" + i + " after the second merge");
			}
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void aMigrationStoppedAtEveryPointResumesAndRewritesEachKeyOnce(String kind) throws Exception {
		List<String> points = new ArrayList<>(KV_POINTS);
		points.addAll(List.of(CrashPoints.Point.MIGRATION_BETWEEN_BATCHES.name(),
				CrashPoints.Point.MIGRATION_BEFORE_STAMP.name()));
		for (String point : points)
			for (int nth : point.equals("MIGRATION_BEFORE_STAMP") ? new int[] { 1 } : new int[] { 1, 3 }) {
				Migrations.install(List.of());
				ObjectStore objects = fresh(kind);
				Armed seam = new Armed();
				Catalog writer = open(objects, seam);
				writer.commit(tx -> tx.createSchema("kept"));
				for (int i = 0; i < 30; i++)
					writer.setOption(OptionScope.GLOBAL, "k" + i, "v" + i);
				Migrations.install(List.of(MigrationTest.SYNTHETIC));
				seam.arm(point, nth);
				String at = kind + " " + point + " #" + nth;
				assertThrows(CrashSeam.Crash.class, () -> writer.migrate(new MigrationRequest(4)),
						at + " was never reached by the migration");
				CrashPoints.install(null);
				try (Catalog again = open(objects, new Armed())) {
					if (again.formatVersion() == 1) // the cursor is the migration's first write: it is there
						assertEquals(MoraineException.Kind.UNSUPPORTED_FORMAT, assertThrows(MoraineException.class,
								() -> ReadOnlyCatalog.openReadOnly(objects, CatalogOptions.defaults())).kind(),
								at + ": half-way, every reader refuses the store");
					again.migrate(new MigrationRequest(4));
					assertEquals(2, again.formatVersion(), at);
					for (int i = 0; i < 30; i++)
						assertEquals("v" + i + "(v2)", again.option(OptionScope.GLOBAL, "k" + i).orElseThrow(),
								at + ": k" + i + " rewritten exactly once");
				}
				try (Catalog after = reopened(objects)) {
					assertTrue(has(after, "kept"), at);
					assertTrue(after.migrate(MigrationRequest.defaults()).noOp(), at + ": done, one-way");
				}
			}
	}
}
