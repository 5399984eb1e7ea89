package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/** One writer per store: a live lease refuses a second opener; a quiet or forced takeover fences the first. */
class LeaseTest {

	final TestClock clock = new TestClock(Instant.parse("2026-03-01T10:00:00Z"));
	final TestKvStore store = new TestKvStore(clock);

	CatalogOptions as(String holder) {
		return CatalogOptions.defaults().withClock(clock).withHolder(holder).withLeaseTimeout(Duration.ofSeconds(30));
	}

	@Test
	void aSecondWriterIsRefusedWhileTheFirstIsAliveAndTakesOverOnceItIsQuiet() {
		Catalog first = Catalog.open(store, as("alpha/101"));
		first.commit(tx -> tx.createSchema("a"));
		clock.advance(Duration.ofSeconds(20));
		MoraineException refused = assertThrows(MoraineException.class, () -> Catalog.open(store, as("beta/202")));
		assertEquals(MoraineException.Kind.LEASE_HELD, refused.kind());
		assertTrue(refused.getMessage().contains("held by alpha/101 since 2026-03-01T10:00:00Z"), refused.getMessage());
		first.commit(tx -> tx.createSchema("b"));

		clock.advance(Duration.ofSeconds(25));
		assertThrows(MoraineException.class, () -> Catalog.open(store, as("beta/202")),
				"the commit at +20 s was a heartbeat: 25 s quiet is not enough");
		first.heartbeat();
		clock.advance(Duration.ofSeconds(31));
		try (Catalog second = Catalog.open(store, as("beta/202"))) {
			SnapshotId head = second.snapshot().id();
			MoraineException fenced = assertThrows(MoraineException.class,
					() -> first.commit(tx -> tx.createSchema("lost")));
			assertEquals(MoraineException.Kind.FENCED, fenced.kind());
			assertEquals(head, second.snapshot().id(), "the fenced writer wrote nothing more");
			assertTrue(second.snapshot().schemaByName("lost").isEmpty());
			assertEquals(MoraineException.Kind.FENCED,
					assertThrows(MoraineException.class, first::heartbeat).kind());
			second.commit(tx -> tx.createSchema("c"));
		}
	}

	@Test
	void aForcedOpenFencesALiveWriterAtOnce() {
		Catalog first = Catalog.open(store, as("alpha/101"));
		try (Catalog second = Catalog.open(store, as("beta/202").withForceTakeover(true))) {
			assertEquals(MoraineException.Kind.FENCED,
					assertThrows(MoraineException.class, () -> first.commit(tx -> tx.createSchema("x"))).kind());
			assertEquals(MoraineException.Kind.FENCED, assertThrows(MoraineException.class,
					() -> first.setOption(OptionScope.GLOBAL, "k", "v")).kind());
			assertTrue(second.option(OptionScope.GLOBAL, "k").isEmpty());
			second.commit(tx -> tx.createSchema("y"));
			assertEquals(2, second.snapshot().schemas().size());
		}
	}

	@Test
	void closingTheWriterReleasesTheLeaseForTheNextOpener() {
		Catalog.open(store, as("alpha/101")).close();
		try (Catalog next = Catalog.open(store, as("beta/202"))) {
			assertEquals(1, next.snapshot().schemas().size());
		}
	}

	@Test
	void readersNeverFenceTheWriter() {
		try (Catalog writer = Catalog.open(store, as("alpha/101"))) {
			ReadOnlyCatalog.openReadOnly(store, as("reader/1")).close();
			writer.commit(tx -> tx.createSchema("ok"));
		}
	}
}
