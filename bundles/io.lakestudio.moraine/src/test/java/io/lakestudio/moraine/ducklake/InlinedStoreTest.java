package io.lakestudio.moraine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.store.FolderStore;

/**
 * Inlined data through moraine as a DuckLake MetadataStore, against the SQLite store (DuckLake's own
 * ducklake_inlined_* tables) as the reference: the same inlined insert, delete of an inlined row, inlined delete of
 * file rows and flush read back the same at every snapshot, and the flush leaves nothing inlined at the head while
 * every earlier snapshot still sees what it saw.
 */
class InlinedStoreTest {

	static final String TABLE_UUID = UUID.randomUUID().toString();

	static Map<Long, String> values(long i, long s, String iv, String sv) {
		Map<Long, String> m = new LinkedHashMap<>();
		m.put(i, iv);
		m.put(s, sv);
		return m;
	}

	/** create t(i, s); inline 3 rows; a file of 10 rows; delete inlined row 1 and file rows 2, 5. */
	static void history(MetadataStore st) throws DuckLakeException {
		assertTrue(st.keepsInlinedData(), st.location());
		Commit c = new Commit(st.latest());
		long t = c.catalogId();
		long i = c.catalogId();
		long s = c.catalogId();
		ColumnEntry ci = new ColumnEntry(i, 0, t, 1, "i", "int32", null, null, true);
		ColumnEntry cs = new ColumnEntry(s, 0, t, 2, "s", "varchar", null, null, true);
		c.newTables.add(new TableEntry(t, TABLE_UUID, 0, 0, "t", "t/"));
		c.newColumns.add(ci);
		c.newColumns.add(cs);
		c.changes.add("created_table:\"main\".\"t\"");
		st.commit(c); // 1

		c = new Commit(st.latest());
		c.baseStats.put(t, new TableStats(t, 0, 0, 0));
		c.inlinedInserts.put(t, List.of(new InlinedRow(0, 0, values(i, s, "1", "a:b")),
				new InlinedRow(1, 0, values(i, s, "2", null)), new InlinedRow(2, 0, values(i, s, null, "3:14:"))));
		c.inlinedColumns.put(t, List.of(ci, cs));
		c.tableStats.put(t, new TableStats(t, 3, 3, 0));
		c.changes.add("inserted_into_table:" + t);
		st.commit(c); // 2

		c = new Commit(st.latest());
		c.baseStats.put(t, st.tableStats(t).orElseThrow());
		long file = c.fileId();
		c.newDataFiles.add(new DataFile(file, t, 0, "f1.parquet", true, 10, 1000, 200, 3, List.of()));
		c.tableStats.put(t, new TableStats(t, 13, 13, 1000));
		c.changes.add("inserted_into_table:" + t);
		st.commit(c); // 3

		c = new Commit(st.latest());
		c.baseStats.put(t, st.tableStats(t).orElseThrow());
		c.inlinedDeletes.put(t, Set.of(1L));
		c.inlinedFileDeletes.put(t, Map.of(file, new java.util.TreeSet<>(Set.of(2L, 5L))));
		c.tableStats.put(t, new TableStats(t, 10, 13, 1000));
		c.changes.add("deleted_from_table:" + t);
		st.commit(c); // 4
	}

	/** The flush: the live inlined rows into a data file, the inlined file deletes into a delete file from 4. */
	static void flush(MetadataStore st) throws DuckLakeException {
		long t = 1;
		long file = st.dataFiles(t, 4).get(0).id();
		Commit c = new Commit(st.latest());
		c.baseStats.put(t, st.tableStats(t).orElseThrow());
		c.newDataFiles.add(new DataFile(c.fileId(), t, 0, "flushed.parquet", true, 2, 500, 100, 0, List.of()));
		c.newDeleteFiles.add(new DeleteFile(c.fileId(), t, 4, file, "f1-delete.parquet", true, 2, 300, 100));
		c.inlinedDeletes.put(t, Set.of(0L, 2L));
		c.flushedFileDeletes.put(t, Set.of(file));
		c.changes.add("flushed_inlined:" + t);
		st.commit(c); // 5
	}

