package io.lakestudio.ducklake;

/**
 * One column's stats in one data file ({@code ducklake_file_column_stats}); min and max as DuckLake's strings, a
 * GEOMETRY column's bounding box and types as its {@code extra_stats} ({@code geo}, null for another column).
 */
public record ColumnStats(long columnId, long valueCount, long nullCount, long columnSizeBytes, String min,
		String max, Boolean containsNan, GeoStats geo) {

	/** The stats of a column that is not a GEOMETRY. */
	public ColumnStats(long columnId, long valueCount, long nullCount, long columnSizeBytes, String min, String max,
			Boolean containsNan) {
		this(columnId, valueCount, nullCount, columnSizeBytes, min, max, containsNan, null);
	}

	/** The {@code extra_stats} text: a GEOMETRY column's as JSON, else NULL. */
	public String extraStats() {
		return geo == null ? null : geo.json();
	}

	/** A geometry column's stats from an {@code extra_stats} text, null for another one (or none). */
	public static GeoStats geoOf(String extraStats) {
		return GeoStats.isGeo(extraStats) ? GeoStats.parse(extraStats) : null;
	}
}
