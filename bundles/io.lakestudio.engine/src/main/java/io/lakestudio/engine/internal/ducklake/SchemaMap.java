package io.lakestudio.engine.internal.ducklake;

import io.lakestudio.engine.internal.Sql;

/**
 * One entry of {@code read_parquet}'s {@code schema} map: the file's column (a field id or a quoted name) read
 * under {@code name} as {@code type}, and its value where a file lacks the column. The map is one DuckDB literal,
 * so every entry's {@code default_value} must have one type: each is given as VARCHAR, which DuckDB casts to the
 * entry's type (a table whose added columns have defaults of two types failed to read: "Cannot deduce template
 * type 'T' in function: 'list_value'"). The literal is cast to the type first, so a bad default still fails as
 * that type would.
 */
final class SchemaMap {

	private SchemaMap() {
	}

	static String entry(String key, String name, String type, String initialDefault) {
		String dflt = initialDefault == null ? "NULL::VARCHAR"
				: "CAST(CAST(" + Sql.string(initialDefault) + " AS " + type + ") AS VARCHAR)";
		return key + ": {name: " + Sql.string(name) + ", type: " + Sql.string(type) + ", default_value: " + dflt
				+ "}";
	}
}
