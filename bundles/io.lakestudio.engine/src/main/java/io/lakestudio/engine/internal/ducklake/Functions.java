package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * The extension's table functions, each answered from the catalog into a temp table with the extension's columns:
 * {@code ducklake_snapshots}, {@code ducklake_current_snapshot}, {@code ducklake_last_committed_snapshot},
 * {@code ducklake_table_info}, {@code ducklake_list_files}, {@code ducklake_settings} and {@code ducklake_options}.
 */
final class Functions {

	/** changes_made's entry kinds as ducklake_snapshots names them. */
	private static final Map<String, String> KEYS = Map.ofEntries(Map.entry("created_schema", "schemas_created"),
			Map.entry("created_table", "tables_created"), Map.entry("created_view", "views_created"),
			Map.entry("inserted_into_table", "tables_inserted_into"),
			Map.entry("deleted_from_table", "tables_deleted_from"), Map.entry("dropped_table", "tables_dropped"),
			Map.entry("dropped_schema", "schemas_dropped"), Map.entry("dropped_view", "views_dropped"),
			Map.entry("altered_table", "tables_altered"), Map.entry("altered_view", "views_altered"),
			Map.entry("compacted_table", "tables_compacted"),
			Map.entry("created_scalar_macro", "scalar_macros_created"),
			Map.entry("created_table_macro", "table_macros_created"),
			Map.entry("dropped_scalar_macro", "scalar_macros_dropped"),
			Map.entry("dropped_table_macro", "table_macros_dropped"));

	private Functions() {
	}

	static String answer(Connection d, String name, Attached a, List<String> args, Map<String, String> named)
			throws SQLException, DuckLakeException, EngineException {
		String table = "__dl_fn_" + name;
		List<String> sql = new ArrayList<>();
		switch (name) {
		case "ducklake_snapshots" -> {
			sql.add("CREATE OR REPLACE TEMP TABLE " + table + " (snapshot_id BIGINT, snapshot_time TIMESTAMPTZ,"
					+ " schema_version BIGINT, changes MAP(VARCHAR, VARCHAR[]), author VARCHAR, commit_message VARCHAR,"
					+ " commit_extra_info VARCHAR)");
			List<String> rows = new ArrayList<>();
			for (Snapshot s : a.catalog.store().snapshots()) {
				rows.add("(" + s.id() + ", " + Sql.string(s.time().toString()) + "::TIMESTAMPTZ, " + s.schemaVersion()
						+ ", " + changes(s.changesMade()) + ", " + text(s.author()) + ", " + text(s.commitMessage())
						+ ", NULL)");
			}
			sql.add("INSERT INTO " + table + " VALUES " + String.join(", ", rows));
		}
		case "ducklake_current_snapshot" -> {
			sql.add("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT " + a.catalog.current().id() + "::BIGINT AS id");
		}
		case "ducklake_last_committed_snapshot" -> {
			java.util.OptionalLong last = a.lastCommitted();
			sql.add("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT " + (last.isPresent() ? last.getAsLong()
					: "NULL") + "::BIGINT AS id");
		}
		case "ducklake_table_info" -> {
			sql.add("CREATE OR REPLACE TEMP TABLE " + table + " (table_name VARCHAR, schema_id BIGINT, table_id BIGINT,"
					+ " table_uuid UUID, file_count BIGINT, file_size_bytes BIGINT, delete_file_count BIGINT,"
					+ " delete_file_size_bytes BIGINT)");
			CatalogAt cat = a.view();
			for (TableEntry t : cat.tables()) {
				ReadPlan p = ReadPlan.of(a.catalog.store(), a.snapshot(), a.pendingOrNull(), t.id());
				long n = 0, size = 0, dn = 0, dsize = 0;
				for (ReadPlan.Part part : p.parts()) {
					n++;
					size += part.data().fileSizeBytes();
					if (part.deletes() != null) {
						dn++;
						dsize += part.deletes().fileSizeBytes();
					}
				}
				sql.add("INSERT INTO " + table + " VALUES (" + Sql.string(t.name()) + ", " + t.schemaId() + ", "
						+ t.id() + ", " + Sql.string(t.uuid()) + ", " + n + ", " + size + ", " + dn + ", " + dsize + ")");
			}
		}
		case "ducklake_list_files" -> {
			if (args.size() < 2) {
				throw new EngineException(Kind.FAILED, "ducklake_list_files(catalog, table [, schema => ...])");
			}
			sql.add("CREATE OR REPLACE TEMP TABLE " + table + " (data_file VARCHAR, data_file_size_bytes UBIGINT,"
					+ " data_file_footer_size UBIGINT, data_file_encryption_key BLOB, delete_file VARCHAR,"
					+ " delete_file_size_bytes UBIGINT, delete_file_footer_size UBIGINT,"
					+ " delete_file_encryption_key BLOB)");
			CatalogAt cat = a.view();
			String schemaName = named.getOrDefault("schema", "main");
			Snapshot at = a.snapshot();
			if (named.containsKey("snapshot_version") && named.containsKey("snapshot_time")) {
				throw new EngineException(Kind.FAILED, "Invalid Input Error: ducklake_list_files takes snapshot_version"
						+ " or snapshot_time, not both");
			}
			if (named.containsKey("snapshot_version")) {
				at = a.catalog.store().snapshot(Long.parseLong(named.get("snapshot_version"))).orElseThrow(
						() -> new EngineException(Kind.FAILED, "no snapshot " + named.get("snapshot_version")));
				cat = a.catalog.store().at(at);
			} else if (named.containsKey("snapshot_time")) {
				at = a.catalog.store().snapshotAt(Times.instant(named.get("snapshot_time"))).orElseThrow(
						() -> new EngineException(Kind.FAILED, "Invalid Input Error: No snapshot found at timestamp "
								+ named.get("snapshot_time")));
				cat = a.catalog.store().at(at);
			}
			TableEntry t = cat.table(schemaName, args.get(1)).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Catalog Error: Table with name " + args.get(1) + " does not exist!"));
			SchemaEntry schema = cat.schemaOf(t).orElseThrow();
			for (ReadPlan.Part part : ReadPlan.of(a.catalog.store(), at, at.id() == a.snapshot().id()
					? a.pendingOrNull() : null, t.id()).parts()) {
				DataFile f = part.data();
				DeleteFile del = part.deletes();
				sql.add("INSERT INTO " + table + " VALUES (" + Sql.string(a.catalog.resolve(schema, t, f.path(),
						f.relative())) + ", " + f.fileSizeBytes() + ", " + f.footerSize() + ", NULL, "
						+ (del == null ? "NULL, NULL, NULL"
								: Sql.string(a.catalog.resolve(schema, t, del.path(), del.relative())) + ", "
										+ del.fileSizeBytes() + ", " + del.footerSize())
						+ ", NULL)");
			}
		}
		case "ducklake_settings" -> {
			// the metadata database's kind, the DuckLake version the catalog is in, its data path
			String url = a.catalog.url();
			String type = url.startsWith("ducklake:sqlite:") ? "sqlite" : url.startsWith(MoraineAttach.PREFIX)
					? "moraine" : "duckdb";
			sql.add("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT " + Sql.string(type) + " AS catalog_type, "
					+ text(a.catalog.store().metadata().get("version")) + "::VARCHAR AS extension_version, "
					+ Sql.string(a.catalog.dataPath()) + " AS data_path");
		}
		case "ducklake_options" -> {
			// every option set, where it is set: the catalog's, a schema's (its name), a table's (schema.table);
			// no description (the extension's texts are not kept here)
			sql.add("CREATE OR REPLACE TEMP TABLE " + table + " (option_name VARCHAR, description VARCHAR,"
					+ " value VARCHAR, scope VARCHAR, scope_entry VARCHAR)");
			CatalogAt cat = a.view();
			options(sql, table, a.catalog.store().metadata(), "GLOBAL", null);
			for (SchemaEntry s : cat.schemas()) {
				options(sql, table, a.catalog.store().schemaOptions(s.id()), "SCHEMA", s.name());
			}
			for (TableEntry t : cat.tables()) {
				options(sql, table, a.catalog.store().tableOptions(t.id()), "TABLE", cat.schemaOf(t).orElseThrow()
						.name() + "." + t.name());
			}
		}
		default -> throw new EngineException(Kind.REFUSED, "refused: " + name + " is not answered here yet");
		}
		try (Statement s = d.createStatement()) {
			for (String x : sql) {
				s.execute(x);
			}
		}
		return table;
	}

