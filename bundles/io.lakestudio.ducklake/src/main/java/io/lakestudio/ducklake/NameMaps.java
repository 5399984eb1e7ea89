package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The name mappings ({@code ducklake_column_mapping}, {@code map_by_name}) of the files a commit registers without
 * field ids, numbered as the extension numbers them: a file whose mapping is one the catalog (or this commit) has
 * already, for the same table, reuses it; each other mapping takes the next file id, before the commit's files take
 * theirs, so a first {@code ducklake_add_data_files} makes mapping 0 and data file 1.
 */
public final class NameMaps {

	/**
	 * One mapping of a table: each column id to its name in the file ({@code source_name}, the column's own id its
	 * {@code target_field_id}), the columns whose value is the file's hive folder ({@code is_partition}).
	 */
	public record NameMap(long id, long tableId, Map<Long, String> columns, Set<Long> hive) {

		boolean sameAs(long table, Map<Long, String> cols, Set<Long> hiveColumns) {
			return tableId == table && columns.equals(cols) && hive.equals(hiveColumns);
		}
	}

	private final Map<Long, Long> ofFile = new HashMap<>();
	private final List<NameMap> fresh = new ArrayList<>();

	private NameMaps() {
	}

	/**
	 * The mappings of {@code c}'s registered files: {@code existing}, the catalog's mappings (only the flat ones:
	 * top-level columns, each mapped to its own id); {@code firstId}, the first file id the commit may take.
	 */
	public static NameMaps plan(Commit c, List<NameMap> existing, long firstId) {
		NameMaps out = new NameMaps();
		for (DataFile f : c.newDataFiles) {
			Map<Long, String> cols = c.nameMappings.get(f.id());
			if (cols == null) {
				continue;
			}
			Set<Long> hive = c.hivePartitionColumns.getOrDefault(f.id(), Set.of());
			Long id = find(existing, f.tableId(), cols, hive);
			if (id == null) {
				id = find(out.fresh, f.tableId(), cols, hive);
			}
			if (id == null) {
				id = firstId + out.fresh.size();
				out.fresh.add(new NameMap(id, f.tableId(), Map.copyOf(cols), Set.copyOf(hive)));
			}
			out.ofFile.put(f.id(), id);
		}
		return out;
	}

	private static Long find(List<NameMap> maps, long table, Map<Long, String> cols, Set<Long> hive) {
		for (NameMap m : maps) {
			if (m.sameAs(table, cols, hive)) {
				return m.id();
			}
		}
		return null;
	}

	/** The mappings to write: the commit's file ids move past them. */
	public List<NameMap> fresh() {
		return fresh;
	}

	/** The mapping id of the commit's file {@code fileId} (as the commit numbers it), or null. */
	public Long mappingOf(long fileId) {
		return ofFile.get(fileId);
	}

	/**
	 * The flat mappings among {@code ducklake_name_mapping} rows ({@code mapping_id, column_id, source_name,
	 * target_field_id, parent_column, is_partition}) of the {@code map_by_name} mappings {@code tables} names (mapping
	 * id to table id): a mapping with a nested row, or a column mapped to another id, is left out (never reused).
	 */
	public static List<NameMap> flat(Map<Long, Long> tables, List<Object[]> rows) {
		Map<Long, Map<Long, String>> cols = new HashMap<>();
		Map<Long, Set<Long>> hive = new HashMap<>();
		Set<Long> nested = new java.util.HashSet<>();
		for (Object[] r : rows) {
			long id = ((Number) r[0]).longValue();
			long col = ((Number) r[1]).longValue();
			if (r[4] != null || r[3] == null || ((Number) r[3]).longValue() != col) {
				nested.add(id);
				continue;
			}
			cols.computeIfAbsent(id, k -> new HashMap<>()).put(col, (String) r[2]);
			Set<Long> h = hive.computeIfAbsent(id, k -> new java.util.HashSet<>());
			if (Boolean.TRUE.equals(r[5])) {
				h.add(col);
			}
		}
		List<NameMap> out = new ArrayList<>();
		cols.forEach((id, c) -> {
			if (!nested.contains(id) && tables.containsKey(id)) {
				out.add(new NameMap(id, tables.get(id), c, hive.get(id)));
			}
		});
		return out;
	}
}
