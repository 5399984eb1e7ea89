package io.lakestudio.moraine.ducklake;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableColumnStats;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.ducklake.NameMaps;
import io.lakestudio.ducklake.VariantStats;
import io.lakestudio.ducklake.ViewEntry;
import io.lakestudio.moraine.DucklakeRows;
import io.lakestudio.moraine.Transaction;

/**
 * One DuckLake commit as the rows of one moraine transaction: the rows the SQLite store writes for it (ended rows
 * get the new snapshot as end_snapshot, new ones begin there), with its ids, stats and changes as the engine
 * computed them, file and row ids moved past those of commits since its base.
 */
final class CommitRows {

	private final Transaction tx;
	private final DucklakeRows rows;
	private final Commit c;
	private final Snapshot latest;
	private final long shift;
	/** The name mappings of the files the commit registers: the new ones come before its files. */
	private final NameMaps maps;
	/** The catalog is DuckLake 1.1: its file rows keep their row_group_count (a 1.0 one's are NULL, as on SQLite). */
	private final boolean v11;

	CommitRows(Transaction tx, Commit c, Snapshot latest, long fileShift, boolean v11) {
		this.v11 = v11;
		this.tx = tx;
		this.rows = tx.ducklakeRows();
		this.c = c;
		this.latest = latest;
		// the name mappings of the files it registers take the first file ids, as the extension's do
		this.maps = NameMaps.plan(c, existingMappings(rows), c.base().nextFileId() + fileShift);
		this.shift = fileShift + maps.fresh().size();
	}

	/** The catalog's flat {@code map_by_name} mappings, the ones a file registered now may reuse. */
	private static List<NameMaps.NameMap> existingMappings(DucklakeRows rows) {
		Map<Long, Long> tables = new java.util.HashMap<>();
		for (Map<String, Object> r : rows.live("ducklake_column_mapping", Map.of())) {
			if ("map_by_name".equals(r.get("type"))) {
				tables.put((Long) r.get("mapping_id"), (Long) r.get("table_id"));
			}
		}
		List<Object[]> names = new java.util.ArrayList<>();
		for (Map<String, Object> r : rows.live("ducklake_name_mapping", Map.of())) {
			names.add(new Object[] { r.get("mapping_id"), r.get("column_id"), r.get("source_name"),
					r.get("target_field_id"), r.get("parent_column"), r.get("is_partition") });
		}
		return NameMaps.flat(tables, names);
	}

	static Map<String, Object> row(Object... kv) {
		Map<String, Object> m = new LinkedHashMap<>();
		for (int i = 0; i < kv.length; i += 2) {
			m.put((String) kv[i], kv[i + 1]);
		}
		return m;
	}

	void write() {
		tx.author(c.author());
		tx.message(c.message());
		long schemaVersion = latest.schemaVersion() + (c.changesSchema() ? 1 : 0);
		long nextCatalog = c.changesSchema() ? c.nextCatalogId() : latest.nextCatalogId();
		rows.counters(schemaVersion, nextCatalog, c.nextFileIdAfter() + shift);
		c.changes.forEach(rows::change);
		end("ducklake_schema", "schema_id", c.endedSchemas);
		end("ducklake_table", "table_id", c.endedTables);
		for (Map.Entry<Long, Set<Long>> e : c.endedColumns.entrySet()) {
			for (long col : e.getValue()) {
				endColumn(e.getKey(), col);
			}
		}
		end("ducklake_view", "view_id", c.endedViews);
		end("ducklake_data_file", "data_file_id", c.endedDataFiles);
		end("ducklake_delete_file", "delete_file_id", c.endedDeleteFiles);
		LayoutCommitRows layout = new LayoutCommitRows(rows, c);
		layout.removed();
		for (SchemaEntry e : c.newSchemas) {
			rows.insert("ducklake_schema", row("schema_id", e.id(), "schema_uuid", e.uuid(), "schema_name", e.name(),
					"path", e.path(), "path_is_relative", true));
		}
		for (TableEntry e : c.newTables) {
			rows.insert("ducklake_table", row("table_id", e.id(), "table_uuid", e.uuid(), "schema_id", e.schemaId(),
					"table_name", e.name(), "path", e.path(), "path_is_relative", true));
		}
		for (ColumnEntry e : c.newColumns) {
			column(e.tableId(), e, null);
		}
		for (ViewEntry v : c.newViews) {
			rows.insert("ducklake_view", row("view_id", v.id(), "view_uuid", v.uuid(), "schema_id", v.schemaId(),
					"view_name", v.name(), "dialect", v.dialect(), "sql", v.sql(), "column_aliases", v.columnAliases()));
		}
		layout.macros();
		for (NameMaps.NameMap m : maps.fresh()) {
			LayoutCommitRows.mapping(rows, m);
		}
		dataFiles();
		deleteFiles();
		stats();
		columnStats();
		layout.write();
		if (c.changesSchema()) {
			schemaVersions(schemaVersion);
		}
		InlinedRows.write(rows, c, tx.snapshotId().value(), schemaVersion);
	}

