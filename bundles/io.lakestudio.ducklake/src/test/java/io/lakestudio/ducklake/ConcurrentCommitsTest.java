package io.lakestudio.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two attachments of one catalog (a SQLite file, a DuckDB file) whose transactions began on one snapshot: what the
 * later commit does, read back from the catalog's own tables with a plain JDBC connection. Creations of different
 * tables both go in with their own ids; a creation of the same table, an insert into a dropped table and a delete
 * from a file the other deleted from fail with the extension's message and write nothing; deletes from different
 * files both stay.
 */
class ConcurrentCommitsTest {

	@TempDir
	Path dir;

	private String kind;

	private DuckLakeCatalog attach(String kind) throws DuckLakeException {
		this.kind = kind;
		return CatalogFiles.attach(kind, CatalogFiles.in(dir, kind),
				AttachOptions.defaults().withDataPath(dir.resolve("files").toString()));
	}

	/** The catalog's rows as a plain connection reads them (the attachments closed first, for DuckDB's lock). */
	private List<String> query(String sql) throws Exception {
		return CatalogFiles.rows(kind, CatalogFiles.in(dir, kind), sql);
	}

	private static Commit createTable(Commit c, String name) {
		long id = c.catalogId();
		c.newTables.add(new TableEntry(id, UUID.randomUUID().toString(), 0, 0, name, name + "/"));
		c.newColumns.add(new ColumnEntry(1, 0, id, 1, "i", "int32", null, null, true));
		c.changes.add("created_table:\"main\".\"" + name + "\"");
		return c;
	}

	private static Commit insert(Commit c, long table, TableStats base, long rows) {
		long file = c.fileId();
		c.newDataFiles.add(new DataFile(file, table, 0, "f" + file + "-" + UUID.randomUUID() + ".parquet", true, rows,
				100, 10, base.nextRowId(), List.of()));
		c.baseStats.putIfAbsent(table, base);
		c.tableStats.put(table, new TableStats(table, base.recordCount() + rows, base.nextRowId() + rows,
				base.fileSizeBytes() + 100));
		c.changes.add("inserted_into_table:" + table);
		return c;
	}

	private static Commit delete(Commit c, long table, long dataFile) {
		c.newDeleteFiles.add(new DeleteFile(c.fileId(), table, 0, dataFile, "d-" + UUID.randomUUID() + ".parquet",
				true, 1, 50, 5));
		c.changes.add("deleted_from_table:" + table);
		return c;
	}

	private static long tableId(DuckLakeCatalog c, String name) throws DuckLakeException {
		return c.store().at(c.store().latest()).tables().stream().filter(t -> t.name().equals(name)).findFirst()
				.orElseThrow().id();
	}

