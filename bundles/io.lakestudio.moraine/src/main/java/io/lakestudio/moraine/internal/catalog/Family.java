package io.lakestudio.moraine.internal.catalog;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.lakestudio.moraine.internal.store.Layout;

/**
 * The DuckLake catalog tables moraine keeps, with the spec's own names and columns, so listing one from a
 * snapshot is row-faithful. DuckLake 1.1's columns end their rows (a row stored before they were kept reads them
 * as NULL, as a 1.0 catalog migrated has them; {@link Row#stored()}), and its tables are families of their own. A temporal family's key ends with its begin_snapshot (an altered column is a new row
 * with the same id); its rows are visible at a snapshot S when begin_snapshot <= S < end_snapshot.
 */
public enum Family {
	SNAPSHOT("ducklake_snapshot", Layout.SNAPSHOTS, 1, "snapshot_id", "snapshot_time", "schema_version",
			"next_catalog_id", "next_file_id"),
	SNAPSHOT_CHANGES("ducklake_snapshot_changes", Layout.SNAPSHOTS, 1, "snapshot_id", "changes_made", "author",
			"commit_message", "commit_extra_info"),
	/** One row per table whose schema a snapshot changed (table_id NULL: none named), so all three are its key. */
	SCHEMA_VERSIONS("ducklake_schema_versions", Layout.SNAPSHOTS, 3, "begin_snapshot", "schema_version", "table_id"),
	SCHEMA("ducklake_schema", Layout.CURRENT, 1, "schema_id", "schema_uuid", "begin_snapshot", "end_snapshot",
			"schema_name", "path", "path_is_relative"),
	TABLE("ducklake_table", Layout.CURRENT, 1, "table_id", "table_uuid", "begin_snapshot", "end_snapshot",
			"schema_id", "table_name", "path", "path_is_relative"),
	VIEW("ducklake_view", Layout.CURRENT, 1, "view_id", "view_uuid", "begin_snapshot", "end_snapshot", "schema_id",
			"view_name", "dialect", "sql", "column_aliases"),
	TAG("ducklake_tag", Layout.CURRENT, 2, "object_id", "key", "begin_snapshot", "end_snapshot", "value"),
	COLUMN_TAG("ducklake_column_tag", Layout.CURRENT, 3, "table_id", "column_id", "key", "begin_snapshot",
			"end_snapshot", "value"),
	/** DuckLake 1.1's: a tag on a view's column, which has no id, so its name keys it. */
	VIEW_COLUMN_TAG("ducklake_view_column_tag", Layout.CURRENT, 3, "view_id", "column_name", "key",
			"begin_snapshot", "end_snapshot", "value"),
	COLUMN("ducklake_column", Layout.CURRENT, 2, "table_id", "column_id", "begin_snapshot", "end_snapshot",
			"column_order", "column_name", "column_type", "initial_default", "default_value", "nulls_allowed",
			"parent_column", "default_value_type", "default_value_dialect"),
	DATA_FILE("ducklake_data_file", Layout.CURRENT, 2, "table_id", "data_file_id", "begin_snapshot", "end_snapshot",
			"file_order", "path", "path_is_relative", "file_format", "record_count", "file_size_bytes",
			"footer_size", "row_id_start", "partition_id", "encryption_key", "partial_max", "mapping_id",
			"row_group_count"),
	FILE_COLUMN_STATS("ducklake_file_column_stats", Layout.CURRENT, 3, "table_id", "data_file_id", "column_id",
			"column_size_bytes", "value_count", "null_count", "min_value", "max_value", "contains_nan",
			"extra_stats", "min_is_exact", "max_is_exact"),
	/** DuckLake 1.1's: the stats of one shredded field of a VARIANT column, a child of its data file's row. */
	FILE_VARIANT_STATS("ducklake_file_variant_stats", Layout.CURRENT, 4, "table_id", "data_file_id", "column_id",
			"variant_path", "shredded_type", "column_size_bytes", "value_count", "null_count", "min_value",
			"max_value", "contains_nan", "extra_stats"),
	DELETE_FILE("ducklake_delete_file", Layout.CURRENT, 2, "table_id", "delete_file_id", "begin_snapshot",
			"end_snapshot", "data_file_id", "path", "path_is_relative", "format", "delete_count",
			"file_size_bytes", "footer_size", "encryption_key", "partial_max", "row_group_count"),
	TABLE_STATS("ducklake_table_stats", Layout.CURRENT, 1, "table_id", "record_count", "next_row_id",
			"file_size_bytes"),
	TABLE_COLUMN_STATS("ducklake_table_column_stats", Layout.CURRENT, 2, "table_id", "column_id", "contains_null",
			"contains_nan", "min_value", "max_value", "extra_stats", "min_is_exact", "max_is_exact"),
	PARTITION_INFO("ducklake_partition_info", Layout.CURRENT, 2, "table_id", "partition_id", "begin_snapshot",
			"end_snapshot"),
	PARTITION_COLUMN("ducklake_partition_column", Layout.CURRENT, 3, "table_id", "partition_id",
			"partition_key_index", "column_id", "transform"),
	FILE_PARTITION_VALUE("ducklake_file_partition_value", Layout.CURRENT, 3, "table_id", "data_file_id",
			"partition_key_index", "partition_value"),
	FILES_SCHEDULED_FOR_DELETION("ducklake_files_scheduled_for_deletion", Layout.CURRENT, 1, "data_file_id",
			"path", "path_is_relative", "schedule_start"),
	INLINED_DATA_TABLES("ducklake_inlined_data_tables", Layout.CURRENT, 2, "table_id", "schema_version",
			"table_name"),
	COLUMN_MAPPING("ducklake_column_mapping", Layout.CURRENT, 2, "table_id", "mapping_id", "type"),
	NAME_MAPPING("ducklake_name_mapping", Layout.CURRENT, 2, "mapping_id", "column_id", "source_name",
			"target_field_id", "parent_column", "is_partition"),
	MACRO("ducklake_macro", Layout.CURRENT, 1, "macro_id", "begin_snapshot", "end_snapshot", "schema_id",
			"macro_name"),
	MACRO_IMPL("ducklake_macro_impl", Layout.CURRENT, 2, "macro_id", "impl_id", "dialect", "sql", "type"),
	MACRO_PARAMETERS("ducklake_macro_parameters", Layout.CURRENT, 3, "macro_id", "impl_id", "column_id",
			"parameter_name", "parameter_type", "default_value", "default_value_type"),
	SORT_INFO("ducklake_sort_info", Layout.CURRENT, 2, "table_id", "sort_id", "begin_snapshot", "end_snapshot"),
	SORT_EXPRESSION("ducklake_sort_expression", Layout.CURRENT, 3, "table_id", "sort_id", "sort_key_index",
			"expression", "dialect", "sort_direction", "null_order"),
	/** moraine's own: equality indexes (not a DuckLake table). */
	INDEX("moraine_index", Layout.CURRENT, 2, "table_id", "index_id", "begin_snapshot", "end_snapshot",
			"index_name", "column_ids", "is_unique", "swept"),
	/**
	 * moraine's own: a DuckLake host's inlined row (its ducklake_inlined_data_&lt;table&gt;_&lt;schema version&gt; row), its
	 * values by column id in one text field, so a table of any columns fits one family.
	 */
	INLINED_ROW("moraine_inlined_row", Layout.CURRENT, 2, "table_id", "row_id", "begin_snapshot", "end_snapshot",
			"schema_version", "row_values"),
	/** moraine's own: a DuckLake host's inlined delete of a data file row (ducklake_inlined_delete_&lt;table&gt;). */
	INLINED_DELETE("moraine_inlined_delete", Layout.CURRENT, 3, "table_id", "file_id", "row_id", "delete_snapshot");

