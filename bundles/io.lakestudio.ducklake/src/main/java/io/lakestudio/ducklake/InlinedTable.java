package io.lakestudio.ducklake;

import java.util.List;
import java.util.Map;

/**
 * One of a catalog's inlined-data tables ({@code ducklake_inlined_data_<table>_<schema version>}) as it holds it:
 * its columns (name to DuckDB type) and rows (values as strings, null for NULL), for
 * {@code __ducklake_metadata_<name>.ducklake_inlined_data_*}.
 */
public record InlinedTable(Map<String, String> columns, List<List<String>> rows) {
}
