package io.lakestudio.conformance;

import java.util.List;

/**
 * A statement's result: DuckDB's type name of each column, and each value as DuckDB prints it
 * ({@code CAST(v AS VARCHAR)}, see {@link DuckText}), null for NULL.
 */
public record Rows(List<String> types, List<List<String>> values) {

	public Rows {
		types = List.copyOf(types);
		values = List.copyOf(values);
	}

	public int columns() {
		return types.size();
	}
}
