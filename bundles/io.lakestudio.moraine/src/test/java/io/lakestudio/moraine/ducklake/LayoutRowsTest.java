package io.lakestudio.moraine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.MacroEntry;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.SortSpec;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.store.FolderStore;

/**
 * What a DuckLake catalog keeps beside tables and files, on moraine as on the SQLite store (the reference, whose
 * catalogs pass DuckLake's own tests): nested columns (a struct's fields are rows of their own), comments (tags),
 * macros, partitioning and each file's partition values, sort orders, name mappings of added files, per-table
 * schema versions, table-scoped options and snapshot expiry. The same commits on both leave the same rows, and the
 * MetadataStore reads the engine makes give the same answers, at the head and by time travel.
 */
class LayoutRowsTest {

	private static final long T = 1, S = 2, A = 3, B = 4, PART = 5, SORT = 6, MACRO = 7, SORT2 = 8;

	static void history(MetadataStore s) throws Exception {
		Commit c = new Commit(s.latest());
		for (int i = 0; i < 4; i++) {
			c.catalogId();
		}
		c.newTables.add(new TableEntry(T, MoraineStoreTest.TABLE_UUID, 0, 0, "t", "t/"));
		c.newColumns.add(new ColumnEntry(S, 0, T, 1, "s", "struct", null, null, true, List.of(
				new ColumnEntry(A, 0, T, 1, "a", "int32", null, null, true),
				new ColumnEntry(B, 0, T, 2, "b", "varchar", null, null, true))));
		c.tags.put(T, Map.of("comment", "the table"));
		c.columnTags.put(T, Map.of(S, Map.of("comment", "a struct")));
		c.changes.add("created_table:\"main\".\"t\"");
		s.commit(c); // 1

		c = new Commit(s.latest());
		c.catalogId();
		c.catalogId();
		c.catalogId();
		c.partitionings.put(T, new PartitionSpec(PART, T, List.of(new PartitionSpec.Key(0, A, "identity"))));
		c.sortings.put(T, new SortSpec(SORT, T, List.of(new SortSpec.Key("b", "DESC", "NULLS_FIRST"))));
		c.newMacros.add(new MacroEntry(MACRO, 0, "plus", 0, List.of(new MacroEntry.Impl("duckdb", "x + 1", "scalar",
				List.of(new MacroEntry.Parameter("x", "unknown", null, "unknown"))))));
		c.changes.add("altered_table:" + T);
		c.changes.add("created_scalar_macro:\"main\".\"plus\"");
		s.commit(c); // 2

		c = new Commit(s.latest());
		TableStats before = s.tableStats(T).orElse(new TableStats(T, 0, 0, 0));
		c.baseStats.put(T, before);
		long file = c.fileId();
		c.newDataFiles.add(new DataFile(file, T, 0, "a=1/f.parquet", true, 2, 500, 0, 0, List.of()));
		c.filePartitions.put(file, new FilePartition(PART, List.of("1")));
		long added = c.fileId();
		Map<Long, String> names = new LinkedHashMap<>();
		names.put(S, "s");
		c.newDataFiles.add(new DataFile(added, T, 0, "added.parquet", true, 1, 300, 0, 2, List.of()));
		c.nameMappings.put(added, names);
		c.tableStats.put(T, new TableStats(T, 3, 3, 800));
		c.changes.add("inserted_into_table:" + T);
		s.commit(c); // 3

		c = new Commit(s.latest());
		c.catalogId();
		c.endColumn(T, S); // the struct goes, and its fields with it
		c.tags.put(T, Map.of("comment", "changed"));
		c.sortings.put(T, new SortSpec(SORT2, T, List.of()));
		c.endedMacros.add(MACRO);
		c.changes.add("altered_table:" + T);
		c.changes.add("dropped_macro:" + MACRO);
		s.commit(c); // 4
	}

	private static final List<String> TABLES = List.of("ducklake_column", "ducklake_tag", "ducklake_column_tag",
			"ducklake_macro", "ducklake_macro_impl", "ducklake_macro_parameters", "ducklake_partition_info",
			"ducklake_partition_column", "ducklake_file_partition_value", "ducklake_sort_info",
			"ducklake_sort_expression", "ducklake_data_file", "ducklake_column_mapping", "ducklake_name_mapping");

