package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/** Snapshot expiry, DuckLake's: what no remaining snapshot sees goes, its files scheduled for deletion. */
class ExpiryTest {

	@Test
	void expiringSnapshotsRemovesWhatOnlyTheySawAndSchedulesItsFiles() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			SnapshotId s1 = catalog.commit(tx -> tx.createTable(new SchemaId(0), "t",
					List.of(ColumnDef.of("x", "INTEGER"))));
			TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
			ColumnId x = catalog.snapshot().columns(t).get(0).id();
			SnapshotId s2 = catalog.commit(tx -> tx.addDataFile(DataFile.parquet(t, "old.parquet", 3, 30)
					.withStats(List.of(FileColumnStats.of(x, 3, 0, "1", "3")))));
			DataFileId old = catalog.snapshot().dataFiles(t).get(0).id();
			SnapshotId s3 = catalog.commit(tx -> {
				tx.removeDataFile(t, old);
				tx.addDataFile(DataFile.parquet(t, "new.parquet", 3, 30));
			});
			SnapshotId s4 = catalog.commit(tx -> tx.renameColumn(t, x, "y"));
			long rowsBefore = catalog.snapshot().ducklakeRows("ducklake_data_file").size();
			assertEquals(2, rowsBefore);

			SnapshotId head = catalog.commit(tx -> tx.expireSnapshots(List.of(s1, s2)));
			assertEquals(s4, head, "expiry mints no snapshot");
			assertEquals(MoraineException.Kind.NO_SUCH_SNAPSHOT,
					assertThrows(MoraineException.class, () -> catalog.snapshotAt(s2)).kind());
			assertEquals(List.of("new.parquet"), catalog.snapshot().ducklakeRows("ducklake_data_file").stream()
					.map(r -> r.get("path")).toList(), "only s2 saw old.parquet");
			assertTrue(catalog.snapshot().fileColumnStats(t, old).isEmpty(), "its stats went with it");
			List<ScheduledDeletion> scheduled = catalog.snapshot().scheduledDeletions();
			assertEquals(List.of("main/t/old.parquet"), scheduled.stream().map(ScheduledDeletion::path).toList());
			assertEquals(2, catalog.snapshot().ducklakeRows("ducklake_column").size(),
					"s3 still sees the column's old name: both versions stay");
			assertEquals("x", catalog.snapshotAt(s3).columns(t).get(0).name());

			catalog.commit(tx -> tx.removeScheduledDeletions(List.of(scheduled.get(0).fileId())));
			assertTrue(catalog.snapshot().scheduledDeletions().isEmpty());
			assertEquals(MoraineException.Kind.INVALID, assertThrows(MoraineException.class,
					() -> catalog.commit(tx -> tx.expireSnapshots(List.of(s4)))).kind());
		}
	}
}