	/** The tables whose columns this commit changed, each a ducklake_schema_versions row (a view's or schema's: none). */
	private void schemaVersions(long schemaVersion) {
		rows.ownSchemaVersions();
		Set<Long> tables = new java.util.LinkedHashSet<>();
		c.newTables.forEach(t -> tables.add(t.id()));
		c.newColumns.forEach(col -> tables.add(col.tableId()));
		tables.addAll(c.endedColumns.keySet());
		for (Long t : tables) {
			rows.insert("ducklake_schema_versions", row("begin_snapshot", tx.snapshotId().value(), "schema_version",
					schemaVersion, "table_id", t));
		}
	}

	/** A column's row and its fields' (a nested column's children, theirs...), each naming its parent. */
	private void column(long table, ColumnEntry e, Long parent) {
		rows.insert("ducklake_column", row("column_id", e.id(), "table_id", table, "column_order", e.order(),
				"column_name", e.name(), "column_type", e.type(), "initial_default", e.initialDefault(),
				"default_value", e.defaultValue(), "nulls_allowed", e.nullsAllowed(), "parent_column", parent,
				"default_value_type", "literal", "default_value_dialect", "duckdb"));
		for (ColumnEntry f : e.children()) {
			column(table, f, e.id());
		}
	}

	/** Ends a column's row and its fields' rows, so dropping a struct leaves none of its fields live. */
	private void endColumn(long table, long col) {
		List<Long> fields = rows.live("ducklake_column", row("table_id", table, "parent_column", col)).stream()
				.map(r -> (Long) r.get("column_id")).toList();
		rows.end("ducklake_column", row("table_id", table, "column_id", col));
		for (long f : fields) {
			endColumn(table, f);
		}
	}

	private void end(String table, String idColumn, Set<Long> ids) {
		rows.endAny(table, idColumn, ids);
	}

	private void dataFiles() {
		for (DataFile f : c.newDataFiles) {
			long id = f.id() + shift;
			// a file maintenance wrote keeps the row ids it read (a merge's run, or none: they are in the file),
			// begins at the first snapshot of the files it took the place of and says which snapshots it holds
			FileLineage l = c.lineage.get(f.id());
			FilePartition p = c.filePartitions.get(f.id());
			Map<String, Object> r = row("data_file_id", id, "table_id", f.tableId(), "path", f.path(),
					"path_is_relative", f.relative(), "file_format", "parquet", "record_count", f.recordCount(),
					"file_size_bytes", f.fileSizeBytes(), "footer_size", f.footerSize(), "row_id_start",
					l != null ? l.rowIdStart() : Long.valueOf(f.rowIdStart() + rowShift(f.tableId())), "partition_id",
					p == null ? null : p.partitionId(), "mapping_id",
					maps.mappingOf(f.id()), "partial_max",
					l == null ? null : l.partialMax(), "row_group_count", rowGroups(f.id()));
			if (l != null && l.beginSnapshot() != null) {
				r.put("begin_snapshot", l.beginSnapshot());
			}
			rows.insert("ducklake_data_file", r);
			if (p != null) {
				for (int i = 0; i < p.values().size(); i++) {
					rows.insert("ducklake_file_partition_value", row("data_file_id", id, "table_id", f.tableId(),
							"partition_key_index", (long) i, "partition_value", p.values().get(i)));
				}
			}
			for (ColumnStats s : f.stats()) {
				rows.insert("ducklake_file_column_stats", row("data_file_id", id, "table_id", f.tableId(), "column_id",
						s.columnId(), "column_size_bytes", s.columnSizeBytes(), "value_count", s.valueCount(),
						"null_count", s.nullCount(), "min_value", s.min(), "max_value", s.max(), "contains_nan",
						s.containsNan(), "extra_stats", s.extraStats()));
			}
			for (VariantStats v : c.variantStats.getOrDefault(f.id(), List.of())) {
				rows.insert("ducklake_file_variant_stats", row("data_file_id", id, "table_id", f.tableId(),
						"column_id", v.columnId(), "variant_path", v.path(), "shredded_type", v.shreddedType(),
						"column_size_bytes", v.columnSizeBytes(), "value_count", v.valueCount(), "null_count",
						v.nullCount(), "min_value", v.min(), "max_value", v.max()));
			}
		}
	}

