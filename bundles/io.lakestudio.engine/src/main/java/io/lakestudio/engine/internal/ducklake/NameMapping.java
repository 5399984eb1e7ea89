package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.engine.internal.Sql;

/**
 * The scan of a table's data files when some were registered by {@code ducklake_add_data_files}: such a file has
 * no field ids, so it is read by its columns' names ({@code ducklake_name_mapping}, a {@code schema} map keyed by
 * name), the others by field id, and the reads are one UNION ALL BY NAME with the same column names.
 */
final class NameMapping {

	private NameMapping() {
	}

	/**
	 * {@code read_parquet} over the files ({@code files}: quoted paths, {@code ids}: their data file ids), with
	 * {@code options} ({@code filename = true...}, or empty) and the field-id map {@code idMap}; {@code hive}: the
	 * columns a mapped file takes from its hive folder, each read as the folder's value (the file's default).
	 */
	static String scan(List<String> files, List<Long> ids, List<String> idMap, List<ColumnEntry> cols,
			Map<Long, Map<Long, String>> mapped, Map<Long, Set<Long>> hive, String options) {
		String opts = options.isEmpty() ? "" : ", " + options;
		List<String> byId = new ArrayList<>();
		Map<String, List<String>> byName = new LinkedHashMap<>();
		for (int i = 0; i < files.size(); i++) {
			Map<Long, String> m = mapped.get(ids.get(i));
			if (m == null) {
				byId.add(files.get(i));
			} else {
				Map<String, String> folders = HivePartitions.parse(unquote(files.get(i)));
				byName.computeIfAbsent(nameMap(cols, m, hive.getOrDefault(ids.get(i), Set.of()), folders),
						k -> new ArrayList<>()).add(files.get(i));
			}
		}
		String idScan = "read_parquet([" + String.join(", ", byId) + "]" + opts + (idMap.isEmpty() ? ""
				: ", schema = map {" + String.join(", ", idMap) + "}") + ")";
		if (byName.isEmpty()) {
			return idScan;
		}
		List<String> parts = new ArrayList<>();
		if (!byId.isEmpty()) {
			parts.add("SELECT * FROM " + idScan);
		}
		byName.forEach((map, fs) -> parts.add("SELECT * FROM read_parquet([" + String.join(", ", fs) + "]" + opts
				+ ", schema = map {" + map + "})"));
		return "(" + String.join(" UNION ALL BY NAME ", parts) + ")";
	}

	/**
	 * The name-keyed schema map of one mapping: each mapped column read as {@code c<id>}; a hive column as its
	 * folder's value ({@code folders}: the file's hive folders, key to value, null for NULL).
	 */
	private static String nameMap(List<ColumnEntry> cols, Map<Long, String> m, Set<Long> hive,
			Map<String, String> folders) {
		List<String> out = new ArrayList<>();
		for (ColumnEntry c : cols) {
			String source = m.get(c.id());
			String type = NestedTypes.duckType(c);
			if (source != null && hive.contains(c.id())) {
				out.add(SchemaMap.entry(Sql.string("__dl_hive_" + c.id()), "c" + c.id(), type, folders.get(source)));
				continue;
			}
			// a column the file lacks (allow_missing, or added since) reads as its default under a name no file has
			out.add(SchemaMap.entry(Sql.string(source != null ? source : "__dl_missing_" + c.id()), "c" + c.id(), type,
					c.initialDefault()));
		}
		// the lineage columns the other reads have (none in an added file: NULL), so the union lines up
		out.add(SchemaMap.entry(Sql.string(io.lakestudio.ducklake.FileLineage.ROW_ID_COLUMN), Lineage.RID, "BIGINT",
				null));
		out.add(SchemaMap.entry(Sql.string(io.lakestudio.ducklake.FileLineage.SNAPSHOT_ID_COLUMN), Lineage.SID,
				"BIGINT", null));
		return String.join(", ", out);
	}

	/** A path as {@code Sql.string} quoted it. */
	private static String unquote(String quoted) {
		return quoted.substring(1, quoted.length() - 1).replace("''", "'");
	}
}
