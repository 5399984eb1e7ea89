package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.moraine.internal.transaction.CrashPoints;
import io.lakestudio.moraine.internal.transaction.CrashPoints.Point;
import io.lakestudio.moraine.kv.ObjectKvStore;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.WriteBatch;
import io.lakestudio.store.CountingStore;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectStore;

/**
 * The seed's examples, the lease, readers and crash points on the real store: {@code io.lakestudio.kv} over a
 * {@link MemoryStore} and over a {@link FolderStore} (fsynced), through {@code Catalog.open(ObjectStore, …)}.
 * Reopening a closed catalog on the same objects reads it back, so nothing here lives only in a handle.
 */
class RealStoreTest {

	@TempDir
	Path dir;

	@AfterEach
	void uninstall() {
		CrashPoints.install(null);
	}

	ObjectStore objects(String kind) throws Exception {
		return kind.equals("memory") ? new MemoryStore() : new FolderStore(dir.resolve("lake"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void theWorkedExampleLandsAndReadsBackAfterAReopen(String kind) throws Exception {
		ObjectStore objects = objects(kind);
		SnapshotId v1;
		try (Catalog catalog = Catalog.open(objects, CatalogOptions.defaults())) {
			v1 = catalog.commit(tx -> {
				SchemaId sales = tx.createSchema("sales");
				tx.createTable(sales, "orders", List.of(ColumnDef.of("id", "BIGINT"), ColumnDef.of("total", "DOUBLE")));
			});
			TableId orders = catalog.snapshot().tableByName("sales", "orders").orElseThrow().id();
			catalog.commit(tx -> tx.renameTable(orders, "orders_v2"));
			assertEquals(2, catalog.snapshot().schemas().size(), "main (bootstrap) and sales");
		}
		try (Catalog again = Catalog.open(objects, CatalogOptions.defaults())) {
			assertTrue(again.snapshot().tableByName("sales", "orders_v2").isPresent());
			assertTrue(again.snapshotAt(v1).tableByName("sales", "orders").isPresent(), "v1 as it was");
			assertEquals(3, again.snapshots().size(), "bootstrap, create, rename");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void aPinnedReaderSeesItsCutAndSendsNoPutOrDelete(String kind) throws Exception {
		CountingStore objects = new CountingStore(objects(kind));
		try (Catalog catalog = Catalog.open(objects, CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createSchema("sales"));
			String checkpoint = catalog.createCheckpoint(Optional.empty());
			catalog.commit(tx -> tx.createSchema("later"));
			long writes = objects.writes();
			try (ReadOnlyCatalog reader = ReadOnlyCatalog.openReadOnly(objects,
					CatalogOptions.defaults().withCheckpoint(checkpoint))) {
				assertTrue(reader.snapshot().schemaByName("sales").isPresent());
				assertTrue(reader.snapshot().schemaByName("later").isEmpty(), "committed after the checkpoint");
				reader.snapshots();
				reader.checkpoints();
				reader.storeCensus(new CensusRequest(true));
			}
			assertEquals(writes, objects.writes(), "the pinned reader wrote nothing (open, reads, close)");
			assertTrue(catalog.snapshot().schemaByName("later").isPresent());
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void aFollowingReaderSeesEachCommitHoldsItsSnapshotAndIsNotListed(String kind) throws Exception {
		ObjectStore objects = objects(kind);
		try (Catalog catalog = Catalog.open(objects, CatalogOptions.defaults());
				ReadOnlyCatalog reader = ReadOnlyCatalog.openReadOnly(objects, CatalogOptions.defaults())) {
			String named = catalog.createCheckpoint(Optional.of(Duration.ofHours(1)));
			try (CatalogSnapshot before = reader.snapshot()) {
				catalog.commit(tx -> tx.createSchema("a"));
				assertTrue(reader.snapshot().schemaByName("a").isPresent(), "the next read catches up");
				assertTrue(before.schemaByName("a").isEmpty(), "a held snapshot keeps its cut");
			}
			catalog.commit(tx -> tx.createSchema("b"));
			assertTrue(reader.snapshot().schemaByName("b").isPresent());
			List<CheckpointInfo> listed = catalog.checkpoints();
			assertEquals(List.of(named), listed.stream().map(CheckpointInfo::id).toList(),
					"the reader's own checkpoint is its business");
			assertTrue(listed.get(0).expires().isPresent());
			assertTrue(listed.get(0).created().isAfter(Instant.now().minusSeconds(600)), "made just now");
			catalog.commit(tx -> tx.createSchema("c")); // a reader never fences the writer
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void aMissingCheckpointIsTyped(String kind) throws Exception {
		ObjectStore objects = objects(kind);
		Catalog.open(objects, CatalogOptions.defaults()).close();
		MoraineException e = assertThrows(MoraineException.class, () -> ReadOnlyCatalog.openReadOnly(objects,
				CatalogOptions.defaults().withCheckpoint("no-such")));
		assertEquals(MoraineException.Kind.NO_SUCH_CHECKPOINT, e.kind(), e.getMessage());
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void aLiveLeaseRefusesASecondWriterAndAForcedOneFencesTheFirst(String kind) throws Exception {
		ObjectStore objects = objects(kind);
		TestClock clock = new TestClock(Instant.parse("2026-03-01T10:00:00Z"));
		CatalogOptions alpha = CatalogOptions.defaults().withClock(clock).withHolder("alpha/1")
				.withLeaseTimeout(Duration.ofSeconds(30));
		Catalog first = Catalog.open(objects, alpha);
		first.commit(tx -> tx.createSchema("a"));
		MoraineException held = assertThrows(MoraineException.class,
				() -> Catalog.open(objects, alpha.withHolder("beta/2")));
		assertEquals(MoraineException.Kind.LEASE_HELD, held.kind());
		assertTrue(held.getMessage().contains("held by alpha/1"), held.getMessage());
		first.commit(tx -> tx.createSchema("b")); // the refused opener fenced nothing
		try (Catalog second = Catalog.open(objects, alpha.withHolder("beta/2").withForceTakeover(true))) {
			SnapshotId head = second.snapshot().id();
			MoraineException fenced = assertThrows(MoraineException.class,
					() -> first.commit(tx -> tx.createSchema("lost")));
			assertEquals(MoraineException.Kind.FENCED, fenced.kind(), fenced.getMessage());
			assertEquals(head, second.snapshot().id(), "the fenced writer wrote nothing more");
			second.commit(tx -> tx.createSchema("c"));
		}
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(objects, alpha)) {
			assertTrue(r.snapshot().schemaByName("lost").isEmpty());
			assertTrue(r.snapshot().schemaByName("c").isPresent());
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void thePortRefusesWritesThroughAReaderAndPeekWritesNothing(String kind) throws Exception {
		CountingStore objects = new CountingStore(objects(kind));
		ObjectKvStore store = ObjectKvStore.on(objects, java.time.Clock.systemUTC());
		assertTrue(store.peek("meta", new byte[] { 1 }).isEmpty(), "an empty store is no error");
		assertEquals(0, objects.writes(), "peek wrote nothing");
		Catalog.open(objects, CatalogOptions.defaults()).close();
		try (Kv reader = store.openReader(Optional.empty())) {
			assertFalse(reader.writable());
			for (ThrowingCall call : List.<ThrowingCall>of(
					() -> reader.write(new WriteBatch().put("meta", new byte[] { 1 }, new byte[] { 2 })),
					() -> reader.createCheckpoint(Optional.empty()), () -> reader.deleteCheckpoint("x"),
					() -> reader.compact(List.of())))
				assertEquals(KvException.Kind.READ_ONLY, assertThrows(KvException.class, call::run).kind());
		}
		try (Kv writer = store.openWriter()) {
			byte[] k = { 9, 9 };
			writer.write(new WriteBatch().put("options", k, new byte[] { 1 }).expect("options", k, null));
			KvException lost = assertThrows(KvException.class,
					() -> writer.write(new WriteBatch().put("options", k, new byte[] { 2 }).expect("options", k, null)));
			assertEquals(KvException.Kind.CONFLICT, lost.kind());
			try (var point = writer.read()) {
				assertArrayEquals(new byte[] { 1 }, point.get("options", k).orElseThrow(), "the refused batch left nothing");
			}
		}
	}

	interface ThrowingCall {
		void run() throws Exception;
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void censusAndCompactionOnTheRealTrees(String kind) throws Exception {
		try (Catalog catalog = Catalog.open(objects(kind), CatalogOptions.defaults())) {
			for (int i = 0; i < 5; i++) {
				int n = i;
				catalog.commit(tx -> tx.createSchema("s" + n));
			}
			StoreCensus census = catalog.storeCensus(CensusRequest.defaults());
			assertTrue(census.objects().walBytes() > 0, "five commits, each a WAL object not yet flushed");
			assertEquals(census.objects().walBytes() + census.objects().otherBytes(), census.unaccountedBytes());
			CompactStoreReport report = catalog.compactStore(CompactStoreRequest.defaults());
			assertTrue(report.merges().stream().anyMatch(m -> m.subspace() == SubspaceName.CURRENT
					&& m.outcome() == MergeOutcome.MERGED), report.toString());
			SubspaceCensus current = catalog.storeCensus(new CensusRequest(true)).subspaces().stream()
					.filter(s -> s.subspace() == SubspaceName.CURRENT).findFirst().orElseThrow();
			assertEquals(0, current.l0Ssts());
			assertEquals(1, current.sortedRuns());
			assertTrue(current.liveEntries().getAsLong() >= 6, "main and five schemas at least");
			assertEquals(6, catalog.snapshot().schemas().size(), "the merge lost nothing");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void theTalliesCountWhatTheStoreSawAndWhatTheCachesHold(String kind) throws Exception {
		ObjectStore raw = objects(kind);
		int cachesBefore = Caches.cacheStatus().caches();
		long processMisses = Caches.cacheTally().misses();
		try (Catalog catalog = Catalog.open(raw, CatalogOptions.defaults())) {
			assertEquals(cachesBefore + 1, Caches.cacheStatus().caches(), "the writer's cache is open");
			for (int i = 0; i < 4; i++) {
				int n = i;
				catalog.commit(tx -> tx.createSchema("s" + n));
			}
			ObjectStoreTally t = catalog.objectStoreTally();
			List<io.lakestudio.store.ObjectInfo> wal = raw.list("wal/");
			assertTrue(wal.size() >= 4, "the four commits are in the WAL, unflushed");
			assertTrue(t.requests("PUT") >= wal.size(), t + " vs " + wal.size() + " WAL objects in the store");
			long walBytes = wal.stream().mapToLong(io.lakestudio.store.ObjectInfo::size).sum();
			assertTrue(t.byKind().stream().filter(r -> r.kind().equals("PUT")).findFirst().orElseThrow()
					.bytes() >= walBytes, "PUT bytes cover what the WAL holds");
			assertTrue(catalog.memoryTally().memtableBytes() > 0, "acknowledged and not yet flushed");
			catalog.compactStore(CompactStoreRequest.defaults());
			assertEquals(0, catalog.memoryTally().memtableBytes(), "flushed by the merge");

			String cp = catalog.createCheckpoint(Optional.empty());
			try (ReadOnlyCatalog reader = ReadOnlyCatalog.openReadOnly(raw,
					CatalogOptions.defaults().withCheckpoint(cp))) {
				assertEquals(4 + 1, reader.snapshot().schemas().size());
				CacheTally first = reader.cacheTally();
				assertTrue(first.misses() > 0 && first.bytesFetched() > 0, "its first reads fetched SSTs: " + first);
				reader.snapshot().schemas();
				CacheTally second = reader.cacheTally();
				assertEquals(first.misses(), second.misses(), "the same SSTs again: no fetch");
				assertTrue(second.hits() > first.hits());
				assertTrue(reader.memoryTally().catalogCacheBytes() > 0);
				assertEquals(0, reader.objectStoreTally().writes(), "a pinned reader writes nothing");
				assertTrue(reader.objectStoreTally().requests("GET") > 0);
				assertTrue(Caches.cacheTally().misses() >= processMisses + first.misses(), "the process counts it");
				CacheStatus status = Caches.cacheStatus();
				assertTrue(status.memoryUsedBytes() >= reader.memoryTally().catalogCacheBytes());
				assertTrue(status.memoryCapacityBytes() >= 2 * (64L << 20), "two open caches' budgets: " + status);
			}
		}
		assertEquals(cachesBefore, Caches.cacheStatus().caches(), "closed caches leave the process's status");
	}

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void theStoreOpensAndReadsRightAfterACrashAtEveryPoint(String kind) throws Exception {
		for (Point point : Point.values()) {
			if (point.name().startsWith("MIGRATION"))
				continue;
			ObjectStore objects = kind.equals("memory") ? new MemoryStore()
					: new FolderStore(dir.resolve(point.name()));
			CrashTest.crashAt(point);
			List<String> done = new ArrayList<>();
			assertThrows(CrashTest.Crash.class,
					() -> CrashTest.workload(ObjectKvStore.on(objects, java.time.Clock.systemUTC()), done), point.name());
			CrashPoints.install(null);
			// the crashed writer is abandoned unclosed, its memtable only in the WAL: the next open replays it
			try (Catalog after = Catalog.open(objects, CatalogOptions.defaults().withForceTakeover(true))) {
				List<SnapshotInfo> snapshots = after.snapshots();
				for (SnapshotInfo s : snapshots)
					assertNotNull(after.snapshotAt(s.id()).schemas(), point + ": snapshot " + s.id() + " reads");
				long expected = 1 + Stream.of("table", "index", "dropped").filter(done::contains).count()
						+ (point == Point.COMMIT_AFTER_WRITE ? 1 : 0);
				assertEquals(expected, snapshots.size(), point + " after " + done);
				after.maintain(new MaintenanceRequest(2));
				TableId t = after.snapshot().tableByName("main", "t").map(TableInfo::id).orElse(null);
				if (t != null && done.contains("dropped")) {
					IndexId ix = after.snapshotAt(new SnapshotId(2)).indexes(t).get(0).id();
					for (int i = 0; i < 7; i++)
						assertTrue(after.snapshot().lookup(ix, List.of("v" + i)).isEmpty(), point + ": v" + i);
				}
				after.commit(tx -> tx.createSchema("after_" + point.name().toLowerCase()));
			}
		}
	}
}
