package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeTypes;
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
	 * {@code options} ({@code filename = true...}, or empty) and the field-id map {@code idMap}.
	 */
	static String scan(List<String> files, List<Long> ids, List<String> idMap, List<ColumnEntry> cols,
			Map<Long, Map<Long, String>> mapped, String options) {
		String opts = options.isEmpty() ? "" : ", " + options;
		List<String> byId = new ArrayList<>();
		Map<String, List<String>> byName = new LinkedHashMap<>();
		for (int i = 0; i < files.size(); i++) {
			Map<Long, String> m = mapped.get(ids.get(i));
			if (m == null) {
				byId.add(files.get(i));
			} else {
				byName.computeIfAbsent(nameMap(cols, m), k -> new ArrayList<>()).add(files.get(i));
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

	/** The name-keyed schema map of one mapping: each mapped column read as {@code c<id>}. */
	private static String nameMap(List<ColumnEntry> cols, Map<Long, String> m) {
		List<String> out = new ArrayList<>();
		for (ColumnEntry c : cols) {
			String source = m.get(c.id());
			String type = DuckLakeTypes.toDuckDb(c.type());
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
}
