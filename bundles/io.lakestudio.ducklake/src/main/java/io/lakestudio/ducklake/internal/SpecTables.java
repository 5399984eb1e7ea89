package io.lakestudio.ducklake.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tables of a DuckLake catalog, as a new catalog is created: names, columns in order, DuckDB's type names
 * (a SQLite catalog declares them so, as DuckDB's sqlite scanner does when the extension creates one) and the
 * primary keys. Two versions: 1.0, the stable specification, and 1.1-dev1, what the extension's development build
 * writes (1.0's tables, plus the columns and the table {@link #V1_1_ADDS} names, as its {@code MigrateV10} adds
 * them; its inlined-data tables name their system columns {@code _ducklake_row_id}, ...). Inlined-data tables
 * ({@code ducklake_inlined_data_<table>_<schema version>}) come and go with the tables and are not listed here.
 */
public final class SpecTables {

	/** DuckLake 1.0, the stable specification: what a new catalog is unless asked for another. */
	public static final String V1_0 = "1.0";

	/** DuckLake 1.1 as the extension's development build writes it: the latest this code knows. */
	public static final String V1_1 = "1.1-dev1";

	/** The versions a catalog may be created at, oldest first. */
	public static final List<String> VERSIONS = List.of(V1_0, V1_1);

	private static final String[] DEFS = {
			"ducklake_metadata(key VARCHAR NOT NULL, value VARCHAR NOT NULL, scope VARCHAR, scope_id BIGINT)",
			"ducklake_snapshot(snapshot_id BIGINT PRIMARY KEY, snapshot_time TIMESTAMP WITH TIME ZONE,"
					+ " schema_version BIGINT, next_catalog_id BIGINT, next_file_id BIGINT)",
			"ducklake_snapshot_changes(snapshot_id BIGINT PRIMARY KEY, changes_made VARCHAR, author VARCHAR,"
					+ " commit_message VARCHAR, commit_extra_info VARCHAR)",
			"ducklake_schema(schema_id BIGINT, schema_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT,"
					+ " schema_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN)",
			"ducklake_table(table_id BIGINT, table_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT,"
					+ " schema_id BIGINT, table_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN)",
			"ducklake_view(view_id BIGINT, view_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_id BIGINT,"
					+ " view_name VARCHAR, dialect VARCHAR, sql VARCHAR, column_aliases VARCHAR)",
			"ducklake_tag(object_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, key VARCHAR, value VARCHAR)",
			"ducklake_column_tag(table_id BIGINT, column_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT,"
					+ " key VARCHAR, value VARCHAR)",
			"ducklake_data_file(data_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT,"
					+ " end_snapshot BIGINT, file_order BIGINT, path VARCHAR, path_is_relative BOOLEAN, file_format VARCHAR,"
					+ " record_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, row_id_start BIGINT,"
					+ " partition_id BIGINT, encryption_key VARCHAR, mapping_id BIGINT, partial_max BIGINT)",
			"ducklake_file_column_stats(data_file_id BIGINT, table_id BIGINT, column_id BIGINT,"
					+ " column_size_bytes BIGINT, value_count BIGINT, null_count BIGINT, min_value VARCHAR,"
					+ " max_value VARCHAR, contains_nan BOOLEAN, extra_stats VARCHAR)",
			"ducklake_file_variant_stats(data_file_id BIGINT, table_id BIGINT, column_id BIGINT, variant_path VARCHAR,"
					+ " shredded_type VARCHAR, column_size_bytes BIGINT, value_count BIGINT, null_count BIGINT,"
					+ " min_value VARCHAR, max_value VARCHAR, contains_nan BOOLEAN, extra_stats VARCHAR)",
			"ducklake_delete_file(delete_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT,"
					+ " end_snapshot BIGINT, data_file_id BIGINT, path VARCHAR, path_is_relative BOOLEAN, format VARCHAR,"
					+ " delete_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, encryption_key VARCHAR,"
					+ " partial_max BIGINT)",
			"ducklake_column(column_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, table_id BIGINT,"
					+ " column_order BIGINT, column_name VARCHAR, column_type VARCHAR, initial_default VARCHAR,"
					+ " default_value VARCHAR, nulls_allowed BOOLEAN, parent_column BIGINT, default_value_type VARCHAR,"
					+ " default_value_dialect VARCHAR)",
			"ducklake_table_stats(table_id BIGINT, record_count BIGINT, next_row_id BIGINT, file_size_bytes BIGINT)",
			"ducklake_table_column_stats(table_id BIGINT, column_id BIGINT, contains_null BOOLEAN, contains_nan BOOLEAN,"
					+ " min_value VARCHAR, max_value VARCHAR, extra_stats VARCHAR)",
			"ducklake_partition_info(partition_id BIGINT, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT)",
			"ducklake_partition_column(partition_id BIGINT, table_id BIGINT, partition_key_index BIGINT,"
					+ " column_id BIGINT, transform VARCHAR)",
			"ducklake_file_partition_value(data_file_id BIGINT, table_id BIGINT, partition_key_index BIGINT,"
					+ " partition_value VARCHAR)",
			"ducklake_files_scheduled_for_deletion(data_file_id BIGINT, path VARCHAR, path_is_relative BOOLEAN,"
					+ " schedule_start TIMESTAMP WITH TIME ZONE)",
			"ducklake_inlined_data_tables(table_id BIGINT, table_name VARCHAR, schema_version BIGINT)",
			"ducklake_column_mapping(mapping_id BIGINT, table_id BIGINT, type VARCHAR)",
			"ducklake_name_mapping(mapping_id BIGINT, column_id BIGINT, source_name VARCHAR, target_field_id BIGINT,"
					+ " parent_column BIGINT, is_partition BOOLEAN)",
			"ducklake_schema_versions(begin_snapshot BIGINT, schema_version BIGINT, table_id BIGINT)",
			"ducklake_macro(schema_id BIGINT, macro_id BIGINT, macro_name VARCHAR, begin_snapshot BIGINT,"
					+ " end_snapshot BIGINT)",
			"ducklake_macro_impl(macro_id BIGINT, impl_id BIGINT, dialect VARCHAR, sql VARCHAR, type VARCHAR)",
			"ducklake_macro_parameters(macro_id BIGINT, impl_id BIGINT, column_id BIGINT, parameter_name VARCHAR,"
					+ " parameter_type VARCHAR, default_value VARCHAR, default_value_type VARCHAR)",
			"ducklake_sort_info(sort_id BIGINT, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT)",
			"ducklake_sort_expression(sort_id BIGINT, table_id BIGINT, sort_key_index BIGINT, expression VARCHAR,"
					+ " dialect VARCHAR, sort_direction VARCHAR, null_order VARCHAR)" };

	/** What 1.1-dev1 adds to 1.0: columns after a table's last (table name, then its new columns) and one table. */
	static final String[] V1_1_ADDS = { "ducklake_data_file(row_group_count BIGINT)",
			"ducklake_delete_file(row_group_count BIGINT)",
			"ducklake_file_column_stats(min_is_exact BOOLEAN, max_is_exact BOOLEAN)",
			"ducklake_table_column_stats(min_is_exact BOOLEAN, max_is_exact BOOLEAN)",
			"ducklake_view_column_tag(view_id BIGINT, column_name VARCHAR, begin_snapshot BIGINT, end_snapshot BIGINT,"
					+ " key VARCHAR, value VARCHAR)" };

	private static final String[] DEFS_1_1 = withAdditions();

	private SpecTables() {
	}

	private static String[] withAdditions() {
		List<String> out = new ArrayList<>(List.of(DEFS));
		for (String add : V1_1_ADDS) {
			String table = add.substring(0, add.indexOf('('));
			String cols = add.substring(add.indexOf('(') + 1, add.length() - 1);
			int at = out.indexOf(out.stream().filter(d -> d.startsWith(table + "(")).findFirst().orElse(null));
			if (at < 0) {
				out.add(add);
			} else {
				String d = out.get(at);
				out.set(at, d.substring(0, d.length() - 1) + ", " + cols + ")");
			}
		}
		return out.toArray(String[]::new);
	}

	/** Whether {@code version} is one a catalog can be created at here. */
	public static boolean known(String version) {
		return VERSIONS.contains(version);
	}

	/** Whether a catalog of {@code version} has what 1.1 adds. */
	public static boolean isV1_1(String version) {
		return V1_1.equals(version);
	}

	private static String[] defs(String version) {
		if (!known(version)) {
			throw new IllegalArgumentException("DuckLake " + version);
		}
		return isV1_1(version) ? DEFS_1_1 : DEFS;
	}

	/** CREATE TABLE statements for a new catalog of {@code version}. */
	public static List<String> createStatements(String version) {
		List<String> out = new ArrayList<>();
		for (String d : defs(version)) {
			out.add("CREATE TABLE " + d);
		}
		return out;
	}

	/** The CREATE TABLE statement of one of them, as {@code version} has it. */
	static String createStatement(String version, String table) {
		for (String d : defs(version)) {
			if (d.startsWith(table + "(")) {
				return "CREATE TABLE " + d;
			}
		}
		throw new IllegalArgumentException(table);
	}

	/** Table name to its columns (name to type), in order, as {@code version} has them. */
	public static Map<String, Map<String, String>> tables(String version) {
		Map<String, Map<String, String>> out = new LinkedHashMap<>();
		for (String d : defs(version)) {
			int open = d.indexOf('(');
			Map<String, String> cols = new LinkedHashMap<>();
			for (String c : d.substring(open + 1, d.length() - 1).split(",")) {
				String t = c.strip().replace(" PRIMARY KEY", "").replace(" NOT NULL", "");
				int sp = t.indexOf(' ');
				cols.put(t.substring(0, sp), t.substring(sp + 1));
			}
			out.put(d.substring(0, open), cols);
		}
		return out;
	}
}
