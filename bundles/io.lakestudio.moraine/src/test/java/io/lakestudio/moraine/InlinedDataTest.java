package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/** The seed's "Inlined data": ids from the table's counter, read back now and as of a past snapshot, flushed once. */
class InlinedDataTest {

	static final byte[] SCHEMA = "arrow-schema-stream".getBytes(StandardCharsets.UTF_8);

	static InlineChunk chunk(String body, int rows) {
		return new InlineChunk(SCHEMA, body.getBytes(StandardCharsets.UTF_8), rows);
	}

	@Test
	void inlinedRowsShareTheRowIdCounterWithFilesAndSurviveAFlushExactlyOnce() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createTable(new SchemaId(0), "t", List.of(ColumnDef.of("x", "INTEGER"))));
			TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
			SnapshotId s1 = catalog.commit(tx -> tx.addDataFile(DataFile.parquet(t, "f1.parquet", 10, 100)));
			long[] first = new long[2];
			SnapshotId s2 = catalog.commit(tx -> first[0] = tx.inlineInsert(t, chunk("batch-a", 3)));
			SnapshotId s3 = catalog.commit(tx -> first[1] = tx.inlineInsert(t, chunk("batch-b", 2)));
			assertEquals(10, first[0], "after the file's ten ids");
			assertEquals(13, first[1]);

			List<RecentRow> rows = catalog.recentRows(t);
			assertEquals(List.of(10L, 11L, 12L, 13L, 14L), rows.stream().map(RecentRow::rowId).toList());
			assertEquals("batch-b", new String(rows.get(4).chunkBody(), StandardCharsets.UTF_8));
			assertEquals(1, rows.get(4).indexInChunk());
			assertArrayEquals(SCHEMA, rows.get(0).arrowSchema());
			assertEquals(3, catalog.recentRowsAt(t, s2).size());
			assertEquals(0, catalog.recentRowsAt(t, s1).size());

			SnapshotId s4 = catalog.commit(tx -> tx.inlineDelete(t, 11));
			assertEquals(List.of(10L, 12L, 13L, 14L), catalog.recentRows(t).stream().map(RecentRow::rowId).toList());
			assertEquals(3, catalog.recentRowsAt(t, s3).stream().filter(r -> r.rowId() < 13).count(),
					"the past still sees the deleted row");
			assertThrows(MoraineException.class, () -> catalog.commit(tx -> tx.inlineDelete(t, 11)));

			SnapshotId s5 = catalog.commit(tx -> tx.flushInlinedData(t,
					new FlushedDataFile(DataFile.parquet(t, "flushed.parquet", 4, 64))));
			CatalogSnapshot head = catalog.snapshot();
			assertTrue(head.recentRows(t).isEmpty());
			DataFileInfo flushed = head.dataFiles(t).stream().filter(f -> f.path().equals("flushed.parquet"))
					.findFirst().orElseThrow();
			assertEquals(10, flushed.rowIdStart(), "the rows keep their ids");
			assertEquals(s2, flushed.begin(), "backdated to the oldest flushed row's snapshot");

			long next = catalog.snapshot().tableStats(t).orElseThrow().nextRowId();
			assertEquals(15, next, "a flush draws no new ids");

			// Exactly once at every snapshot: each inlined row is either listed inline or covered by the flushed
			// file's backdated record (whose embedded ids and snapshots the reader filters), never both.
			for (SnapshotId s : List.of(s2, s3, s4, s5)) {
				CatalogSnapshot at = catalog.snapshotAt(s);
				Set<Long> inline = new HashSet<>();
				at.recentRows(t).forEach(r -> assertTrue(inline.add(r.rowId())));
				boolean fileVisible = at.dataFiles(t).stream().anyMatch(f -> f.path().equals("flushed.parquet"));
				assertTrue(fileVisible, "the backdated file is visible at " + s);
				List<Long> both = new ArrayList<>(inline);
				both.retainAll(List.of(10L, 12L, 13L, 14L));
				assertTrue(both.isEmpty(), "flushed rows are no longer listed inline at " + s + ": " + both);
			}
			assertEquals(List.of(11L), catalog.recentRowsAt(t, s3).stream().map(RecentRow::rowId).toList(),
					"the row deleted before the flush stays inline for the past that saw it");
			assertTrue(catalog.recentRowsAt(t, s4).isEmpty());
		}
	}

	@Test
	void aFlushMustCarryEveryLiveRow() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createTable(new SchemaId(0), "t", List.of(ColumnDef.of("x", "INTEGER"))));
			TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
			catalog.commit(tx -> tx.inlineInsert(t, chunk("a", 3)));
			MoraineException e = assertThrows(MoraineException.class, () -> catalog.commit(tx -> tx
					.flushInlinedData(t, new FlushedDataFile(DataFile.parquet(t, "short.parquet", 2, 10)))));
			assertEquals(MoraineException.Kind.INVALID, e.kind());
			assertEquals(3, catalog.recentRows(t).size(), "a refused flush loses nothing");
		}
	}
}
