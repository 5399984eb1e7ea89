package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every file a catalog's rows name (data and delete files of any snapshot, and those scheduled for deletion), as
 * absolute paths, read from the specification's tables through {@link MetadataStore#rows}: so a store that is not
 * a database (moraine's) answers {@code ducklake_delete_orphaned_files} as a SQL one does.
 */
final class NamedFiles {

	private NamedFiles() {
	}

	static Set<String> of(MetadataStore store, String dataPath) throws DuckLakeException {
		Map<String, String> schemaPaths = new HashMap<>();
		for (Map<String, String> r : rows(store, "ducklake_schema")) {
			schemaPaths.putIfAbsent(r.get("schema_id"), folder(r.get("path"), r.get("path_is_relative"), dataPath));
		}
		Map<String, String> tablePaths = new HashMap<>();
		for (Map<String, String> r : rows(store, "ducklake_table")) {
			String schema = schemaPaths.getOrDefault(r.get("schema_id"), dataPath);
			tablePaths.putIfAbsent(r.get("table_id"), folder(r.get("path"), r.get("path_is_relative"), schema));
		}
		Set<String> out = new LinkedHashSet<>();
		for (String t : List.of("ducklake_data_file", "ducklake_delete_file")) {
			for (Map<String, String> r : rows(store, t)) {
				out.add(folder(r.get("path"), r.get("path_is_relative"),
						tablePaths.getOrDefault(r.get("table_id"), dataPath)));
			}
		}
		for (ScheduledFile f : store.scheduledFiles()) {
			out.add(f.relative() ? dataPath + f.path() : f.path());
		}
		return out;
	}

	/** A path relative to {@code parent} (when its flag says so, or none is kept), else as it is. */
	private static String folder(String path, String relative, String parent) {
		String p = path == null ? "" : path;
		boolean rel = relative == null || relative.equals("true") || relative.equals("1");
		return rel ? parent + p : p;
	}

	private static List<Map<String, String>> rows(MetadataStore store, String table) throws DuckLakeException {
		List<String> columns = new ArrayList<>(SpecTableColumns.of(table).keySet());
		List<Map<String, String>> out = new ArrayList<>();
		for (List<String> row : store.rows(table)) {
			Map<String, String> m = new HashMap<>();
			for (int i = 0; i < columns.size() && i < row.size(); i++) {
				m.put(columns.get(i), row.get(i));
			}
			out.add(m);
		}
		return out;
	}
}
