package io.lakestudio.moraine;

/** Per-column statistics of one data file. Min/max are opaque strings, stored verbatim and never merged. */
public record FileColumnStats(ColumnId column, Long columnSizeBytes, Long valueCount, Long nullCount,
		String minValue, String maxValue, Boolean containsNan, String extraStats) {

	public static FileColumnStats of(ColumnId column, long valueCount, long nullCount, String min, String max) {
		return new FileColumnStats(column, null, valueCount, nullCount, min, max, null, null);
	}
}