	static List<String> rows(MetadataStore st, long snapshot) throws DuckLakeException {
		return st.inlinedRows(1, snapshot).stream().map(r -> r.rowId() + "@" + r.beginSnapshot() + "=" + r.values())
				.toList();
	}

	@Test
	void inlinedRowsDeletesAndTheFlushReadBackAsOnSqlite(@TempDir Path dir) throws Exception {
		AttachOptions o = AttachOptions.defaults().withDataPath(dir.resolve("data") + "/");
		try (DuckLakeCatalog sqlite = DuckLakeCatalog.open("ducklake:sqlite:" + dir.resolve("c.sqlite"), o);
				DuckLakeCatalog moraine = MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")),
						o, null, null)) {
			MetadataStore q = sqlite.store(), m = moraine.store();
			history(q);
			history(m);
			long file = m.dataFiles(1, 3).get(0).id();
			assertEquals(Map.of(file, Map.of(2L, 4L, 5L, 4L)), m.inlinedFileDeletes(1, 4));
			assertEquals(q.inlinedFileDeletes(1, 4), m.inlinedFileDeletes(1, 4));
			assertEquals(Map.of(), m.inlinedFileDeletes(1, 3));
			flush(q);
			flush(m);
			for (long snap = 1; snap <= 5; snap++) {
				assertEquals(rows(q, snap), rows(m, snap), "inlined rows at " + snap);
				assertEquals(q.inlinedFileDeletes(1, snap), m.inlinedFileDeletes(1, snap), "file deletes at " + snap);
				assertEquals(q.tableStats(1), m.tableStats(1));
			}
			// what a user sees: the three rows (NULLs and colons kept), one gone at 4, none inlined after the flush
			assertEquals(List.of("0@2={2=1, 3=a:b}", "1@2={2=2, 3=null}", "2@2={2=null, 3=3:14:}"), rows(m, 2));
			assertEquals(List.of("0@2={2=1, 3=a:b}", "2@2={2=null, 3=3:14:}"), rows(m, 4));
			assertEquals(List.of(), rows(m, 5));
			// the flush took them into its delete file, which time travel to 4 reads instead
			assertEquals(Map.of(), m.inlinedFileDeletes(1, 4));
			assertEquals(Map.of(), m.inlinedFileDeletes(1, 5));
			// the flush's delete file begins at the first delete it holds, so snapshot 4 reads it too
			assertEquals(4, m.deleteFiles(1, 5).get(0).beginSnapshot());
			assertEquals(q.deleteFiles(1, 4).size(), m.deleteFiles(1, 4).size());
			// the inlined-data tables as DuckLake names and lists them
			assertEquals(q.rows("ducklake_inlined_data_tables"), m.rows("ducklake_inlined_data_tables"));
			assertEquals(q.inlinedTable("ducklake_inlined_data_1_1").orElseThrow().rows(),
					m.inlinedTable("ducklake_inlined_data_1_1").orElseThrow().rows());
			assertEquals(List.of("row_id", "begin_snapshot", "end_snapshot", "i", "s"), List.copyOf(
					m.inlinedTable("ducklake_inlined_data_1_1").orElseThrow().columns().keySet()));
			assertEquals(q.inlinedTable("ducklake_inlined_delete_1").orElseThrow().rows(),
					m.inlinedTable("ducklake_inlined_delete_1").orElseThrow().rows());
		}
		// and after reopening the store: the rows are the store's, not a cache's
		try (DuckLakeCatalog again = MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")),
				AttachOptions.defaults().withDataPath(dir.resolve("data") + "/"), null, null)) {
			assertEquals(List.of("0@2={2=1, 3=a:b}", "2@2={2=null, 3=3:14:}"), rows(again.store(), 4));
		}
	}

	@Test
	void theValueCodecKeepsAnyText() {
		Map<Long, String> v = new LinkedHashMap<>();
		v.put(7L, "");
		v.put(8L, null);
		v.put(9L, "12:x:\n:ü");
		assertEquals(v, InlinedRows.decode(InlinedRows.encode(v)));
	}
}
