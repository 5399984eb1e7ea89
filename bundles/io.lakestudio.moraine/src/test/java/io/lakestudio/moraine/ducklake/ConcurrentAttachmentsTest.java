package io.lakestudio.moraine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.store.FolderStore;

/**
 * Two attachments of one moraine store in one process (two sessions, one shared writer) whose transactions began
 * on one snapshot: DuckLake's conflict rules as on SQLite. Creations of different tables both go in with ids of
 * their own; the same table twice fails with the extension's message; deletes from two threads all stay; the
 * store's own objects are never taken for orphan data files, even with the store under the data path.
 */
class ConcurrentAttachmentsTest {

	@TempDir
	Path dir;

	private DuckLakeCatalog attach() throws Exception {
		return MoraineCatalogs.open("ducklake:moraine:" + dir.resolve("m"), new FolderStore(dir.resolve("m")),
				AttachOptions.defaults().withDataPath(dir + "/"), null, null);
	}

	private static long createTable(DuckLakeCatalog cat, Commit c, String name) throws DuckLakeException {
		long id = c.catalogId();
		c.newTables.add(new TableEntry(id, UUID.randomUUID().toString(), 0, 0, name, name + "/"));
		c.newColumns.add(new ColumnEntry(1, 0, id, 1, "i", "int32", null, null, true));
		c.changes.add("created_table:\"main\".\"" + name + "\"");
		cat.store().commit(c);
		return cat.store().at(cat.store().latest()).tables().stream().filter(t -> t.name().equals(name)).findFirst()
				.orElseThrow().id();
	}

	@Test
	void creationsOfDifferentTablesBothGoInAndOfOneTableTheSecondFails() throws Exception {
		try (DuckLakeCatalog one = attach(); DuckLakeCatalog two = attach()) {
			Commit a = new Commit(one.store().latest());
			Commit b = new Commit(two.store().latest());
			Commit again = new Commit(two.store().latest());
			long ta = createTable(one, a, "a");
			long tb = createTable(two, b, "b");
			assertTrue(ta != tb, "each table has its own id");
			for (long t : List.of(ta, tb)) {
				assertEquals(List.of("i"), one.store().at(one.store().latest()).columns().get(t).stream()
						.map(ColumnEntry::name).toList());
			}
			DuckLakeException e = assertThrows(DuckLakeException.Conflict.class, () -> createTable(two, again, "a"));
			assertTrue(e.getMessage().contains("Transaction conflict - attempting to create table \"a\" in schema"
					+ " \"main\" - but this table has been created by another transaction already"), e.getMessage());
			assertEquals(2, one.store().at(one.store().latest()).tables().size());
		}
	}

	@Test
	void deletesFromTwoThreadsOnTheirOwnTablesAllStay() throws Exception {
		int each = 6;
		try (DuckLakeCatalog one = attach(); DuckLakeCatalog two = attach()) {
			List<DuckLakeCatalog> cats = List.of(one, two);
			List<Long> tables = new ArrayList<>();
			List<Long> files = new ArrayList<>();
			for (int i = 0; i < 2; i++) {
				long t = createTable(one, new Commit(one.store().latest()), "t" + i);
				Commit c = new Commit(one.store().latest());
				for (int f = 0; f < each; f++) {
					c.newDataFiles.add(new DataFile(c.fileId(), t, 0, "f" + f + ".parquet", true, 1, 100, 10, f,
							List.of()));
				}
				c.tableStats.put(t, new TableStats(t, each, each, 100L * each));
				c.changes.add("inserted_into_table:" + t);
				one.store().commit(c);
				tables.add(t);
			}
			ExecutorService pool = Executors.newFixedThreadPool(2);
			try {
				List<Future<Void>> done = new ArrayList<>();
				for (int i = 0; i < 2; i++) {
					DuckLakeCatalog cat = cats.get(i);
					long t = tables.get(i);
					done.add(pool.submit(() -> {
						for (DataFile f : cat.store().dataFiles(t, cat.store().latest().id())) {
							Commit c = new Commit(cat.store().latest());
							c.newDeleteFiles.add(new DeleteFile(c.fileId(), t, 0, f.id(), "d-" + UUID.randomUUID()
									+ ".parquet", true, 1, 50, 5));
							c.changes.add("deleted_from_table:" + t);
							cat.store().commit(c);
						}
						return null;
					}));
				}
				for (Future<Void> f : done) {
					f.get();
				}
			} finally {
				pool.shutdown();
			}
			for (long t : tables) {
				List<DeleteFile> deletes = one.store().deleteFiles(t, one.store().latest().id());
				assertEquals(each, deletes.size(), "every delete of table " + t + " stayed");
				assertEquals(each, deletes.stream().map(DeleteFile::dataFileId).distinct().count());
				one.store().dataFiles(t, one.store().latest().id()).forEach(f -> files.add(f.id()));
			}
			assertEquals(2 * each, files.size());
			// the store's folder is under the data path: its objects are its own, not orphan data files
			List<Path> objects;
			try (var walk = Files.walk(dir.resolve("m"))) {
				objects = walk.filter(Files::isRegularFile).toList();
			}
			assertFalse(objects.isEmpty());
			for (Path p : objects) {
				assertTrue(one.store().holds(p.toString()), p + " is the store's");
				assertFalse(one.store().namedFiles(dir + "/").contains(p.toString()));
			}
			assertTrue(one.store().namedFiles(dir + "/").contains(dir + "/main/t0/f0.parquet"),
					"" + one.store().namedFiles(dir + "/"));
			assertFalse(one.store().holds(dir.resolve("main/t0/f0.parquet").toString()));
		}
	}
}
