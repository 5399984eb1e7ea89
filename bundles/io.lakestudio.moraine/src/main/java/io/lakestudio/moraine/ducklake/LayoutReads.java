package io.lakestudio.moraine.ducklake;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.MacroEntry;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.SortSpec;
import io.lakestudio.moraine.CatalogSnapshot;

/**
 * What a DuckLake host reads beside its tables and files, from one moraine snapshot's DuckLake rows: partitionings,
 * sort orders, partition values, tags (comments), macros, name mappings and the lineage of files maintenance wrote.
 * A snapshot lists a temporal row begun by then with its end_snapshot blank while it is still visible, so a row is
 * visible at the snapshot when its end_snapshot is null.
 */
final class LayoutReads {

	private final CatalogSnapshot s;

	LayoutReads(CatalogSnapshot s) {
		this.s = s;
	}

	/** The visible rows of {@code table} whose {@code column} is {@code id}, oldest first. */
	private List<Map<String, Object>> visible(String table, String column, long id) {
		List<Map<String, Object>> out = new ArrayList<>();
		for (Map<String, Object> r : s.ducklakeRows(table)) {
			if (r.get("end_snapshot") == null && Long.valueOf(id).equals(r.get(column))) {
				out.add(r);
			}
		}
		out.sort(Comparator.comparing(r -> (Long) r.get("begin_snapshot")));
		return out;
	}

	/** Every stored row of {@code table} whose {@code column} is {@code id}, visible or not. */
	private List<Map<String, Object>> all(String table, String column, long id) {
		List<Map<String, Object>> out = new ArrayList<>();
		for (Map<String, Object> r : s.ducklakeRows(table)) {
			if (Long.valueOf(id).equals(r.get(column))) {
				out.add(r);
			}
		}
		return out;
	}

	private static long l(Map<String, Object> r, String column) {
		return (Long) r.get(column);
	}

	Optional<PartitionSpec> partitioning(long table) {
		List<Map<String, Object>> info = visible("ducklake_partition_info", "table_id", table);
		if (info.isEmpty()) {
			return Optional.empty();
		}
		return Optional.ofNullable(partitionings(table).get(l(info.get(info.size() - 1), "partition_id")));
	}

	Map<Long, PartitionSpec> partitionings(long table) {
		Map<Long, List<PartitionSpec.Key>> keys = new java.util.TreeMap<>();
		for (Map<String, Object> r : all("ducklake_partition_column", "table_id", table)) {
			keys.computeIfAbsent(l(r, "partition_id"), k -> new ArrayList<>()).add(new PartitionSpec.Key(
					(int) l(r, "partition_key_index"), l(r, "column_id"), (String) r.get("transform")));
		}
		Map<Long, PartitionSpec> out = new LinkedHashMap<>();
		keys.forEach((id, k) -> {
			k.sort(Comparator.comparingInt(PartitionSpec.Key::index));
			out.put(id, new PartitionSpec(id, table, List.copyOf(k)));
		});
		return out;
	}

	Map<Long, FilePartition> filePartitions(long table) {
		Map<Long, Long> spec = new LinkedHashMap<>();
		for (Map<String, Object> r : all("ducklake_data_file", "table_id", table)) {
			if (r.get("partition_id") != null) {
				spec.put(l(r, "data_file_id"), l(r, "partition_id"));
			}
		}
		Map<Long, List<String>> values = new LinkedHashMap<>();
		for (Map<String, Object> r : all("ducklake_file_partition_value", "table_id", table)) {
			List<String> v = values.computeIfAbsent(l(r, "data_file_id"), k -> new ArrayList<>());
			int i = (int) l(r, "partition_key_index");
			while (v.size() <= i) {
				v.add(null);
			}
			v.set(i, (String) r.get("partition_value"));
		}
		Map<Long, FilePartition> out = new LinkedHashMap<>();
		spec.forEach((file, id) -> out.put(file, new FilePartition(id, values.getOrDefault(file, List.of()))));
		return out;
	}

	Optional<SortSpec> sorting(long table) {
		List<Map<String, Object>> info = visible("ducklake_sort_info", "table_id", table);
		if (info.isEmpty()) {
			return Optional.empty();
		}
		long id = l(info.get(info.size() - 1), "sort_id");
		List<Map<String, Object>> exprs = new ArrayList<>(all("ducklake_sort_expression", "sort_id", id));
		exprs.removeIf(r -> l(r, "table_id") != table);
		exprs.sort(Comparator.comparing(r -> (Long) r.get("sort_key_index")));
		List<SortSpec.Key> keys = new ArrayList<>();
		for (Map<String, Object> r : exprs) {
			keys.add(new SortSpec.Key((String) r.get("expression"), (String) r.get("sort_direction"),
					(String) r.get("null_order")));
		}
		return Optional.of(new SortSpec(id, table, List.copyOf(keys)));
	}

