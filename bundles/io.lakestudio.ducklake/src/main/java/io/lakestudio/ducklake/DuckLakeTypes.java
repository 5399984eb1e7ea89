package io.lakestudio.ducklake;

import java.util.Locale;
import java.util.Map;

/**
 * DuckLake's type names (the specification's data types page: {@code int64}, {@code varchar},
 * {@code decimal(18,2)}, {@code timestamptz}, {@code variant}, {@code geometry}...) and DuckDB's, both ways. Nested types
 * (struct, list, map) are kept as child columns in DuckLake: {@link NestedTypes}.
 */
public final class DuckLakeTypes {

	private static final Map<String, String> TO_DUCKLAKE = Map.ofEntries(Map.entry("BOOLEAN", "boolean"),
			Map.entry("TINYINT", "int8"), Map.entry("SMALLINT", "int16"), Map.entry("INTEGER", "int32"),
			Map.entry("BIGINT", "int64"), Map.entry("HUGEINT", "int128"), Map.entry("UTINYINT", "uint8"),
			Map.entry("USMALLINT", "uint16"), Map.entry("UINTEGER", "uint32"), Map.entry("UBIGINT", "uint64"),
			Map.entry("UHUGEINT", "uint128"), Map.entry("FLOAT", "float32"), Map.entry("DOUBLE", "float64"),
			Map.entry("DATE", "date"), Map.entry("TIME", "time"), Map.entry("TIME WITH TIME ZONE", "timetz"),
			Map.entry("TIMESTAMP", "timestamp"), Map.entry("TIMESTAMP WITH TIME ZONE", "timestamptz"),
			Map.entry("TIMESTAMP_S", "timestamp_s"), Map.entry("TIMESTAMP_MS", "timestamp_ms"),
			Map.entry("TIMESTAMP_NS", "timestamp_ns"), Map.entry("INTERVAL", "interval"),
			Map.entry("VARCHAR", "varchar"), Map.entry("BLOB", "blob"), Map.entry("UUID", "uuid"),
			Map.entry("JSON", "json"), Map.entry("VARIANT", "variant"),
			Map.entry("GEOMETRY", "geometry"));

	/**
	 * The coordinate reference system DuckDB reads a GeoParquet column as when the file names none: a DuckLake
	 * {@code geometry} column keeps no CRS, and its files are written with none, so only this one is kept as it was.
	 */
	private static final String DEFAULT_CRS = "GEOMETRY('OGC:CRS84')";

	private DuckLakeTypes() {
	}

	/** DuckLake's name for a DuckDB type, or null when DuckLake (here) has none. */
	public static String toDuckLake(String duckType) {
		String t = duckType.strip().toUpperCase(Locale.ROOT);
		if (t.startsWith("DECIMAL") || t.startsWith("NUMERIC")) {
			return t.replace("NUMERIC", "DECIMAL").toLowerCase(Locale.ROOT).replace(" ", "");
		}
		if (t.replace(" ", "").equals(DEFAULT_CRS)) {
			return "geometry"; // what read_parquet calls a GeoParquet column, as CREATE TABLE AS SELECT * gives it
		}
		return TO_DUCKLAKE.get(t);
	}

	/** DuckDB's type for a DuckLake type name. */
	public static String toDuckDb(String duckLakeType) {
		String t = duckLakeType.strip().toLowerCase(Locale.ROOT);
		if (t.startsWith("decimal")) {
			return t.toUpperCase(Locale.ROOT);
		}
		for (Map.Entry<String, String> e : TO_DUCKLAKE.entrySet()) {
			if (e.getValue().equals(t)) {
				return e.getKey();
			}
		}
		throw new IllegalArgumentException("a DuckLake type not read here: " + duckLakeType);
	}
}