	private void deleteFiles() {
		for (DeleteFile f : c.newDeleteFiles) {
			long target = f.dataFileId() >= c.base().nextFileId() ? f.dataFileId() + shift : f.dataFileId();
			Map<String, Object> r = row("delete_file_id", f.id() + shift, "table_id", f.tableId(), "data_file_id",
					target, "path", f.path(), "path_is_relative", f.relative(), "format", f.format(), "delete_count",
					f.deleteCount(), "file_size_bytes", f.fileSizeBytes(), "footer_size", f.footerSize(), "partial_max",
					f.partialMax() == null || f.partialMax() != DeleteFile.THIS_SNAPSHOT ? f.partialMax()
							: Long.valueOf(tx.snapshotId().value()), "row_group_count", rowGroups(f.id()));
			if (f.beginSnapshot() > 0) {
				r.put("begin_snapshot", f.beginSnapshot()); // a flush of inlined deletes: from the first of them, as on SQLite
			}
			rows.insert("ducklake_delete_file", r);
		}
	}

	private Long rowGroups(long file) {
		return v11 ? c.rowGroups.get(file) : null;
	}

	private final Map<Long, TableStats> stored = new HashMap<>();

	/** The table's stats as the store holds them before this commit writes its own (commits since included). */
	private TableStats stored(long table) {
		return stored.computeIfAbsent(table, t -> {
			List<Map<String, Object>> r = rows.live("ducklake_table_stats", row("table_id", t));
			return r.isEmpty() ? null : new TableStats(t, (Long) r.get(0).get("record_count"),
					(Long) r.get(0).get("next_row_id"), (Long) r.get(0).get("file_size_bytes"));
		});
	}

	/** How far a table's new row ids move: past those a commit since this one's base handed out. */
	private long rowShift(long table) {
		TableStats base = c.baseStats.get(table);
		TableStats now = stored(table);
		return base == null || now == null ? 0 : Math.max(0, now.nextRowId() - base.nextRowId());
	}

	private void stats() {
		for (long t : c.droppedStats) {
			rows.delete("ducklake_table_stats", row("table_id", t));
			rows.delete("ducklake_table_column_stats", row("table_id", t));
		}
		for (TableStats mine : c.tableStats.values()) {
			TableStats base = c.baseStats.get(mine.tableId());
			TableStats now = stored(mine.tableId());
			TableStats t = base == null || now == null ? mine
					: new TableStats(mine.tableId(), now.recordCount() + mine.recordCount() - base.recordCount(),
							now.nextRowId() + mine.nextRowId() - base.nextRowId(),
							now.fileSizeBytes() + mine.fileSizeBytes() - base.fileSizeBytes());
			rows.insert("ducklake_table_stats", row("table_id", t.tableId(), "record_count", t.recordCount(),
					"next_row_id", t.nextRowId(), "file_size_bytes", t.fileSizeBytes()));
		}
	}

	/** The commit's share of each table's column stats, merged into the stored rows (or in their place, recomputed). */
	private void columnStats() {
		for (Map.Entry<Long, Map<Long, TableColumnStats>> e : c.columnStats.entrySet()) {
			long t = e.getKey();
			Map<Long, TableColumnStats> stored = new LinkedHashMap<>();
			for (Map<String, Object> r : rows.live("ducklake_table_column_stats", row("table_id", t))) {
				long col = (Long) r.get("column_id");
				stored.put(col, TableColumnStats.stored(col, Boolean.TRUE.equals(r.get("contains_null")),
						(Boolean) r.get("contains_nan"), (String) r.get("min_value"), (String) r.get("max_value"),
						(String) r.get("extra_stats")));
			}
			boolean recomputed = c.recomputedStats.contains(t);
			if (recomputed) {
				rows.delete("ducklake_table_column_stats", row("table_id", t));
			}
			Map<Long, TableColumnStats> merged = recomputed ? e.getValue() : TableColumnStats.merge(stored,
					e.getValue());
			for (TableColumnStats s : merged.values()) {
				rows.insert("ducklake_table_column_stats", row("table_id", t, "column_id", s.columnId(),
						"contains_null", s.containsNull(), "contains_nan", s.containsNan(), "min_value", s.min(),
						"max_value", s.max(), "extra_stats", s.extraStats()));
			}
		}
	}
}
