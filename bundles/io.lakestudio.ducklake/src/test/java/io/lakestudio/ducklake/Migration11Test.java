package io.lakestudio.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A DuckLake 1.0 catalog stays 1.0 when attached plainly or migrated with no other default, and AUTOMATIC_MIGRATION
 * with a session default of 1.1-dev1 takes it there in one
 * go: 1.1's columns (NULL for the rows there were) and table, the inlined-data tables' system columns renamed, the
 * rows before readable and a commit after keeping a row group count. A 1.1-dev1 catalog is not taken back to 1.0.
 * Everything is checked with a plain JDBC connection to the file.
 */
class Migration11Test {

	@TempDir
	Path dir;

	private String kind;

	private DuckLakeCatalog open(AttachOptions o) throws DuckLakeException {
		return CatalogFiles.attach(kind, CatalogFiles.in(dir, kind), o.withDataPath(dir.resolve("files").toString()));
	}

	private List<String> query(String sql) throws Exception {
		return CatalogFiles.rows(kind, CatalogFiles.in(dir, kind), sql);
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void a1_0CatalogIsMigratedTo1_1AndTakesCommitsAfter(String kind) throws Exception {
		this.kind = kind;
		long table;
		try (DuckLakeCatalog c = open(AttachOptions.defaults().withVersion("1.0"))) {
			Commit create = new Commit(c.store().latest());
			table = create.catalogId();
			create.newTables.add(new TableEntry(table, UUID.randomUUID().toString(), 0, 0, "t", "t/"));
			ColumnEntry i = new ColumnEntry(1, 0, table, 1, "i", "int32", null, null, true);
			create.newColumns.add(i);
			create.changes.add("created_table:\"main\".\"t\"");
			c.store().commit(create);
			Commit insert = new Commit(c.store().latest());
			insert.inlinedInserts.put(table, List.of(new InlinedRow(0, 0, Map.of(1L, "7"))));
			insert.inlinedColumns.put(table, List.of(i));
			long file = insert.fileId();
			insert.newDataFiles.add(new DataFile(file, table, 0, "before.parquet", true, 5, 100, 10, 1, List.of()));
			insert.tableStats.put(table, new TableStats(table, 6, 6, 100));
			insert.changes.add("inserted_into_table:" + table);
			c.store().commit(insert);
		}
		try (DuckLakeCatalog c = open(AttachOptions.defaults().withDefaultVersion("1.1-dev1"))) {
			assertEquals("1.0", c.store().metadata().get("version"), "a session's default makes new catalogs only");
		}
		assertEquals(List.of("1.0"), query("SELECT value FROM ducklake_metadata WHERE key = 'version'"));
		assertEquals(List.of("0|7"), query("SELECT row_id, i FROM ducklake_inlined_data_1_1"));

		try (DuckLakeCatalog c = open(AttachOptions.defaults().withAutomaticMigration(true))) {
			assertEquals("1.0", c.store().metadata().get("version"), "migrated past the default, 1.0");
		}
		assertEquals(List.of("1.0"), query("SELECT value FROM ducklake_metadata WHERE key = 'version'"));
		try (DuckLakeCatalog c = open(AttachOptions.defaults().withDefaultVersion("1.1-dev1")
				.withAutomaticMigration(true))) {
			assertEquals("1.1-dev1", c.store().metadata().get("version"));
			assertEquals(List.of("0|7"), c.store().inlinedRows(table, c.store().latestId()).stream()
					.map(r -> r.rowId() + "|" + r.values().get(1L)).toList(), "the inlined rows, read after the rename");
			Commit more = new Commit(c.store().latest());
			more.inlinedInserts.put(table, List.of(new InlinedRow(6, 0, Map.of(1L, "8"))));
			more.inlinedColumns.put(table, c.store().at(c.store().latest()).columns().get(table));
			long file = more.fileId();
			more.newDataFiles.add(new DataFile(file, table, 0, "after.parquet", true, 5, 100, 10, 7, List.of()));
			more.rowGroups.put(file, 2L);
			more.baseStats.put(table, new TableStats(table, 6, 6, 100));
			more.tableStats.put(table, new TableStats(table, 12, 12, 200));
			more.changes.add("inserted_into_table:" + table);
			c.store().commit(more);
		}
		assertEquals(List.of("1.1-dev1"), query("SELECT value FROM ducklake_metadata WHERE key = 'version'"));
		assertEquals(List.of("0|7|null", "6|8|null"), query("SELECT _ducklake_row_id, i, _ducklake_end_snapshot FROM"
				+ " ducklake_inlined_data_1_1 ORDER BY 1"));
		assertEquals(List.of("before.parquet|null", "after.parquet|2"), query("SELECT path, row_group_count FROM"
				+ " ducklake_data_file ORDER BY data_file_id"));
		assertEquals(List.of("0"), query("SELECT count(*) FROM ducklake_view_column_tag"));
		assertEquals(List.of("0"), query("SELECT count(*) FROM ducklake_file_column_stats WHERE min_is_exact"
				+ " OR max_is_exact"));

		DuckLakeException e = assertThrows(DuckLakeException.class,
				() -> open(AttachOptions.defaults().withVersion("1.0")).close());
		assertTrue(e.getMessage().contains("Cannot downgrade"), e.getMessage());
		// a default of 1.0 asks for no version: the 1.1 catalog attaches as it is, migration or not
		try (DuckLakeCatalog c = open(AttachOptions.defaults().withAutomaticMigration(true))) {
			assertEquals("1.1-dev1", c.store().metadata().get("version"));
		}
	}

	/** A user's column named as 1.1 names a system column: the migration refuses, and renames nothing. */
	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aClashingColumnRefusesTheMigrationUntouched(String kind) throws Exception {
		this.kind = kind;
		try (DuckLakeCatalog c = open(AttachOptions.defaults().withVersion("1.0"))) {
			Commit create = new Commit(c.store().latest());
			long table = create.catalogId();
			create.newTables.add(new TableEntry(table, UUID.randomUUID().toString(), 0, 0, "t", "t/"));
			ColumnEntry col = new ColumnEntry(1, 0, table, 1, "_ducklake_end_snapshot", "int32", null, null, true);
			create.newColumns.add(col);
			create.changes.add("created_table:\"main\".\"t\"");
			c.store().commit(create);
			Commit insert = new Commit(c.store().latest());
			insert.inlinedInserts.put(table, List.of(new InlinedRow(0, 0, Map.of(1L, "7"))));
			insert.inlinedColumns.put(table, List.of(col));
			insert.tableStats.put(table, new TableStats(table, 1, 1, 0));
			insert.changes.add("inserted_into_table:" + table);
			c.store().commit(insert);
		}
		DuckLakeException e = assertThrows(DuckLakeException.class, () -> open(AttachOptions.defaults()
				.withDefaultVersion("1.1-dev1").withAutomaticMigration(true)).close());
		assertTrue(e.getMessage().contains("Failed to rename inlined-data metadata columns"), e.getMessage());
		assertEquals(List.of("1.0"), query("SELECT value FROM ducklake_metadata WHERE key = 'version'"));
		assertEquals(List.of("0|7"), query("SELECT row_id, _ducklake_end_snapshot FROM ducklake_inlined_data_1_1"));
		assertEquals(List.of("0"), query(kind.equals("sqlite")
				? "SELECT count(*) FROM pragma_table_info('ducklake_data_file') WHERE name = 'row_group_count'"
				: "SELECT count(*) FROM information_schema.columns WHERE table_name = 'ducklake_data_file'"
						+ " AND column_name = 'row_group_count'"));
	}
}
