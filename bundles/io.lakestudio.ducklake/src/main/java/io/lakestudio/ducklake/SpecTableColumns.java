package io.lakestudio.ducklake;

import java.util.Map;

import io.lakestudio.ducklake.internal.SpecTables;

/** The specification's tables, each column with its DuckDB type, in order: what {@link MetadataStore#rows} lists. */
public final class SpecTableColumns {

	private static final Map<String, Map<String, String>> TABLES = SpecTables.tables();

	private SpecTableColumns() {
	}

	/** Table name to columns (name to DuckDB type); null for a name that is not one of them. */
	public static Map<String, String> of(String table) {
		return TABLES.get(table);
	}
}
