package io.lakestudio.ducklake;

/**
 * The stats of one fully shredded field of a VARIANT column in one data file ({@code ducklake_file_variant_stats}):
 * {@code path} names the field as the extension does ({@code root} for the value itself, {@code "a"} for a field of
 * an object, {@code element} for a list's items, joined by dots), {@code shreddedType} its DuckLake type. A field
 * some of whose values are not of that type has no row, as the extension writes none.
 */
public record VariantStats(long columnId, String path, String shreddedType, long columnSizeBytes, long valueCount,
		long nullCount, String min, String max) {
}