	/** The engine's reads of the layout at {@code snapshot}, as text. */
	static List<String> reads(MetadataStore s, long snapshot) throws Exception {
		return List.of(String.valueOf(s.at(s.snapshot(snapshot).orElseThrow()).columns(T)),
				String.valueOf(s.macros(s.snapshot(snapshot).orElseThrow()).stream().map(m -> m.name() + m.impls())
						.toList()),
				String.valueOf(s.partitioning(T, snapshot)), String.valueOf(s.sorting(T, snapshot)),
				String.valueOf(s.tags(T, snapshot)), String.valueOf(s.columnTags(T, snapshot)));
	}

	@Test
	void theLayoutRowsAreTheSqliteStoresAndReadBackTheSame(@TempDir Path dir) throws Exception {
		try (DuckLakeCatalog sqlite = DuckLakeCatalog.open("ducklake:sqlite:" + dir.resolve("c.sqlite"),
				AttachOptions.defaults().withDataPath(dir.resolve("sdata") + "/"));
				DuckLakeCatalog moraine = MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")),
						AttachOptions.defaults().withDataPath(dir.resolve("data") + "/"), null, null)) {
			MetadataStore q = sqlite.store();
			MetadataStore m = moraine.store();
			history(q);
			history(m);
			for (String table : TABLES) {
				assertEquals(MoraineStoreTest.comparable(q, table), MoraineStoreTest.comparable(m, table), table);
			}
			// the SQLite store writes no row for the bootstrap's snapshot 0; moraine's own bootstrap does
			List<String> versions = MoraineStoreTest.comparable(m, "ducklake_schema_versions");
			assertEquals("0|0|null", versions.get(0));
			assertEquals(MoraineStoreTest.comparable(q, "ducklake_schema_versions"), versions.subList(1,
					versions.size()));
			for (long snapshot = 1; snapshot <= 4; snapshot++) {
				assertEquals(reads(q, snapshot), reads(m, snapshot), "at snapshot " + snapshot);
			}
			assertEquals(List.of("a", "b"), m.at(m.snapshot(1).orElseThrow()).columns(T).get(0).children().stream()
					.map(ColumnEntry::name).toList(), "the struct's fields, by time travel");
			assertFalse(m.at(m.latest()).columns().containsKey(T), "dropped with its fields");
			assertEquals(q.partitionings(T), m.partitionings(T));
			assertEquals(q.filePartitions(T), m.filePartitions(T));
			assertEquals(q.nameMappings(T), m.nameMappings(T));
			assertEquals(List.of(Map.of(S, "s")), List.copyOf(m.nameMappings(T).values()), "the added file's names");

			m.setTableOption(T, "target_file_size", "1000");
			q.setTableOption(T, "target_file_size", "1000");
			assertEquals(q.tableOptions(T), m.tableOptions(T));
			assertEquals(4, m.latest().id(), "an option mints no snapshot");
			assertTrue(m.metadata().get("target_file_size") == null, "a table's option is not the catalog's");
		}
	}

	@Test
	void expiringSnapshotsSchedulesTheirFilesAsTheSqliteStoreDoes(@TempDir Path dir) throws Exception {
		try (DuckLakeCatalog sqlite = DuckLakeCatalog.open("ducklake:sqlite:" + dir.resolve("c.sqlite"),
				AttachOptions.defaults().withDataPath(dir.resolve("sdata") + "/"));
				DuckLakeCatalog moraine = MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")),
						AttachOptions.defaults().withDataPath(dir.resolve("data") + "/"), null, null)) {
			for (MetadataStore s : List.of(sqlite.store(), moraine.store())) {
				MoraineStoreTest.history(s); // the table's file is dropped with it at snapshot 5
				assertEquals(List.of(1L, 2L), s.expireSnapshots(List.of(1L, 2L), true).stream().map(x -> x.id())
						.toList());
				assertTrue(s.scheduledFiles().isEmpty(), "a dry run expires nothing");
				assertEquals(4, s.expireSnapshots(List.of(1L, 2L, 3L, 4L, 5L), false).size(), "never the latest");
			}
			for (String table : List.of("ducklake_snapshot", "ducklake_data_file", "ducklake_delete_file",
					"ducklake_files_scheduled_for_deletion", "ducklake_column", "ducklake_table")) {
				assertEquals(MoraineStoreTest.comparable(sqlite.store(), table),
						MoraineStoreTest.comparable(moraine.store(), table), table);
			}
			assertEquals(List.of("main/t/f1.parquet"), moraine.store().scheduledFiles().stream().map(f -> f.path())
					.toList(), "the dropped table's file, relative to the data path");
			moraine.store().forgetScheduled(moraine.store().scheduledFiles().stream().map(f -> f.dataFileId())
					.toList());
			assertTrue(moraine.store().scheduledFiles().isEmpty());
		}
	}
}
