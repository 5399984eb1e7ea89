package io.lakestudio.moraine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.SpecTableColumns;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.store.FolderStore;

/**
 * A moraine store written at DuckLake 1.0 (what every store before 1.1 was) opens as 1.0 until AUTOMATIC_MIGRATION
 * moves it to 1.1, as the suite's migration/v10_row_group_count expects of the extension: its files keep a NULL
 * row_group_count, a file written after has its own, and 1.1's tables list (empty).
 */
class VersionMigrationTest {

	private static DuckLakeCatalog open(Path dir, AttachOptions o) throws Exception {
		return MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")), o.withDataPath(dir
				.resolve("data").toString()), null, null);
	}

	/** A table, then one data file of 3 row groups (as the engine counts them for any catalog). */
	private static long tableWithFile(MetadataStore s, long table) throws DuckLakeException {
		Commit c = new Commit(s.latest());
		if (table < 0) {
			table = c.catalogId();
			c.newTables.add(new TableEntry(table, java.util.UUID.randomUUID().toString(), 0, 0, "t", "t/"));
			c.newColumns.add(new ColumnEntry(c.catalogId(), 0, table, 1, "i", "int32", null, null, true));
			c.changes.add("created_table:\"main\".\"t\"");
			s.commit(c);
			c = new Commit(s.latest());
		}
		TableStats before = s.tableStats(table).orElse(new TableStats(table, 0, 0, 0));
		c.baseStats.put(table, before);
		long file = c.fileId();
		c.newDataFiles.add(new DataFile(file, table, 0, "f" + file + ".parquet", true, 10, 1000, 200,
				before.nextRowId(), List.of(new ColumnStats(table + 1, 10, 0, 80, "1", "10", null))));
		c.rowGroups.put(file, 3L);
		c.tableStats.put(table, new TableStats(table, before.recordCount() + 10, before.nextRowId() + 10,
				before.fileSizeBytes() + 1000));
		c.changes.add("inserted_into_table:" + table);
		s.commit(c);
		return table;
	}

	private static List<String> column(MetadataStore s, String table, String column) throws DuckLakeException {
		int at = List.copyOf(SpecTableColumns.of(s.metadata().get("version"), table).keySet()).indexOf(column);
		assertTrue(at >= 0, table + "." + column);
		return s.rows(table).stream().map(r -> r.get(at)).toList();
	}

	@Test
	void aStoreOf10KeepsItsVersionUntilAutomaticMigrationMovesItTo11(@TempDir Path dir) throws Exception {
		long table;
		try (DuckLakeCatalog old = open(dir, AttachOptions.defaults())) {
			table = tableWithFile(old.store(), -1);
			assertEquals("1.0", old.store().metadata().get("version"));
			// 1.0's data file rows have no row_group_count, and 1.0 has no ducklake_view_column_tag
			assertTrue(!SpecTableColumns.of("1.0", "ducklake_data_file").containsKey("row_group_count"));
			assertEquals(SpecTableColumns.of("1.0", "ducklake_data_file").size(), old.store().rows(
					"ducklake_data_file").get(0).size());
			assertThrows(DuckLakeException.class, () -> old.store().rows("ducklake_view_column_tag"));
		}
		AttachOptions session = AttachOptions.defaults().withDefaultVersion(SpecTableColumns.V1_1);
		try (DuckLakeCatalog again = open(dir, session)) {
			assertEquals("1.0", again.store().metadata().get("version"), "no migration asked for");
		}
		DuckLakeException refused = assertThrows(DuckLakeException.class, () -> open(dir, AttachOptions.defaults()
				.withVersion(SpecTableColumns.V1_1)).close());
		assertTrue(refused.getMessage().contains("AUTOMATIC_MIGRATION"), refused.getMessage());
		try (DuckLakeCatalog migrated = open(dir, session.withAutomaticMigration(true))) {
			MetadataStore s = migrated.store();
			assertEquals(SpecTableColumns.V1_1, s.metadata().get("version"));
			assertEquals(java.util.Arrays.asList((String) null), column(s, "ducklake_data_file", "row_group_count"));
			assertEquals(java.util.Arrays.asList((String) null), column(s, "ducklake_file_column_stats",
					"min_is_exact"));
			assertEquals(List.of(), s.rows("ducklake_view_column_tag"));
			assertEquals(1, s.dataFiles(table, s.latest().id()).size(), "the 1.0 file still reads");
			tableWithFile(s, table);
			assertEquals(java.util.Arrays.asList(null, "3"), column(s, "ducklake_data_file", "row_group_count"));
		}
		try (DuckLakeCatalog reopened = open(dir, AttachOptions.defaults())) {
			assertEquals(SpecTableColumns.V1_1, reopened.store().metadata().get("version"), "one-way");
			assertNull(column(reopened.store(), "ducklake_data_file", "row_group_count").get(0));
		}
		DuckLakeException down = assertThrows(DuckLakeException.class, () -> open(dir, AttachOptions.defaults()
				.withVersion("1.0")).close());
		assertTrue(down.getMessage().contains("Cannot downgrade"), down.getMessage());
	}
}
