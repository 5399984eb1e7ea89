package io.lakestudio.ducklake;

/** One column's stats in one data file ({@code ducklake_file_column_stats}); min and max as DuckLake's strings. */
public record ColumnStats(long columnId, long valueCount, long nullCount, long columnSizeBytes, String min,
		String max, Boolean containsNan) {
}