	private static TableStats stats(DuckLakeCatalog c, long table) throws DuckLakeException {
		return c.store().tableStats(table).orElse(new TableStats(table, 0, 0, 0));
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void twoTransactionsCreatingDifferentTablesBothCommitWithTheirOwnIds(String kind) throws Exception {
		try (DuckLakeCatalog one = attach(kind); DuckLakeCatalog two = attach(kind)) {
			Commit first = createTable(new Commit(one.store().latest()), "a");
			Commit second = createTable(new Commit(two.store().latest()), "b");
			long b = second.nextCatalogId() - 1;
			one.store().commit(first);
			two.store().commit(second);
			// the later one inserts into its own new table after the fact: that table is its, not the winner's
			Commit more = new Commit(two.store().latest());
			insert(more, tableId(two, "b"), stats(two, tableId(two, "b")), 3);
			two.store().commit(more);
			assertTrue(tableId(two, "b") > b, "b was renumbered past a");
		}
		assertEquals(List.of("a|1", "b|2"), query("SELECT table_name, table_id FROM ducklake_table ORDER BY table_id"));
		assertEquals(List.of("1|i", "2|i"), query("SELECT table_id, column_name FROM ducklake_column ORDER BY table_id"));
		assertEquals(List.of("2|3"), query("SELECT table_id, record_count FROM ducklake_data_file"));
		assertEquals("3", query("SELECT max(next_catalog_id) FROM ducklake_snapshot").get(0));
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void theSecondCreationOfOneTableFailsWithTheExtensionsMessageAndWritesNothing(String kind) throws Exception {
		try (DuckLakeCatalog one = attach(kind); DuckLakeCatalog two = attach(kind)) {
			Commit first = createTable(new Commit(one.store().latest()), "t");
			Commit second = createTable(new Commit(two.store().latest()), "t");
			one.store().commit(first);
			DuckLakeException e = assertThrows(DuckLakeException.Conflict.class, () -> two.store().commit(second));
			assertTrue(e.getMessage().contains("Transaction conflict - attempting to create table \"t\" in schema"
					+ " \"main\" - but this table has been created by another transaction already"), e.getMessage());
		}
		assertEquals(List.of("t"), query("SELECT table_name FROM ducklake_table"));
		assertEquals("2", query("SELECT count(*) FROM ducklake_snapshot").get(0));
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void anInsertIntoATableAnotherDroppedFails(String kind) throws Exception {
		try (DuckLakeCatalog one = attach(kind); DuckLakeCatalog two = attach(kind)) {
			one.store().commit(createTable(new Commit(one.store().latest()), "t"));
			long t = tableId(one, "t");
			Commit drop = new Commit(one.store().latest());
			drop.endedTables.add(t);
			drop.schemaChanged();
			drop.changes.add("dropped_table:" + t);
			Commit add = insert(new Commit(two.store().latest()), t, stats(two, t), 1);
			one.store().commit(drop);
			DuckLakeException e = assertThrows(DuckLakeException.Conflict.class, () -> two.store().commit(add));
			assertTrue(e.getMessage().contains("Transaction conflict - attempting to insert into table with index \""
					+ t + "\" - but another transaction has dropped it"), e.getMessage());
		}
		assertEquals("0", query("SELECT count(*) FROM ducklake_data_file").get(0));
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void deletesFromDifferentFilesBothStayAndFromOneFileTheSecondFails(String kind) throws Exception {
		long f1, f2;
		try (DuckLakeCatalog one = attach(kind); DuckLakeCatalog two = attach(kind)) {
			one.store().commit(createTable(new Commit(one.store().latest()), "t"));
			long t = tableId(one, "t");
			one.store().commit(insert(new Commit(one.store().latest()), t, stats(one, t), 5));
			one.store().commit(insert(new Commit(one.store().latest()), t, stats(one, t), 5));
			List<DataFile> files = one.store().dataFiles(t, one.store().latest().id());
			f1 = files.get(0).id();
			f2 = files.get(1).id();
			Commit a = delete(new Commit(one.store().latest()), t, f1);
			Commit b = delete(new Commit(two.store().latest()), t, f2);
			Commit c = delete(new Commit(two.store().latest()), t, f1);
			one.store().commit(a);
			two.store().commit(b);
			DuckLakeException e = assertThrows(DuckLakeException.Conflict.class, () -> two.store().commit(c));
			assertTrue(e.getMessage().contains("Transaction conflict - attempting to delete from file with index \""
					+ f1 + "\" - but another transaction has deleted from it"), e.getMessage());
		}
		assertEquals(List.of(f1 + "", f2 + ""), query("SELECT data_file_id FROM ducklake_delete_file ORDER BY 1"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void insertsFromTwoThreadsAllGoInWithRowIdsOfTheirOwn(String kind) throws Exception {
		int each = 15;
		try (DuckLakeCatalog one = attach(kind); DuckLakeCatalog two = attach(kind)) {
			one.store().commit(createTable(new Commit(one.store().latest()), "t"));
			long t = tableId(one, "t");
			ExecutorService pool = Executors.newFixedThreadPool(2);
			try {
				List<Future<Void>> done = new ArrayList<>();
				for (DuckLakeCatalog cat : List.of(one, two)) {
					Callable<Void> work = () -> {
						for (int i = 0; i < each; i++) {
							Commit c;
							synchronized (cat) {
								c = new Commit(cat.store().latest());
							}
							cat.store().commit(insert(c, t, stats(cat, t), 2).retries(new Retries(100, 5, 1.2)));
						}
						return null;
					};
					done.add(pool.submit(work));
				}
				for (Future<Void> f : done) {
					f.get();
				}
			} finally {
				pool.shutdown();
			}
		}
		assertEquals(List.of(2 * each * 2 + "|" + 2 * each * 2), query("SELECT record_count, next_row_id FROM"
				+ " ducklake_table_stats"));
		assertEquals(List.of(2 * each + "|" + 2 * each), query("SELECT count(*), count(DISTINCT row_id_start) FROM"
				+ " ducklake_data_file"));
	}
}
