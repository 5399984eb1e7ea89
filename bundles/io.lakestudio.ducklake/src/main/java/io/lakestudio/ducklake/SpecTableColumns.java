package io.lakestudio.ducklake;

import java.util.Map;

import io.lakestudio.ducklake.internal.SpecTables;

/** The specification's tables, each column with its DuckDB type, in order: what {@link MetadataStore#rows} lists. */
public final class SpecTableColumns {

	/** DuckLake 1.0, the stable specification. */
	public static final String V1_0 = SpecTables.V1_0;

	/** DuckLake 1.1 as the extension's development build writes it. */
	public static final String V1_1 = SpecTables.V1_1;

	private static final Map<String, Map<String, String>> TABLES_1_0 = SpecTables.tables(SpecTables.V1_0);
	private static final Map<String, Map<String, String>> TABLES_1_1 = SpecTables.tables(SpecTables.V1_1);

	private SpecTableColumns() {
	}

	/** Table name to columns (name to DuckDB type) as DuckLake 1.0 has them; null for a name that is not one. */
	public static Map<String, String> of(String table) {
		return TABLES_1_0.get(table);
	}

	/** The specification's table names for a catalog of {@code version}, in order. */
	public static java.util.Set<String> names(String version) {
		return (SpecTables.isV1_1(version) ? TABLES_1_1 : TABLES_1_0).keySet();
	}

	/** As {@link #of(String)}, for a catalog of {@code version} (1.1-dev1's added tables and columns with it). */
	public static Map<String, String> of(String version, String table) {
		return (SpecTables.isV1_1(version) ? TABLES_1_1 : TABLES_1_0).get(table);
	}
}
