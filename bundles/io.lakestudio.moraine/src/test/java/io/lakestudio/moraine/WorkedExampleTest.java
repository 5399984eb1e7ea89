package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/** The seed's worked example and its walkthrough: schema evolution across commits, read now and by time travel. */
class WorkedExampleTest {

	static final ColumnDef ID = new ColumnDef("id", "BIGINT", false, null, List.of());

	@Test
	void headAndPastBothSeeTheBootstrapMainSchemaBesideSales() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			SnapshotId v1 = catalog.commit(tx -> {
				SchemaId sales = tx.createSchema("sales");
				tx.createTable(sales, "orders", List.of(ID));
			});
			CatalogSnapshot head = catalog.snapshot();
			assertEquals(2, head.schemas().size());
			assertEquals(List.of("main", "sales"), head.schemas().stream().map(SchemaInfo::name).sorted().toList());
			CatalogSnapshot past = catalog.snapshotAt(v1);
			assertEquals(2, past.schemas().size());
			assertEquals(new SnapshotId(1), v1, "bootstrap is snapshot 0, the first commit snapshot 1");
			assertTrue(catalog.snapshotAt(new SnapshotId(0)).schemaByName("sales").isEmpty());
		}
	}

	@Test
	void alterAndRenameAcrossASecondCommitKeepFieldIdsAndThePast() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			SnapshotId v1 = catalog.commit(tx -> {
				SchemaId sales = tx.createSchema("sales");
				tx.createTable(sales, "orders", List.of(ID, ColumnDef.of("note", "VARCHAR")));
			});
			TableInfo orders = catalog.snapshot().tableByName("sales", "orders").orElseThrow();
			List<ColumnInfo> before = catalog.snapshot().columns(orders.id());
			long schemaVersion1 = catalog.snapshot().info().schemaVersion();

			SnapshotId v2 = catalog.commit(tx -> {
				tx.renameTable(orders.id(), "purchases");
				tx.renameColumn(orders.id(), before.get(1).id(), "remark");
				tx.alterColumn(orders.id(), before.get(0).id(), ColumnAlteration.type("HUGEINT"));
			});
			CatalogSnapshot head = catalog.snapshot();
			assertEquals(v2, head.id());
			assertTrue(head.tableByName("sales", "orders").isEmpty());
			TableInfo purchases = head.tableByName("sales", "purchases").orElseThrow();
			assertEquals(orders.id(), purchases.id(), "a rename keeps the table id");
			List<ColumnInfo> after = head.columns(purchases.id());
			assertEquals(before.stream().map(ColumnInfo::id).toList(), after.stream().map(ColumnInfo::id).toList(),
					"field ids are stable across renames and alterations");
			assertEquals("remark", after.get(1).name());
			assertEquals("HUGEINT", after.get(0).columnType());
			assertEquals(schemaVersion1 + 1, head.info().schemaVersion());

			CatalogSnapshot past = catalog.snapshotAt(v1);
			assertEquals("orders", past.table(orders.id()).orElseThrow().name());
			assertEquals(List.of("id", "note"), past.columns(orders.id()).stream().map(ColumnInfo::name).toList());
			assertEquals("BIGINT", past.columns(orders.id()).get(0).columnType());
		}
	}

	@Test
	void aDroppedColumnsFieldIdIsNeverHandedOutAgain() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createTable(tx.snapshot().schemaByName("main").orElseThrow().id(), "t",
					List.of(ID, ColumnDef.of("x", "INTEGER"))));
			TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
			ColumnId x = catalog.snapshot().columns(t).get(1).id();
			catalog.commit(tx -> tx.dropColumn(t, x));
			catalog.commit(tx -> tx.addColumn(t, ColumnDef.of("x", "INTEGER")));
			ColumnId again = catalog.snapshot().columns(t).get(1).id();
			assertNotEquals(x, again);
			assertTrue(again.value() > x.value());
		}
	}

	@Test
	void dataFileRegistrationMintsASnapshotWithoutBumpingTheSchemaVersion() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createTable(new SchemaId(0), "t", List.of(ID)));
			TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
			ColumnId id = catalog.snapshot().columns(t).get(0).id();
			SnapshotInfo before = catalog.snapshot().info();
			SnapshotId s1 = catalog.commit(tx -> tx.addDataFile(DataFile.parquet(t, "a.parquet", 100, 4096)
					.withStats(List.of(FileColumnStats.of(id, 100, 0, "-7", "0042")))));
			SnapshotId s2 = catalog.commit(tx -> tx.addDataFile(DataFile.parquet(t, "b.parquet", 50, 2048)));
			CatalogSnapshot head = catalog.snapshot();
			assertEquals(before.id().value() + 2, s2.value());
			assertEquals(before.schemaVersion(), head.info().schemaVersion());
			List<DataFileInfo> files = head.dataFiles(t);
			assertEquals(List.of(0L, 100L), files.stream().map(DataFileInfo::rowIdStart).toList(),
					"row_id_start comes from the table's counter");
			assertEquals(new TableStats(150, 150, 6144, List.of()), head.tableStats(t).orElseThrow());
			FileColumnStats st = head.fileColumnStats(t, files.get(0).id()).get(0);
			assertEquals("0042", st.maxValue(), "min/max verbatim, never reinterpreted");
			assertEquals("-7", st.minValue());
			assertEquals(1, catalog.snapshotAt(s1).dataFiles(t).size());
			assertEquals(0, catalog.snapshotAt(before.id()).dataFiles(t).size());
			assertTrue(head.info().changesMade().contains("inserted_into_table:" + t.value()));
		}
	}

	@Test
	void viewsMacrosTagsAndSpecsAreVersionedLikeTables() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			SchemaId main = new SchemaId(0);
			catalog.commit(tx -> tx.createTable(main, "t", List.of(ID, ColumnDef.of("ts", "TIMESTAMP"))));
			TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
			List<ColumnInfo> cols = catalog.snapshot().columns(t);
			SnapshotId v1 = catalog.commit(tx -> {
				tx.createView(main, "v", "duckdb", "SELECT 42", null);
				tx.createMacro(main, "plus_one", List.of(new MacroImplementationDef("duckdb", "x + 1", "scalar",
						List.of(MacroParameterDef.of("x", "INTEGER")))));
				tx.setTag(TagTarget.table(t), "owner", "ana");
				tx.setPartitionSpec(t, List.of(new PartitionColumnDef(cols.get(1).id(), "year"),
						new PartitionColumnDef(cols.get(0).id(), "bucket(16)")));
				tx.setSortSpec(t, List.of(new SortKeyDef("ts", "duckdb", "DESC", "NULLS_FIRST")));
			});
			SnapshotId v2 = catalog.commit(tx -> {
				tx.setTag(TagTarget.table(t), "owner", "bo");
				tx.setPartitionSpec(t, List.of(new PartitionColumnDef(cols.get(1).id(), null)));
				tx.dropView(catalog.snapshot().views(main).get(0).id());
			});
			CatalogSnapshot past = catalog.snapshotAt(v1), head = catalog.snapshot();
			assertEquals(List.of("year", "bucket(16)"),
					past.partitionSpec(t).orElseThrow().keys().stream().map(PartitionColumnDef::transform).toList());
			assertEquals(List.of("identity"),
					head.partitionSpec(t).orElseThrow().keys().stream().map(PartitionColumnDef::transform).toList(),
					"a bare partition column carries identity");
			assertEquals("ana", past.tags(TagTarget.table(t)).get(0).value());
			assertEquals("bo", head.tags(TagTarget.table(t)).get(0).value());
			assertEquals(1, past.views(main).size());
			assertEquals(0, head.views(main).size());
			assertEquals("x + 1", head.macros(main).get(0).implementations().get(0).sql());
			assertEquals("unknown", head.macros(main).get(0).implementations().get(0).parameters().get(0)
					.defaultValueType());
			assertEquals(new SortKeyDef("ts", "duckdb", "DESC", "NULLS_FIRST"),
					head.sortSpec(t).orElseThrow().keys().get(0));
			assertNotEquals(v1, v2);
			assertEquals(Optional.empty(), catalog.snapshotAt(new SnapshotId(1)).partitionSpec(t));
		}
	}
}
