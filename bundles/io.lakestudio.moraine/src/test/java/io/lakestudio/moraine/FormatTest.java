package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.internal.store.Keys;
import io.lakestudio.moraine.internal.store.Values;
import io.lakestudio.moraine.store.TestKvStore;

/** The seed's "Format migration": a stamped layout version; a newer one refused, not misread; migrate a no-op. */
class FormatTest {

	@Test
	void aNewStoreIsStampedAndMigrateIsANoOp() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			assertEquals(1, catalog.formatVersion());
			SnapshotId head = catalog.snapshot().id();
			MigrationReport report = catalog.migrate(MigrationRequest.defaults());
			assertTrue(report.noOp());
			assertEquals(1, report.toVersion());
			assertEquals(head, catalog.snapshot().id());
		}
	}

	@Test
	void aStoreStampedByANewerLayoutIsRefusedByWritersAndReaders() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createSchema("kept"));
		}
		store.rawPut("meta", Keys.of("format"), Values.encode(2L));
		MoraineException w = assertThrows(MoraineException.class, () -> Catalog.open(store, CatalogOptions.defaults()));
		assertEquals(MoraineException.Kind.UNSUPPORTED_FORMAT, w.kind());
		assertTrue(w.getMessage().contains("layout version 2"), w.getMessage());
		assertEquals(MoraineException.Kind.UNSUPPORTED_FORMAT, assertThrows(MoraineException.class,
				() -> ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults())).kind());
		store.rawPut("meta", Keys.of("format"), Values.encode(1L));
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults())) {
			assertTrue(r.snapshot().schemaByName("kept").isPresent(), "refusing lost nothing");
		}
	}

	@Test
	void readersRefuseAStoreWhileAMigrationCursorIsInIt() {
		TestKvStore store = new TestKvStore();
		Catalog.open(store, CatalogOptions.defaults()).close();
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults())) {
			store.rawPut("meta", Keys.of("migration"), Values.encode(2L, "cursor"));
			MoraineException e = assertThrows(MoraineException.class, r::snapshot);
			assertEquals(MoraineException.Kind.UNSUPPORTED_FORMAT, e.kind());
			assertTrue(e.getMessage().contains("being migrated"), e.getMessage());
		}
	}
}
