package io.lakestudio.moraine.ducklake;

import static io.lakestudio.moraine.ducklake.CommitRows.row;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.MacroEntry;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.ScheduledFile;
import io.lakestudio.ducklake.SortSpec;
import io.lakestudio.moraine.DucklakeRows;
import io.lakestudio.moraine.Timestamp;

/**
 * The rows of a DuckLake commit beside its tables, columns and files, as the SQLite store writes them: macros,
 * partitionings, sort orders, tags (comments), name mappings, and the files a merge took the place of. A spec or a
 * tag set again ends the one before; what a dropped table, view or column had ends with it.
 */
final class LayoutCommitRows {

	private final DucklakeRows rows;
	private final Commit c;

	LayoutCommitRows(DucklakeRows rows, Commit c) {
		this.rows = rows;
		this.c = c;
	}

	/**
	 * The rows of the data files a merge replaced go (the merged file covers their snapshots, so a reader at any
	 * snapshot finds each row once) and the files are scheduled for deletion.
	 */
	void removed() {
		long now = Timestamp.of(java.time.Instant.now()).micros();
		java.util.List<Long> ids = c.removedDataFiles.stream().map(ScheduledFile::dataFileId).toList();
		for (String t : new String[] { "ducklake_data_file", "ducklake_file_column_stats",
				"ducklake_file_variant_stats", "ducklake_file_partition_value" }) {
			rows.deleteAny(t, "data_file_id", ids);
		}
		// a delete file another took the place of, holding its deletes with their snapshots (partial_max)
		rows.deleteAny("ducklake_delete_file", "delete_file_id", c.removedDeleteFiles.stream().map(
				ScheduledFile::dataFileId).toList());
		for (ScheduledFile f : concat(c.removedDataFiles, c.removedDeleteFiles)) {
			rows.insert("ducklake_files_scheduled_for_deletion", row("data_file_id", f.dataFileId(), "path", f.path(),
					"path_is_relative", f.relative(), "schedule_start", now));
		}
	}

	private static java.util.List<ScheduledFile> concat(java.util.List<ScheduledFile> a,
			java.util.List<ScheduledFile> b) {
		java.util.List<ScheduledFile> out = new java.util.ArrayList<>(a);
		out.addAll(b);
		return out;
	}

	/** The macros ended and made: implementations numbered from 0, their parameters too. */
	void macros() {
		for (long id : c.endedMacros) {
			rows.end("ducklake_macro", row("macro_id", id));
		}
		for (MacroEntry e : c.newMacros) {
			rows.insert("ducklake_macro", row("macro_id", e.id(), "schema_id", e.schemaId(), "macro_name", e.name()));
			for (int k = 0; k < e.impls().size(); k++) {
				MacroEntry.Impl impl = e.impls().get(k);
				rows.insert("ducklake_macro_impl", row("macro_id", e.id(), "impl_id", (long) k, "dialect",
						impl.dialect(), "sql", impl.sql(), "type", impl.type()));
				for (int n = 0; n < impl.parameters().size(); n++) {
					MacroEntry.Parameter p = impl.parameters().get(n);
					rows.insert("ducklake_macro_parameters", row("macro_id", e.id(), "impl_id", (long) k,
							"column_id", (long) n, "parameter_name", p.name(), "parameter_type", p.type(),
							"default_value", p.defaultValue(), "default_value_type", p.defaultValueType()));
				}
			}
		}
	}

	/** A new name mapping ({@code map_by_name}) of a table's files, under its id. */
	static void mapping(DucklakeRows rows, io.lakestudio.ducklake.NameMaps.NameMap m) {
		rows.insert("ducklake_column_mapping", row("mapping_id", m.id(), "table_id", m.tableId(), "type",
				"map_by_name"));
		for (Map.Entry<Long, String> e : new java.util.TreeMap<>(m.columns()).entrySet()) {
			rows.insert("ducklake_name_mapping", row("mapping_id", m.id(), "column_id", e.getKey(), "source_name",
					e.getValue(), "target_field_id", e.getKey(), "is_partition", m.hive().contains(e.getKey())));
		}
	}

	void write() {
		for (Map.Entry<Long, PartitionSpec> e : c.partitionings.entrySet()) {
			rows.end("ducklake_partition_info", row("table_id", e.getKey()));
			PartitionSpec p = e.getValue();
			if (p.none() || dropped(p.tableId())) {
				continue;
			}
			rows.insert("ducklake_partition_info", row("partition_id", p.id(), "table_id", p.tableId()));
			for (PartitionSpec.Key k : p.keys()) {
				rows.insert("ducklake_partition_column", row("partition_id", p.id(), "table_id", p.tableId(),
						"partition_key_index", (long) k.index(), "column_id", k.columnId(), "transform",
						k.transform()));
			}
		}
		for (Map.Entry<Long, SortSpec> e : c.sortings.entrySet()) {
			rows.end("ducklake_sort_info", row("table_id", e.getKey()));
			SortSpec p = e.getValue();
			if (p.none() || dropped(p.tableId())) {
				continue;
			}
			rows.insert("ducklake_sort_info", row("sort_id", p.id(), "table_id", p.tableId()));
			long i = 0;
			for (SortSpec.Key k : p.keys()) {
				rows.insert("ducklake_sort_expression", row("sort_id", p.id(), "table_id", p.tableId(),
						"sort_key_index", i++, "expression", k.expression(), "dialect", "duckdb", "sort_direction",
						k.direction(), "null_order", k.nullOrder()));
			}
		}
		tags();
		ended();
	}

