package io.lakestudio.moraine.ducklake;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SpecTableColumns;
import io.lakestudio.moraine.CatalogSnapshot;

/**
 * A {@code ducklake_*} table listed from a moraine snapshot in the specification's columns and their text form,
 * as {@link io.lakestudio.ducklake.MetadataStore#rows} gives them: moraine's rows carry the spec's column names
 * (a column moraine does not keep is NULL), times are microseconds turned into a
 * timestamp with its UTC offset, the global options' scope is NULL as DuckLake writes it.
 */
final class SpecRows {

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSxxx")
			.withZone(ZoneOffset.UTC);

	private SpecRows() {
	}

	/** {@code version}: the catalog's DuckLake version, whose tables and columns the listing has. */
	static List<List<String>> of(String location, String version, CatalogSnapshot s, String table)
			throws DuckLakeException {
		Map<String, String> columns = SpecTableColumns.of(version, table);
		if (columns == null) {
			throw new DuckLakeException(location + ": no DuckLake table " + table);
		}
		List<List<String>> out = new ArrayList<>();
		for (Map<String, Object> r : s.ducklakeRows(table)) {
			if (table.equals("ducklake_metadata") && "global".equals(r.get("scope"))) {
				r = new java.util.LinkedHashMap<>(r);
				r.put("scope", null);
				r.put("scope_id", null);
			}
			List<String> row = new ArrayList<>(columns.size());
			for (Map.Entry<String, String> c : columns.entrySet()) {
				row.add(text(r.get(c.getKey()), c.getValue()));
			}
			out.add(row);
		}
		return out;
	}

	static String text(Object v, String type) {
		if (v == null) {
			return null;
		}
		if (type.startsWith("TIMESTAMP") && v instanceof Long micros) {
			return TIME.format(Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
					Math.floorMod(micros, 1_000_000L) * 1000));
		}
		return v.toString();
	}
}
