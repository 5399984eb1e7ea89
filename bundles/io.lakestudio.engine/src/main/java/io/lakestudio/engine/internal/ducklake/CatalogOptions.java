package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code ducklake_options('<catalog>')} ({@code <catalog>.options()}): every option kept in
 * {@code ducklake_metadata}, the catalog's (GLOBAL), a schema's (SCHEMA) and a table's (TABLE, named
 * {@code schema.table}), by option name, with the extension's description of the options it knows.
 */
final class CatalogOptions {

	static final String COLUMNS = "option_name VARCHAR, description VARCHAR, value VARCHAR, scope VARCHAR,"
			+ " scope_entry VARCHAR";

	/** The extension's descriptions; a key it doesn't know has none. */
	private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
			Map.entry("data_inlining_row_limit", "Maximum amount of rows to inline in a single insert"),
			Map.entry("parquet_compression", "Compression algorithm for Parquet files (uncompressed, snappy, gzip,"
					+ " zstd, brotli, lz4, lz4_raw)"),
			Map.entry("parquet_version", "Parquet format version (1 or 2)"),
			Map.entry("parquet_compression_level", "Compression level for Parquet files"),
			Map.entry("parquet_row_group_size", "Number of rows per row group in Parquet files"),
			Map.entry("parquet_row_group_size_bytes", "Number of bytes per row group in Parquet files"),
			Map.entry("hive_file_pattern", "If partitioned data should be written in a hive-like folder structure"),
			Map.entry("target_file_size", "The target data file size for insertion and compaction operations"),
			Map.entry("version", "DuckLake format version"),
			Map.entry("created_by", "Tool used to write the DuckLake"),
			Map.entry("data_path", "Path to data files"),
			Map.entry("require_commit_message", "If an explicit commit message is required for a snapshot commit."),
			Map.entry("rewrite_delete_threshold", "A threshold that determines the minimum amount of data that must"
					+ " be removed from a file before a rewrite is warranted. From 0 - 1."),
			Map.entry("delete_older_than", "How old unused files must be to be removed by the"
					+ " 'ducklake_delete_orphaned_files' and 'ducklake_cleanup_old_files' cleanup functions."),
			Map.entry("expire_older_than", "How old snapshots must be, by default, to be expired by:"
					+ " 'ducklake_expire_snapshots'"),
			Map.entry("per_thread_output", "Whether to create separate output files per thread during parallel"
					+ " insertion"),
			Map.entry("sort_on_insert", "Whether to sort data on INSERT according to SET SORTED BY (default: true)"));

	private CatalogOptions() {
	}

	/** The rows, as SQL tuples in the order of {@link #COLUMNS}, sorted by option name (then scope). */
	static List<String> rows(Attached a) throws DuckLakeException {
		var store = a.catalog.store();
		CatalogAt cat = a.view();
		TreeMap<String, String> sorted = new TreeMap<>();
		int n = 0;
		for (Map.Entry<String, String> e : store.metadata().entrySet()) {
			sorted.put(e.getKey() + '\u0000' + n++, row(e.getKey(), e.getValue(), "GLOBAL", null));
		}
		for (SchemaEntry s : cat.schemas()) {
			for (Map.Entry<String, String> e : store.schemaOptions(s.id()).entrySet()) {
				sorted.put(e.getKey() + '\u0000' + n++, row(e.getKey(), e.getValue(), "SCHEMA", s.name()));
			}
		}
		for (TableEntry t : cat.tables()) {
			String schema = cat.schemaOf(t).map(SchemaEntry::name).orElse("main");
			for (Map.Entry<String, String> e : store.tableOptions(t.id()).entrySet()) {
				sorted.put(e.getKey() + '\u0000' + n++, row(e.getKey(), e.getValue(), "TABLE", schema + "." + t.name()));
			}
		}
		return new ArrayList<>(sorted.values());
	}

	private static String row(String key, String value, String scope, String entry) {
		String description = DESCRIPTIONS.get(key.toLowerCase(java.util.Locale.ROOT));
		return "(" + Sql.string(key) + ", " + (description == null ? "NULL" : Sql.string(description)) + ", "
				+ (value == null ? "NULL" : Sql.string(value)) + ", " + Sql.string(scope) + ", "
				+ (entry == null ? "NULL" : Sql.string(entry)) + ")";
	}
}
