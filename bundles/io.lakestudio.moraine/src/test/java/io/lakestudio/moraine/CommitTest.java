package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/** One commit = one snapshot = one atomic store write; conflicts retried; failures leave nothing. */
class CommitTest {

	@Test
	void aCommitThatLosesToAConcurrentOneIsReRunFromTheNewHead() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults())) {
			store.beforeNextWrite(() -> catalog.commit(tx -> tx.createSchema("racer")));
			int[] runs = { 0 };
			SnapshotId mine = catalog.commit(tx -> {
				runs[0]++;
				tx.createSchema("mine");
			});
			assertEquals(2, runs[0], "re-run once after losing");
			assertEquals(new SnapshotId(2), mine);
			CatalogSnapshot head = catalog.snapshot();
			assertEquals(3, head.schemas().size());
			assertEquals(new SnapshotId(1), catalog.snapshotAt(new SnapshotId(1)).id());
			assertTrue(catalog.snapshotAt(new SnapshotId(1)).schemaByName("racer").isPresent());
			assertTrue(catalog.snapshotAt(new SnapshotId(1)).schemaByName("mine").isEmpty());
		}
	}

	@Test
	void aSpentRetryBudgetIsATypedConflictAndWritesNothing() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults().withCommitRetries(0))) {
			store.beforeNextWrite(() -> catalog.commit(tx -> tx.createSchema("racer")));
			MoraineException e = assertThrows(MoraineException.class,
					() -> catalog.commit(tx -> tx.createSchema("mine")));
			assertEquals(MoraineException.Kind.CONFLICT, e.kind());
			assertTrue(catalog.snapshot().schemaByName("mine").isEmpty());
		}
	}

	@Test
	void aClosureThatThrowsLeavesNothingBehind() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults())) {
			int before = store.mutations.get();
			assertThrows(IllegalStateException.class, () -> catalog.commit(tx -> {
				tx.createSchema("half");
				throw new IllegalStateException("caller gave up");
			}));
			assertEquals(before, store.mutations.get());
			assertTrue(catalog.snapshot().schemaByName("half").isEmpty());
			MoraineException dup = assertThrows(MoraineException.class, () -> catalog.commit(tx -> {
				tx.createSchema("x");
				tx.createSchema("x");
			}));
			assertEquals(MoraineException.Kind.ALREADY_EXISTS, dup.kind());
			assertEquals(0, catalog.snapshot().id().value());
		}
	}

	@Test
	void aCommitGroupMintsASnapshotPerMemberInOneWrite() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults())) {
			int before = store.mutations.get();
			List<Consumer<Transaction>> members = List.of(tx -> tx.createSchema("a"), tx -> {
				SchemaId a = tx.snapshot().schemaByName("a").orElseThrow().id();
				tx.createTable(a, "t", List.of(ColumnDef.of("x", "INTEGER")));
			}, tx -> tx.createSchema("c"));
			List<SnapshotId> ids = catalog.commitGroup(members);
			assertEquals(List.of(new SnapshotId(1), new SnapshotId(2), new SnapshotId(3)), ids);
			assertEquals(before + 1, store.mutations.get(), "one durable write");
			assertTrue(catalog.snapshotAt(ids.get(0)).tableByName("a", "t").isEmpty());
			assertTrue(catalog.snapshotAt(ids.get(1)).tableByName("a", "t").isPresent());
			assertTrue(catalog.snapshotAt(ids.get(1)).schemaByName("c").isEmpty());
		}
	}

	@Test
	void anOversizedCommitIsRefusedWhole() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults().withMaxCommitBytes(2_000))) {
			MoraineException e = assertThrows(MoraineException.class, () -> catalog.commit(tx -> {
				for (int i = 0; i < 50; i++)
					tx.createSchema("schema_number_" + i);
			}));
			assertEquals(MoraineException.Kind.COMMIT_TOO_LARGE, e.kind());
			assertEquals(1, catalog.snapshot().schemas().size());
		}
	}

	@Test
	void aCommitThatChangesNothingMintsNoSnapshot() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			assertEquals(new SnapshotId(0), catalog.commit(tx -> tx.snapshot().schemas()));
			assertEquals(1, catalog.snapshots().size());
		}
	}

	@Test
	void optionsLiveOutsideTheSnapshotProtocol() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults());
				ReadOnlyCatalog reader = ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults())) {
			catalog.setOption(OptionScope.GLOBAL, "data_inlining_row_limit", "10");
			catalog.setOption(OptionScope.GLOBAL, "data_inlining_row_limit", "20");
			catalog.setOption(OptionScope.schema(new SchemaId(0)), "target_file_size", "1MB");
			assertEquals("20", reader.option(OptionScope.GLOBAL, "data_inlining_row_limit").orElseThrow(),
					"last write wins");
			assertEquals(0, catalog.snapshot().id().value(), "no snapshot minted");
			assertEquals(java.util.Map.of("target_file_size", "1MB"),
					reader.options(OptionScope.schema(new SchemaId(0))));
			assertEquals(2, catalog.snapshot().ducklakeRows("ducklake_metadata").size());
			catalog.setOption(OptionScope.GLOBAL, "data_inlining_row_limit", null);
			assertTrue(reader.option(OptionScope.GLOBAL, "data_inlining_row_limit").isEmpty());
		}
	}

	@Test
	void shortOperationsReleaseTheCutsTheyRead() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createSchema("a"));
			catalog.commitGroup(List.of(tx -> tx.createSchema("b")));
			catalog.setOption(OptionScope.GLOBAL, "k", "v");
			catalog.option(OptionScope.GLOBAL, "k");
			catalog.snapshots();
			catalog.maintain(MaintenanceRequest.defaults());
			catalog.maintenanceStatus();
			catalog.heartbeat();
			catalog.migrate(MigrationRequest.defaults());
			assertEquals(0, store.openReadPoints.get());
			try (CatalogSnapshot s = catalog.snapshot()) {
				assertEquals(1, store.openReadPoints.get(), "a snapshot holds its cut until closed");
				assertEquals(3, s.schemas().size());
			}
			assertEquals(0, store.openReadPoints.get());
		}
	}

	@Test
	void anUnclosedSnapshotsCutIsReleasedOnceUnreachable() throws InterruptedException {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults())) {
			for (int i = 0; i < 10; i++)
				assertEquals(1, catalog.snapshot().schemas().size());
			for (int i = 0; i < 100 && store.openReadPoints.get() > 0; i++) {
				System.gc();
				Thread.sleep(20);
			}
			assertEquals(0, store.openReadPoints.get());
		}
	}

	@Test
	void badInputIsAClearErrorAndLosesNothing() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			SchemaId main = new SchemaId(0);
			MoraineException noType = assertThrows(MoraineException.class, () -> catalog.commit(
					tx -> tx.createTable(main, "t", List.of(new ColumnDef("x", " ", true, null, List.of())))));
			assertEquals(MoraineException.Kind.INVALID, noType.kind());
			assertTrue(noType.getMessage().contains("\"x\" needs a type"), noType.getMessage());
			catalog.commit(tx -> tx.createTable(main, "t", List.of(ColumnDef.of("x", "INTEGER"))));
			TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
			SnapshotId head = catalog.snapshot().id();
			assertEquals(MoraineException.Kind.INVALID, assertThrows(MoraineException.class,
					() -> catalog.commit(tx -> tx.addDataFile(DataFile.parquet(t, "", 1, 1)))).kind());
			assertEquals(MoraineException.Kind.NOT_FOUND, assertThrows(MoraineException.class,
					() -> catalog.commit(tx -> tx.addDataFile(DataFile.parquet(new TableId(99), "a.parquet", 1, 1))))
					.kind());
			assertEquals(MoraineException.Kind.INVALID, assertThrows(MoraineException.class,
					() -> catalog.commit(tx -> tx.dropSchema(main))).kind(), "not empty");
			assertEquals(MoraineException.Kind.INVALID, assertThrows(MoraineException.class,
					() -> catalog.commit(tx -> tx.dropColumn(t, catalog.snapshot().columns(t).get(0).id()))).kind(),
					"a table keeps at least one column");
			assertEquals(head, catalog.snapshot().id());
			assertEquals(1, catalog.snapshot().tables().size());
		}
	}
}
