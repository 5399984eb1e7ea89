package io.lakestudio.ducklake;

import java.util.Map;

/**
 * One row of a table kept in the catalog itself ({@code ducklake_inlined_data_<table>_<schema version>}) rather than
 * in a data file: its row id, the snapshot that inserted it, and its values by column id, each in the text form of
 * the column's DuckDB type (null for NULL; a column the row's schema version lacked is absent).
 */
public record InlinedRow(long rowId, long beginSnapshot, Map<Long, String> values) {

	public InlinedRow {
		values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
	}
}