	private void tags() {
		for (Map.Entry<Long, Map<String, String>> o : c.tags.entrySet()) {
			if (dropped(o.getKey()) || droppedView(o.getKey())) {
				continue;
			}
			for (Map.Entry<String, String> t : o.getValue().entrySet()) {
				rows.end("ducklake_tag", row("object_id", o.getKey(), "key", t.getKey()));
				if (t.getValue() != null) {
					rows.insert("ducklake_tag", row("object_id", o.getKey(), "key", t.getKey(), "value", t.getValue()));
				}
			}
		}
		for (Map.Entry<Long, Map<Long, Map<String, String>>> t : c.columnTags.entrySet()) {
			for (Map.Entry<Long, Map<String, String>> col : t.getValue().entrySet()) {
				if (dropped(t.getKey()) || droppedView(t.getKey()) || columnGone(t.getKey(), col.getKey())) {
					continue;
				}
				for (Map.Entry<String, String> kv : col.getValue().entrySet()) {
					rows.end("ducklake_column_tag", row("table_id", t.getKey(), "column_id", col.getKey(), "key",
							kv.getKey()));
					if (kv.getValue() != null) {
						rows.insert("ducklake_column_tag", row("table_id", t.getKey(), "column_id", col.getKey(), "key",
								kv.getKey(), "value", kv.getValue()));
					}
				}
			}
		}
		// DuckLake 1.1's tags on a view's columns, keyed by the column's name (a view's columns have no ids)
		for (Map.Entry<Long, Map<String, Map<String, String>>> v : c.viewColumnTags.entrySet()) {
			if (droppedView(v.getKey())) {
				continue;
			}
			for (Map.Entry<String, Map<String, String>> col : v.getValue().entrySet()) {
				for (Map.Entry<String, String> kv : col.getValue().entrySet()) {
					Map<String, Object> at = row("view_id", v.getKey(), "column_name", col.getKey(), "key", kv.getKey());
					rows.end("ducklake_view_column_tag", at);
					if (kv.getValue() != null) {
						at.put("value", kv.getValue());
						rows.insert("ducklake_view_column_tag", at);
					}
				}
			}
		}
	}

	/** What a dropped table, view or column had ends with it. */
	private void ended() {
		Set<Long> tables = new HashSet<>(c.endedTables);
		c.newTables.forEach(t -> tables.remove(t.id()));
		for (long t : tables) {
			rows.end("ducklake_tag", row("object_id", t));
			rows.end("ducklake_column_tag", row("table_id", t));
			rows.end("ducklake_partition_info", row("table_id", t));
			rows.end("ducklake_sort_info", row("table_id", t));
		}
		Set<Long> views = new HashSet<>(c.endedViews);
		c.newViews.forEach(v -> views.remove(v.id()));
		for (long v : views) {
			rows.end("ducklake_tag", row("object_id", v));
			rows.end("ducklake_column_tag", row("table_id", v));
			rows.end("ducklake_view_column_tag", row("view_id", v));
		}
		for (Map.Entry<Long, Set<Long>> e : c.endedColumns.entrySet()) {
			for (long col : e.getValue()) {
				if (columnGone(e.getKey(), col)) {
					rows.end("ducklake_column_tag", row("table_id", e.getKey(), "column_id", col));
				}
			}
		}
	}

	/** The table is dropped by this commit (ended, not written again as a rename is). */
	private boolean dropped(long table) {
		return c.endedTables.contains(table) && c.newTables.stream().noneMatch(t -> t.id() == table);
	}

	private boolean droppedView(long view) {
		return c.endedViews.contains(view) && c.newViews.stream().noneMatch(v -> v.id() == view);
	}

	/** The column is gone after this commit: ended and not written again (as a rename writes it). */
	private boolean columnGone(long table, long column) {
		if (c.newColumns.stream().anyMatch(x -> x.tableId() == table && x.id() == column)) {
			return false;
		}
		if (c.endedColumns.getOrDefault(table, Set.of()).contains(column)) {
			return true;
		}
		// a view's columns are no catalog rows; a new table's are all in newColumns
		return c.newTables.stream().anyMatch(t -> t.id() == table) && !c.endedTables.contains(table);
	}
}
