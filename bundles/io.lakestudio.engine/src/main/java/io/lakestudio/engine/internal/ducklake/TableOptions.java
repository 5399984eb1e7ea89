package io.lakestudio.engine.internal.ducklake;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * Options of one table ({@code set_option(..., table_name => 't' [, schema => 's'])}, kept in
 * {@code ducklake_metadata} with scope {@code table} as the extension keeps them), and the options a table's writes
 * go by: the catalog's, each overridden by the table's own.
 */
final class TableOptions {

	private static final Pattern NAMED = Pattern.compile("(?is)^\\s*(table_name|schema)\\s*=>\\s*'((?:[^']|'')*)'\\s*$");

	private TableOptions() {
	}

	/** The options that are booleans, refused (nothing written) when their value is none. */
	private static final java.util.Set<String> BOOLEANS = java.util.Set.of("sort_on_insert", "hive_file_pattern",
			DeletionVectorWrites.OPTION);

	/** Sets a table's option when the call names a table; false when it doesn't (a catalog-wide option). */
	static boolean set(Attached a, List<String> args) throws EngineException, DuckLakeException {
		if (BOOLEANS.contains(args.get(0).toLowerCase(java.util.Locale.ROOT))
				&& !args.get(1).toLowerCase(java.util.Locale.ROOT).matches("true|false|1|0|t|f")) {
			throw new EngineException(Kind.FAILED, "Conversion Error: Could not convert string '" + args.get(1)
					+ "' to BOOL");
		}
		String table = null;
		String schema = null;
		for (String arg : args.subList(2, args.size())) {
			Matcher m = NAMED.matcher(arg);
			if (m.matches()) {
				String v = m.group(2).replace("''", "'");
				if (m.group(1).equalsIgnoreCase("table_name")) {
					table = v;
				} else {
					schema = v;
				}
			}
		}
		if (table == null && schema == null) {
			return false;
		}
		if (table == null) {
			String name = schema;
			SchemaEntry s = a.view().schema(schema).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Catalog Error: Schema with name " + name + " does not exist!"));
			a.catalog.store().setSchemaOption(s.id(), args.get(0), args.get(1));
			return true;
		}
		String name = table;
		TableEntry t = a.view().table(schema == null ? "main" : schema, table).orElseThrow(() -> new EngineException(
				Kind.FAILED, "Catalog Error: Table with name " + name + " does not exist!"));
		a.catalog.store().setTableOption(t.id(), args.get(0), args.get(1));
		return true;
	}

	/** The options a write to table {@code t} goes by: the catalog's, its schema's over them, its own over both. */
	static Map<String, String> of(Attached a, TableEntry t) throws DuckLakeException {
		Map<String, String> out = new LinkedHashMap<>(a.catalog.store().metadata());
		out.putAll(a.catalog.store().schemaOptions(t.schemaId()));
		out.putAll(a.catalog.store().tableOptions(t.id()));
		return out;
	}
}
