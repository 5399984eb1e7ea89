package io.lakestudio.moraine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.SpecTableColumns;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * moraine as a DuckLake MetadataStore, against the SQLite store as the reference: the same commits made on both
 * leave the same rows in every ducklake_* table (times and the bootstrap's random uuid aside), and a reader
 * pinned to a checkpoint reads its cut with no PUT and no DELETE (a store that counts requests).
 */
class MoraineStoreTest {

	/** Counts what is asked of a store (every delete goes through delete(path)). */
	static final class CountingStore implements ObjectStore {
		final ObjectStore inner;
		final java.util.concurrent.atomic.AtomicInteger gets = new java.util.concurrent.atomic.AtomicInteger(),
				puts = new java.util.concurrent.atomic.AtomicInteger(),
				deletes = new java.util.concurrent.atomic.AtomicInteger();

		CountingStore(ObjectStore inner) {
			this.inner = inner;
		}

		@Override
		public String describe() {
			return inner.describe();
		}

		@Override
		public byte[] get(String path) throws StoreException {
			gets.incrementAndGet();
			return inner.get(path);
		}

		@Override
		public byte[] get(String path, long offset, int length) throws StoreException {
			gets.incrementAndGet();
			return inner.get(path, offset, length);
		}

		@Override
		public java.util.Optional<ObjectInfo> head(String path) throws StoreException {
			return inner.head(path);
		}

		@Override
		public List<ObjectInfo> list(String prefix) throws StoreException {
			return inner.list(prefix);
		}

		@Override
		public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
			puts.incrementAndGet();
			return inner.put(path, bytes, condition);
		}

		@Override
		public void delete(String path) throws StoreException {
			deletes.incrementAndGet();
			inner.delete(path);
		}

		@Override
		public void close() {
			inner.close();
		}
	}

	static final String TABLE_UUID = UUID.randomUUID().toString();

	/** The same five commits (create, insert, delete, rename, drop) on any store. */
	static void history(MetadataStore s) throws DuckLakeException {
		Commit c = new Commit(s.latest());
		long t = c.catalogId();
		long col = c.catalogId();
		c.newTables.add(new TableEntry(t, TABLE_UUID, 0, 0, "t", "t/"));
		c.newColumns.add(new ColumnEntry(col, 0, t, 1, "i", "int32", null, null, true));
		c.changes.add("created_table:\"main\".\"t\"");
		s.commit(c);

		c = new Commit(s.latest());
		TableStats before = s.tableStats(t).orElse(new TableStats(t, 0, 0, 0));
		c.baseStats.put(t, before);
		long file = c.fileId();
		c.newDataFiles.add(new DataFile(file, t, 0, "f1.parquet", true, 10, 1000, 200, before.nextRowId(),
				List.of(new ColumnStats(col, 10, 1, 80, "1", "10", null))));
		c.tableStats.put(t, new TableStats(t, 10, 10, 1000));
		c.changes.add("inserted_into_table:" + t);
		s.commit(c);

		c = new Commit(s.latest());
		c.baseStats.put(t, s.tableStats(t).orElseThrow());
		c.newDeleteFiles.add(new DeleteFile(c.fileId(), t, 0, file, "f1-delete.parquet", true, 2, 300, 100));
		c.tableStats.put(t, new TableStats(t, 8, 10, 1000));
		c.changes.add("deleted_from_table:" + t);
		s.commit(c);

		c = new Commit(s.latest());
		c.endedTables.add(t);
		c.newTables.add(new TableEntry(t, TABLE_UUID, 0, 0, "u", "t/"));
		c.schemaChanged();
		c.changes.add("altered_table:" + t);
		s.commit(c);

		c = new Commit(s.latest());
		c.endedTables.add(t);
		c.endColumn(t, col);
		c.endedDataFiles.add(file);
		c.droppedStats.add(t);
		c.changes.add("dropped_table:" + t);
		s.commit(c);
	}

	/** A table's rows as text, times and uuids blanked, booleans as true/false, sorted. */
	static List<String> comparable(MetadataStore s, String table) throws DuckLakeException {
		List<String> types = new ArrayList<>(SpecTableColumns.of(table).values());
		List<String> out = new ArrayList<>();
		for (List<String> row : s.rows(table)) {
			List<String> r = new ArrayList<>();
			for (int i = 0; i < row.size(); i++) {
				String v = row.get(i);
				String type = types.get(i);
				if (type.startsWith("TIMESTAMP") || type.equals("UUID") && v != null && !v.equals(TABLE_UUID)) {
					v = "<blank>";
				} else if (type.equals("BOOLEAN") && v != null) {
					v = String.valueOf(v.equals("1") || v.equalsIgnoreCase("true"));
				}
				r.add(String.valueOf(v));
			}
			out.add(String.join("|", r));
		}
		out.sort(null);
		return out;
	}

	@Test
	void theSameCommitsLeaveTheSameRowsAsTheSqliteStore(@TempDir Path dir) throws Exception {
		String data = dir.resolve("data") + "/";
		AttachOptions o = AttachOptions.defaults().withDataPath(data);
		try (DuckLakeCatalog sqlite = DuckLakeCatalog.open("ducklake:sqlite:" + dir.resolve("c.sqlite"), o);
				DuckLakeCatalog moraine = MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")),
						o, null, null)) {
			history(sqlite.store());
			history(moraine.store());
			assertEquals(data, moraine.dataPath());
			for (String table : List.of("ducklake_metadata", "ducklake_snapshot", "ducklake_snapshot_changes",
					"ducklake_schema", "ducklake_table", "ducklake_column", "ducklake_data_file",
					"ducklake_file_column_stats", "ducklake_delete_file", "ducklake_table_stats",
					"ducklake_table_column_stats", "ducklake_view", "ducklake_tag", "ducklake_inlined_data_tables")) {
				assertEquals(comparable(sqlite.store(), table), comparable(moraine.store(), table), table);
			}
			// schema versions: one row per table changed, as on SQLite, and the bootstrap's own (the SQLite store
			// writes none for snapshot 0)
			assertEquals(List.of("0|0|null", "1|1|1", "4|2|1", "5|3|1"), moraine.store().rows(
					"ducklake_schema_versions").stream().map(r -> r.get(0) + "|" + r.get(1) + "|" + r.get(2)).toList());
			assertEquals(comparable(sqlite.store(), "ducklake_schema_versions"), comparable(moraine.store(),
					"ducklake_schema_versions").subList(1, 4));
			assertEquals(sqlite.store().snapshots().stream().map(x -> x.id() + ":" + x.changesMade()).toList(),
					moraine.store().snapshots().stream().map(x -> x.id() + ":" + x.changesMade()).toList());
			// time travel through the MetadataStore reads: the file and its deletes at 3, the renamed table at 4
			assertEquals(1, moraine.store().dataFiles(1, 3).size());
			assertEquals(1, moraine.store().deleteFiles(1, 3).size());
			assertEquals(100, moraine.store().deleteFiles(1, 3).get(0).footerSize());
			assertEquals("u", moraine.store().at(moraine.store().snapshot(4).orElseThrow()).tables().get(0).name());
			assertTrue(moraine.store().at(moraine.store().latest()).tables().isEmpty());
		}
	}

	@Test
	void aConflictingCommitIsRefusedAndWritesNothing(@TempDir Path dir) throws Exception {
		try (DuckLakeCatalog m = MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")),
				AttachOptions.defaults(), null, dir.resolve("data").toString())) {
			Commit a = new Commit(m.store().latest());
			Commit b = new Commit(m.store().latest());
			for (Commit c : List.of(a, b)) {
				long t = c.catalogId();
				c.newTables.add(new TableEntry(t, UUID.randomUUID().toString(), 0, 0, "t" + t, "t/"));
				c.newColumns.add(new ColumnEntry(c.catalogId(), 0, t, 1, "i", "int32", null, null, true));
				c.changes.add("created_table:\"main\".\"t\"");
			}
			m.store().commit(a);
			long before = m.store().latest().id();
			assertThrows(DuckLakeException.Conflict.class, () -> m.store().commit(b));
			assertEquals(before, m.store().latest().id());
		}
	}

	@Test
	void aReaderPinnedToACheckpointSendsNoPutAndNoDelete(@TempDir Path dir) throws Exception {
		String checkpoint;
		AttachOptions o = AttachOptions.defaults().withDataPath(dir.resolve("data").toString());
		try (DuckLakeCatalog w = MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")), o,
				null, null)) {
			history(w.store());
			checkpoint = ((MoraineStore) w.store()).writer().orElseThrow().createCheckpoint(java.util.Optional.empty());
			Commit c = new Commit(w.store().latest());
			c.newSchemas.add(new io.lakestudio.ducklake.SchemaEntry(c.catalogId(), UUID.randomUUID().toString(), 0,
					"later", "later/"));
			c.changes.add("created_schema:\"later\"");
			w.store().commit(c);
		}
		CountingStore counting = new CountingStore(new FolderStore(dir.resolve("m")));
		try (DuckLakeCatalog r = MoraineCatalogs.open("ducklake:moraine:x", counting, AttachOptions.defaults(),
				checkpoint, null)) {
			assertTrue(r.readOnly());
			assertEquals(5, r.store().latest().id());
			assertEquals(List.of("main"), r.store().at(r.store().latest()).schemas().stream().map(s -> s.name())
					.toList());
			assertEquals(6, r.store().snapshots().size());
			assertEquals(1, r.store().dataFiles(1, 2).size());
			for (String t : List.of("ducklake_snapshot", "ducklake_data_file", "ducklake_metadata")) {
				assertTrue(!r.store().rows(t).isEmpty(), t);
			}
			Map<String, String> meta = r.store().metadata();
			assertEquals("1.0", meta.get("version"));
			assertThrows(DuckLakeException.class, () -> r.store().commit(new Commit(r.store().latest())));
		}
		assertTrue(counting.gets.get() > 0);
		assertEquals(0, counting.puts.get(), "PUTs");
		assertEquals(0, counting.deletes.get(), "DELETEs");
	}
}