	public final String table;
	public final String subspace;
	/** How many leading columns identify a row (begin_snapshot follows them in the key of a temporal one). */
	final int idColumns;
	final List<String> columns;
	final int begin, end;

	Family(String table, String subspace, int idColumns, String... columns) {
		this.table = table;
		this.subspace = subspace;
		this.idColumns = idColumns;
		this.columns = List.of(columns);
		this.begin = this.columns.indexOf("begin_snapshot");
		this.end = this.columns.indexOf("end_snapshot");
	}

	public List<String> columns() {
		return columns;
	}

	/**
	 * The columns in the specification's order, as a listing shows them (the stored order puts the columns a
	 * scan ranges over first, e.g. table_id before data_file_id).
	 */
	public List<String> specColumns() {
		return switch (this) {
			case TAG -> List.of("object_id", "begin_snapshot", "end_snapshot", "key", "value");
			case COLUMN_TAG -> List.of("table_id", "column_id", "begin_snapshot", "end_snapshot", "key", "value");
			case VIEW_COLUMN_TAG -> List.of("view_id", "column_name", "begin_snapshot", "end_snapshot", "key",
					"value");
			case COLUMN -> List.of("column_id", "begin_snapshot", "end_snapshot", "table_id", "column_order",
					"column_name", "column_type", "initial_default", "default_value", "nulls_allowed", "parent_column",
					"default_value_type", "default_value_dialect");
			case DATA_FILE -> List.of("data_file_id", "table_id", "begin_snapshot", "end_snapshot", "file_order",
					"path", "path_is_relative", "file_format", "record_count", "file_size_bytes", "footer_size",
					"row_id_start", "partition_id", "encryption_key", "mapping_id", "partial_max", "row_group_count");
			case FILE_COLUMN_STATS -> List.of("data_file_id", "table_id", "column_id", "column_size_bytes",
					"value_count", "null_count", "min_value", "max_value", "contains_nan", "extra_stats", "min_is_exact",
					"max_is_exact");
			case FILE_VARIANT_STATS -> List.of("data_file_id", "table_id", "column_id", "variant_path",
					"shredded_type", "column_size_bytes", "value_count", "null_count", "min_value", "max_value",
					"contains_nan", "extra_stats");
			case DELETE_FILE -> List.of("delete_file_id", "table_id", "begin_snapshot", "end_snapshot",
					"data_file_id", "path", "path_is_relative", "format", "delete_count", "file_size_bytes",
					"footer_size", "encryption_key", "partial_max", "row_group_count");
			case PARTITION_INFO -> List.of("partition_id", "table_id", "begin_snapshot", "end_snapshot");
			case PARTITION_COLUMN -> List.of("partition_id", "table_id", "partition_key_index", "column_id",
					"transform");
			case FILE_PARTITION_VALUE -> List.of("data_file_id", "table_id", "partition_key_index",
					"partition_value");
			case INLINED_DATA_TABLES -> List.of("table_id", "table_name", "schema_version");
			case COLUMN_MAPPING -> List.of("mapping_id", "table_id", "type");
			case MACRO -> List.of("schema_id", "macro_id", "macro_name", "begin_snapshot", "end_snapshot");
			case SORT_INFO -> List.of("sort_id", "table_id", "begin_snapshot", "end_snapshot");
			case SORT_EXPRESSION -> List.of("sort_id", "table_id", "sort_key_index", "expression", "dialect",
					"sort_direction", "null_order");
			default -> columns;
		};
	}

	public boolean temporal() {
		return end >= 0;
	}

	int column(String name) {
		int i = columns.indexOf(name);
		if (i < 0)
			throw new IllegalArgumentException(table + " has no column " + name);
		return i;
	}

	/** The row's key tuple: its id columns, then begin_snapshot for a temporal family. */
	Object[] key(Object[] values) {
		Object[] key = Arrays.copyOf(values, idColumns + (temporal() ? 1 : 0));
		if (temporal())
			key[idColumns] = values[begin];
		return key;
	}

	public static Optional<Family> byTable(String table) {
		return Arrays.stream(values()).filter(f -> f.table.equals(table)).findFirst();
	}
}
