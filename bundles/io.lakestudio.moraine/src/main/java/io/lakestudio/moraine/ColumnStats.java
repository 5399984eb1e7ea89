package io.lakestudio.moraine;

/** A column's table-level statistics. Min/max are opaque strings, stored verbatim and never merged. */
public record ColumnStats(ColumnId column, Boolean containsNull, Boolean containsNan, String minValue,
		String maxValue, String extraStats) {
}
