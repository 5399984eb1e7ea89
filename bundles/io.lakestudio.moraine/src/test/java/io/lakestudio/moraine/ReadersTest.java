package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/** The seed's "Readers": a following reader sees each commit; a pinned one sees its cut only and writes nothing. */
class ReadersTest {

	@Test
	void aPinnedReaderSeesItsCheckpointAndNothingCommittedAfter() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createSchema("sales"));
			String checkpoint = catalog.createCheckpoint(Optional.empty());
			int before = store.mutations.get();
			try (ReadOnlyCatalog reader = ReadOnlyCatalog.openReadOnly(store,
					CatalogOptions.defaults().withCheckpoint(checkpoint))) {
				assertTrue(reader.snapshot().schemaByName("sales").isPresent());
				catalog.commit(tx -> tx.createSchema("later"));
				int afterCommit = store.mutations.get();
				assertTrue(catalog.snapshot().schemaByName("later").isPresent());
				assertTrue(reader.snapshot().schemaByName("later").isEmpty(), "invisible to the pinned reader");
				assertEquals(2, reader.snapshot().schemas().size());
				reader.snapshots();
				reader.storeCensus(CensusRequest.defaults());
				reader.checkpoints();
				assertEquals(afterCommit, store.mutations.get(), "the pinned reader wrote nothing");
				assertEquals(before + 1, afterCommit, "only the writer's commit changed the store");
			}
		}
	}

	@Test
	void aFollowingReaderSeesEveryCommitAsItLandsAndNeverFences() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults());
				ReadOnlyCatalog reader = ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults())) {
			for (int i = 0; i < 5; i++) {
				String name = "s" + i;
				SnapshotId id = catalog.commit(tx -> tx.createSchema(name));
				assertEquals(id, reader.snapshot().id());
				assertTrue(reader.snapshot().schemaByName(name).isPresent());
			}
			assertEquals(6, reader.snapshots().size());
			catalog.commit(tx -> tx.createSchema("still-writing"));
		}
	}

	@Test
	void theReadOnlyHandleHasNoMutatorAtAll() {
		for (Method m : ReadOnlyCatalog.class.getMethods())
			assertFalse(Arrays.asList("commit", "commitGroup", "setOption", "createCheckpoint", "deleteCheckpoint",
					"maintain", "compactStore", "migrate").contains(m.getName()), m.getName());
		assertTrue(ReadOnlyCatalog.class.isAssignableFrom(Catalog.class), "a Catalog serves every read too");
	}

	@Test
	void aCheckpointPinsUntilItExpiresOrIsDeleted() {
		TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
		TestKvStore store = new TestKvStore(clock);
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults().withClock(clock))) {
			String shortLived = catalog.createCheckpoint(Optional.of(Duration.ofMinutes(5)));
			String forever = catalog.createCheckpoint(Optional.empty());
			assertEquals(2, catalog.checkpoints().size());
			clock.advance(Duration.ofMinutes(6));
			assertEquals(1, catalog.checkpoints().size());
			MoraineException e = assertThrows(MoraineException.class, () -> ReadOnlyCatalog.openReadOnly(store,
					CatalogOptions.defaults().withCheckpoint(shortLived)));
			assertEquals(MoraineException.Kind.NO_SUCH_CHECKPOINT, e.kind());
			catalog.deleteCheckpoint(forever);
			assertEquals(0, catalog.checkpoints().size());
			assertEquals(MoraineException.Kind.NO_SUCH_CHECKPOINT, assertThrows(MoraineException.class,
					() -> ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults().withCheckpoint(forever)))
					.kind());
		}
	}

	@Test
	void aSnapshotNeverMintedIsATypedError() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			assertEquals(MoraineException.Kind.NO_SUCH_SNAPSHOT,
					assertThrows(MoraineException.class, () -> catalog.snapshotAt(new SnapshotId(7))).kind());
		}
	}

	@Test
	void aWriterCannotBeOpenedPinned() {
		assertEquals(MoraineException.Kind.INVALID, assertThrows(MoraineException.class,
				() -> Catalog.open(new TestKvStore(), CatalogOptions.defaults().withCheckpoint("x"))).kind());
	}

	@Test
	void timeTravelByTimestampFindsTheHeadOfThatMoment() {
		TestClock clock = new TestClock(Instant.parse("2026-05-01T12:00:00Z"));
		try (Catalog catalog = Catalog.open(new TestKvStore(clock), CatalogOptions.defaults().withClock(clock))) {
			clock.advance(Duration.ofMinutes(1));
			SnapshotId a = catalog.commit(tx -> tx.createSchema("a"));
			clock.advance(Duration.ofMinutes(1));
			catalog.commit(tx -> tx.createSchema("b"));
			Timestamp between = Timestamp.of(Instant.parse("2026-05-01T12:01:30Z"));
			assertEquals(a, catalog.snapshotAsOf(between).id());
			assertTrue(catalog.snapshotAsOf(between).schemaByName("b").isEmpty());
			assertEquals(new SnapshotId(0), catalog.snapshotAsOf(Timestamp.of(Instant.parse("2026-05-01T12:00:00Z")))
					.id());
			assertEquals(MoraineException.Kind.NO_SUCH_SNAPSHOT, assertThrows(MoraineException.class,
					() -> catalog.snapshotAsOf(Timestamp.of(Instant.parse("2026-04-30T00:00:00Z")))).kind());
		}
	}
}
