package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/**
 * Every ducklake_* table listed from a snapshot, row-faithfully: the spec's columns (checked against the DuckLake
 * specification's table pages), and begin/end snapshots as the catalog database held them then.
 */
class DucklakeRowsTest {

	static final Map<String, Set<String>> SPEC = Map.ofEntries(
			Map.entry("ducklake_snapshot",
					Set.of("snapshot_id", "snapshot_time", "schema_version", "next_catalog_id", "next_file_id")),
			Map.entry("ducklake_snapshot_changes",
					Set.of("snapshot_id", "changes_made", "author", "commit_message", "commit_extra_info")),
			Map.entry("ducklake_schema", Set.of("schema_id", "schema_uuid", "begin_snapshot", "end_snapshot",
					"schema_name", "path", "path_is_relative")),
			Map.entry("ducklake_table", Set.of("table_id", "table_uuid", "begin_snapshot", "end_snapshot",
					"schema_id", "table_name", "path", "path_is_relative")),
			Map.entry("ducklake_view", Set.of("view_id", "view_uuid", "begin_snapshot", "end_snapshot", "schema_id",
					"view_name", "dialect", "sql", "column_aliases")),
			Map.entry("ducklake_tag", Set.of("object_id", "begin_snapshot", "end_snapshot", "key", "value")),
			Map.entry("ducklake_column_tag",
					Set.of("table_id", "column_id", "begin_snapshot", "end_snapshot", "key", "value")),
			Map.entry("ducklake_data_file", Set.of("data_file_id", "table_id", "begin_snapshot", "end_snapshot",
					"file_order", "path", "path_is_relative", "file_format", "record_count", "file_size_bytes",
					"footer_size", "row_id_start", "partition_id", "encryption_key", "mapping_id",
					"partial_max", "row_group_count")),
			Map.entry("ducklake_delete_file", Set.of("delete_file_id", "table_id", "begin_snapshot", "end_snapshot",
					"data_file_id", "path", "path_is_relative", "format", "delete_count", "file_size_bytes",
					"footer_size", "encryption_key", "partial_max", "row_group_count")),
			Map.entry("ducklake_table_stats", Set.of("table_id", "record_count", "next_row_id", "file_size_bytes")),
			Map.entry("ducklake_table_column_stats", Set.of("table_id", "column_id", "contains_null",
					"contains_nan", "min_value", "max_value", "extra_stats", "min_is_exact", "max_is_exact")),
			Map.entry("ducklake_file_column_stats", Set.of("data_file_id", "table_id", "column_id",
					"column_size_bytes", "value_count", "null_count", "min_value", "max_value", "contains_nan",
					"extra_stats", "min_is_exact", "max_is_exact")),
			Map.entry("ducklake_partition_info", Set.of("partition_id", "table_id", "begin_snapshot",
					"end_snapshot")),
			Map.entry("ducklake_partition_column",
					Set.of("partition_id", "table_id", "partition_key_index", "column_id", "transform")),
			Map.entry("ducklake_file_partition_value",
					Set.of("data_file_id", "table_id", "partition_key_index", "partition_value")),
			Map.entry("ducklake_inlined_data_tables", Set.of("table_id", "table_name", "schema_version")),
			Map.entry("ducklake_column_mapping", Set.of("mapping_id", "table_id", "type")),
			Map.entry("ducklake_name_mapping", Set.of("mapping_id", "column_id", "source_name", "target_field_id",
					"parent_column", "is_partition")),
			Map.entry("ducklake_metadata", Set.of("key", "value", "scope", "scope_id")));