	Map<String, String> tags(long object) {
		Map<String, String> out = new LinkedHashMap<>();
		for (Map<String, Object> r : visible("ducklake_tag", "object_id", object)) {
			out.put((String) r.get("key"), (String) r.get("value"));
		}
		return out;
	}

	Map<Long, Map<String, String>> columnTags(long table) {
		Map<Long, Map<String, String>> out = new LinkedHashMap<>();
		for (Map<String, Object> r : visible("ducklake_column_tag", "table_id", table)) {
			out.computeIfAbsent(l(r, "column_id"), k -> new LinkedHashMap<>()).put((String) r.get("key"),
					(String) r.get("value"));
		}
		return out;
	}

	/** The file's column names of each data file registered with a name mapping: file id, column id, name. */
	Map<Long, Map<Long, String>> nameMappings(long table) {
		Map<Long, Map<Long, String>> byMapping = new java.util.HashMap<>();
		for (Map<String, Object> r : s.ducklakeRows("ducklake_name_mapping")) {
			if (r.get("parent_column") == null) {
				byMapping.computeIfAbsent(l(r, "mapping_id"), k -> new java.util.HashMap<>()).put(l(r, "column_id"),
						(String) r.get("source_name"));
			}
		}
		Map<Long, Map<Long, String>> out = new java.util.HashMap<>();
		for (Map<String, Object> r : all("ducklake_data_file", "table_id", table)) {
			Object mapping = r.get("mapping_id");
			if (mapping != null && byMapping.containsKey(mapping)) {
				out.put(l(r, "data_file_id"), byMapping.get(mapping));
			}
		}
		return out;
	}

	/** The columns each such file takes from its hive folder: file id, column ids ({@code is_partition}). */
	Map<Long, java.util.Set<Long>> hivePartitionColumns(long table) {
		Map<Long, java.util.Set<Long>> byMapping = new java.util.HashMap<>();
		for (Map<String, Object> r : s.ducklakeRows("ducklake_name_mapping")) {
			if (r.get("parent_column") == null && Boolean.TRUE.equals(r.get("is_partition"))) {
				byMapping.computeIfAbsent(l(r, "mapping_id"), k -> new java.util.HashSet<>()).add(l(r, "column_id"));
			}
		}
		Map<Long, java.util.Set<Long>> out = new java.util.HashMap<>();
		for (Map<String, Object> r : all("ducklake_data_file", "table_id", table)) {
			Object mapping = r.get("mapping_id");
			if (mapping != null && byMapping.containsKey(mapping)) {
				out.put(l(r, "data_file_id"), byMapping.get(mapping));
			}
		}
		return out;
	}

	/** Files maintenance wrote: without one run of row ids, or holding rows of several snapshots. */
	List<FileLineage> lineage(long table) {
		List<FileLineage> out = new ArrayList<>();
		for (Map<String, Object> r : all("ducklake_data_file", "table_id", table)) {
			if (r.get("row_id_start") == null || r.get("partial_max") != null) {
				out.add(new FileLineage(l(r, "data_file_id"), l(r, "begin_snapshot"), (Long) r.get("row_id_start"),
						(Long) r.get("partial_max")));
			}
		}
		return out;
	}

	List<MacroEntry> macros() {
		Map<String, List<MacroEntry.Parameter>> params = new LinkedHashMap<>();
		List<Map<String, Object>> ps = new ArrayList<>(s.ducklakeRows("ducklake_macro_parameters"));
		ps.sort(Comparator.comparing((Map<String, Object> r) -> (Long) r.get("column_id")));
		for (Map<String, Object> r : ps) {
			params.computeIfAbsent(l(r, "macro_id") + "/" + l(r, "impl_id"), k -> new ArrayList<>()).add(
					new MacroEntry.Parameter((String) r.get("parameter_name"), (String) r.get("parameter_type"),
							(String) r.get("default_value"), (String) r.get("default_value_type")));
		}
		Map<Long, List<MacroEntry.Impl>> impls = new LinkedHashMap<>();
		List<Map<String, Object>> is = new ArrayList<>(s.ducklakeRows("ducklake_macro_impl"));
		is.sort(Comparator.comparing((Map<String, Object> r) -> (Long) r.get("impl_id")));
		for (Map<String, Object> r : is) {
			impls.computeIfAbsent(l(r, "macro_id"), k -> new ArrayList<>()).add(new MacroEntry.Impl(
					(String) r.get("dialect"), (String) r.get("sql"), (String) r.get("type"),
					params.getOrDefault(l(r, "macro_id") + "/" + l(r, "impl_id"), List.of())));
		}
		List<MacroEntry> out = new ArrayList<>();
		for (Map<String, Object> r : s.ducklakeRows("ducklake_macro")) {
			if (r.get("end_snapshot") == null) {
				long id = l(r, "macro_id");
				out.add(new MacroEntry(id, l(r, "schema_id"), (String) r.get("macro_name"), l(r, "begin_snapshot"),
						impls.getOrDefault(id, List.of())));
			}
		}
		out.sort(Comparator.comparingLong(MacroEntry::id));
		return out;
	}
}
