package io.lakestudio.engine.internal.ducklake;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.GeoStats;

/**
 * A GEOMETRY column's stats in a file Lakestudio wrote, as the extension takes them: from DuckDB's Parquet writer
 * ({@code COPY ... RETURN_STATS}), whose bounding box (x, y, z, m) and geometry types the footer doesn't keep (its
 * GeoParquet {@code geo} metadata has no m, and is left out for a file of NULLs or of mixed dimensions). No min or
 * max: a geometry has no order.
 */
final class GeoFileStats {

	private GeoFileStats() {
	}

	/** Whether any of the columns (or a field of one) is a GEOMETRY: then a COPY returns its writer's stats. */
	static boolean any(List<ColumnEntry> cols) {
		for (ColumnEntry c : cols) {
			if (c.type().equals("geometry") || any(c.children())) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The writer's name of each GEOMETRY leaf, by column id: its own and its parents' names, each quoted, joined by
	 * dots ({@code "s"."g"}, a list's {@code "l"."element"}), as RETURN_STATS's column_statistics keys them.
	 */
	static Map<Long, String> keys(List<ColumnEntry> cols) {
		Map<Long, String> out = new HashMap<>();
		for (ColumnEntry c : cols) {
			keys(c, quote(c.name()), out);
		}
		return out;
	}

	private static void keys(ColumnEntry c, String key, Map<Long, String> out) {
		if (c.type().equals("geometry")) {
			out.put(c.id(), key);
		}
		for (ColumnEntry f : c.children()) {
			keys(f, key + "." + quote(f.name()), out);
		}
	}

	private static String quote(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}

	/**
	 * The column's stats from the footer's counts ({@code footer}) and the writer's {@code writer} stats of it (null:
	 * none, as for a file of no value of it).
	 */
	static ColumnStats of(ColumnStats footer, Map<String, String> writer) {
		GeoStats geo = writer == null ? GeoStats.EMPTY : GeoStats.ofWriter(writer);
		return new ColumnStats(footer.columnId(), footer.valueCount(), footer.nullCount(), footer.columnSizeBytes(),
				null, null, null, geo);
	}
}