	/** {@code changes_made} as the extension's map: kind to names (created) or ids. */
	static String changes(String made) {
		Map<String, List<String>> m = new LinkedHashMap<>();
		for (String e : made == null || made.isEmpty() ? new String[0] : made.split(",(?=[a-z_]+:)")) {
			int colon = e.indexOf(':');
			String kind = colon < 0 ? e : e.substring(0, colon);
			String what = colon < 0 ? "" : e.substring(colon + 1);
			if (what.startsWith("\"")) {
				what = what.replaceAll("\"((?:[^\"]|\"\")*)\"", "$1").replace("\"\"", "\"");
			}
			m.computeIfAbsent(KEYS.getOrDefault(kind, kind), k -> new ArrayList<>()).add(what);
		}
		if (m.isEmpty()) {
			return "MAP {}::MAP(VARCHAR, VARCHAR[])";
		}
		List<String> entries = new ArrayList<>();
		for (Map.Entry<String, List<String>> e : m.entrySet()) {
			entries.add(Sql.string(e.getKey()) + ": [" + String.join(", ", e.getValue().stream().map(Sql::string)
					.toList()) + "]");
		}
		return "MAP {" + String.join(", ", entries) + "}";
	}

	private static void options(List<String> sql, String table, Map<String, String> options, String scope,
			String entry) {
		options.forEach((k, v) -> sql.add("INSERT INTO " + table + " VALUES (" + Sql.string(k) + ", NULL, " + text(v)
				+ ", '" + scope + "', " + text(entry) + ")"));
	}

	private static String text(String s) {
		return s == null ? "NULL" : Sql.string(s);
	}
}