	@Test
	void everyListedTableHasTheSpecsColumns() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			build(catalog);
			CatalogSnapshot head = catalog.snapshot();
			for (String table : CatalogSnapshot.ducklakeTables()) {
				List<Map<String, Object>> rows = head.ducklakeRows(table);
				if (SPEC.containsKey(table)) {
					assertFalse(rows.isEmpty(), table + " should have a row in this catalog");
					assertEquals(SPEC.get(table), rows.get(0).keySet(), table);
				}
			}
			assertTrue(CatalogSnapshot.ducklakeTables().containsAll(SPEC.keySet()));
			assertEquals(List.of("data_file_id", "table_id", "begin_snapshot", "end_snapshot", "file_order", "path",
					"path_is_relative", "file_format", "record_count", "file_size_bytes", "footer_size", "row_id_start",
					"partition_id", "encryption_key", "mapping_id", "partial_max", "row_group_count"),
					List.copyOf(head.ducklakeRows("ducklake_data_file").get(0).keySet()),
					"in the specification's column order");
			// DuckLake 1.1's columns are kept for every catalog and NULL in a 1.0 one (the engine's listing of a 1.0
			// catalog leaves them out by its version: SpecRows)
			assertEquals(null, head.ducklakeRows("ducklake_data_file").get(0).get("row_group_count"));
			for (io.lakestudio.moraine.internal.catalog.Family f : io.lakestudio.moraine.internal.catalog.Family
					.values())
				assertEquals(Set.copyOf(f.columns()), Set.copyOf(f.specColumns()), f.table);
			assertEquals(MoraineException.Kind.NOT_FOUND,
					assertThrows(MoraineException.class, () -> head.ducklakeRows("ducklake_nonsense")).kind());
		}
	}

	static SnapshotId[] build(Catalog catalog) {
		SnapshotId s1 = catalog.commit(tx -> {
			SchemaId s = tx.createSchema("sales");
			TableId t = tx.createTable(s, "orders", List.of(ColumnDef.of("id", "BIGINT"), ColumnDef.of("y", "INTEGER")));
			tx.createView(s, "v", "duckdb", "SELECT 1", null);
			tx.setTag(TagTarget.schema(s), "k", "v");
			ColumnId id = tx.snapshot().columns(t).get(0).id();
			tx.setColumnTag(t, id, "pii", "no");
			PartitionId p = tx.setPartitionSpec(t, List.of(new PartitionColumnDef(id, "bucket(4)")));
			MappingId m = tx.createColumnMapping(t, "map_by_name", List.of(new NameMappingDef(0, "ID", id.value(),
					null, false)));
			DataFileId f = tx.addDataFile(DataFile.parquet(t, "f.parquet", 5, 50).withPartition(p, List.of("3"))
					.withMapping(m).withStats(List.of(FileColumnStats.of(id, 5, 0, "1", "5"))));
			tx.addDeleteFile(DeleteFile.parquet(t, f, "d.parquet", 1, 10));
			tx.setColumnStats(t, new ColumnStats(id, false, false, "1", "5", null));
			tx.inlineInsert(t, new InlineChunk(new byte[] { 1 }, new byte[] { 2 }, 1));
		});
		catalog.setOption(OptionScope.GLOBAL, "version", "0.3");
		SnapshotId s2 = catalog.commit(tx -> tx.renameTable(
				tx.snapshot().tableByName("sales", "orders").orElseThrow().id(), "purchases"));
		return new SnapshotId[] { s1, s2 };
	}

	@Test
	void endSnapshotsAreAsTheDatabaseHeldThemAtEachSnapshot() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			SnapshotId[] s = build(catalog);
			List<Map<String, Object>> then = catalog.snapshotAt(s[0]).ducklakeRows("ducklake_table");
			List<Map<String, Object>> now = catalog.snapshot().ducklakeRows("ducklake_table");
			assertEquals(1, then.size());
			assertNull(then.get(0).get("end_snapshot"), "at s1 the orders row had not ended");
			assertEquals(2, now.size(), "the rename ended one row and began another");
			assertEquals(Set.of("orders", "purchases"),
					Set.of(now.get(0).get("table_name"), now.get(1).get("table_name")));
			Map<String, Object> ended = now.stream().filter(r -> r.get("table_name").equals("orders")).findFirst()
					.orElseThrow();
			assertEquals(s[1].value(), ended.get("end_snapshot"));
			assertEquals(List.of(0L, 1L), catalog.snapshotAt(s[0]).ducklakeRows("ducklake_snapshot").stream()
					.map(r -> r.get("snapshot_id")).toList());
			assertEquals("created_schema:\"main\"",
					catalog.snapshotAt(new SnapshotId(0)).ducklakeRows("ducklake_snapshot_changes").get(0)
							.get("changes_made"));
			Map<String, Object> file = catalog.snapshot().ducklakeRows("ducklake_data_file").get(0);
			assertEquals(0L, file.get("row_id_start"));
			assertEquals("f.parquet", file.get("path"));
			assertEquals(Boolean.TRUE, file.get("path_is_relative"));
			Map<String, Object> inlined = catalog.snapshot().ducklakeRows("ducklake_inlined_data_tables").get(0);
			assertEquals("ducklake_inlined_data_" + file.get("table_id") + "_" + inlined.get("schema_version"),
					inlined.get("table_name"), "named as DuckLake names them: table id, schema version");
		}
	}
}
