package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.ViewEntry;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.internal.Sql;

/**
 * DuckDB's {@code duckdb_tables()} while DuckLake catalogs are attached: the kind's DuckDB's own rows (the
 * session's temp tables; its internal {@code __dl_*} tables left out) and one row per table each attached catalog
 * shows this session, as the extension reports them: estimated_size the live rows, column_count the columns; and
 * {@code information_schema.tables} likewise, with each catalog's views as table_type VIEW.
 */
final class SystemTables {

	static final String DUCKDB_TABLES = "__dl_fn_duckdb_tables";
	static final String INFORMATION_SCHEMA_TABLES = "__dl_fn_information_schema_tables";
	static final String INFORMATION_SCHEMA_COLUMNS = "__dl_fn_information_schema_columns";

	/** The temp view a DuckLake view is read through, made if need be (so its columns are DuckDB's to bind). */
	interface ViewMaker {
		String make(Attached a, String schema, String name) throws EngineException, DuckLakeException, SQLException;
	}

	private SystemTables() {
	}

	static String duckdbTables(Connection d, Iterable<Attached> attached) throws SQLException, DuckLakeException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			CatalogAt cat = a.view();
			for (TableEntry t : cat.tables()) {
				long live = liveRows(a, t.id());
				String schema = cat.schemaOf(t).map(s -> s.name()).orElse("main");
				rows.add("(" + Sql.string(a.name) + ", " + Sql.string(schema) + ", " + Sql.string(t.name()) + ", "
						+ t.id() + ", " + live + ", " + cat.columns(t.id()).size() + ", "
						+ CommentTables.nullable(Comments.of(a, t.id())) + ")");
			}
			if (Listings.explicitMetadata(a)) {
				// METADATA_CATALOG named: the extension lists the metadata catalog's tables too (a default one it hides)
				String version = a.catalog.store().metadata().get("version");
				for (String table : io.lakestudio.ducklake.SpecTableColumns.names(version)) {
					rows.add("(" + Sql.string(a.metadataName) + ", 'main', " + Sql.string(table) + ", 0, NULL, "
							+ io.lakestudio.ducklake.SpecTableColumns.of(version, table).size() + ", NULL)");
				}
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + DUCKDB_TABLES + " AS SELECT * FROM duckdb_tables()"
					+ " WHERE NOT starts_with(table_name, '__dl_')");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + DUCKDB_TABLES + " BY NAME SELECT database_name, schema_name, table_name,"
						+ " table_oid, estimated_size, column_count, comment, MAP {} :: MAP(VARCHAR, VARCHAR) AS tags, false AS internal,"
						+ " false AS temporary, false AS has_primary_key, 0 AS index_count, 0 AS check_constraint_count FROM"
						+ " (VALUES " + String.join(", ", rows) + ") t(database_name, schema_name, table_name, table_oid,"
						+ " estimated_size, column_count, comment)");
			}
		}
		return DUCKDB_TABLES;
	}

	/** The table's live rows at the session's snapshot: its files' less their deletes, and the rows kept inline. */
	private static long liveRows(Attached a, long tableId) throws DuckLakeException {
		var store = a.catalog.store();
		Map<Long, Map<Long, Long>> inlineDeletes = store.inlinedFileDeletes(tableId, a.snapshot().id());
		long live = store.inlinedRows(tableId, a.snapshot().id()).size();
		for (ReadPlan.Part p : ReadPlan.of(store, a.snapshot(), a.pendingOrNull(), tableId).parts()) {
			live += p.data().recordCount() - (p.deletes() == null ? 0 : p.deletes().deleteCount())
					- inlineDeletes.getOrDefault(p.data().id(), Map.of()).size();
		}
		return live;
	}

	static String informationSchemaTables(Connection d, Iterable<Attached> attached) throws SQLException,
			DuckLakeException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			CatalogAt cat = a.view();
			for (TableEntry t : cat.tables()) {
				String schema = cat.schemaOf(t).map(x -> x.name()).orElse("main");
				rows.add("(" + Sql.string(a.name) + ", " + Sql.string(schema) + ", " + Sql.string(t.name())
						+ ", 'BASE TABLE', 'YES')");
			}
			for (ViewEntry v : cat.views()) {
				rows.add("(" + Sql.string(a.name) + ", " + Sql.string(schemaOf(cat, v)) + ", " + Sql.string(v.name())
						+ ", 'VIEW', 'NO')");
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + INFORMATION_SCHEMA_TABLES + " AS SELECT * FROM"
					+ " information_schema.tables WHERE NOT starts_with(table_name, '__dl_')");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + INFORMATION_SCHEMA_TABLES + " BY NAME SELECT *, 'NO' AS is_typed FROM (VALUES "
						+ String.join(", ", rows) + ") t(table_catalog, table_schema, table_name, table_type,"
						+ " is_insertable_into)");
			}
		}
		return INFORMATION_SCHEMA_TABLES;
	}

	/**
	 * information_schema.columns: a table's columns as the catalog has them, a view's as DuckDB binds its query
	 * (none for a view whose query doesn't bind).
	 */
	static String informationSchemaColumns(Connection d, Iterable<Attached> attached, ViewMaker views)
			throws SQLException, DuckLakeException, EngineException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			CatalogAt cat = a.view();
			for (TableEntry t : cat.tables()) {
				String schema = cat.schemaOf(t).map(x -> x.name()).orElse("main");
				int n = 0;
				for (ColumnEntry c : cat.columns(t.id())) {
					rows.add("(" + Sql.string(a.name) + ", " + Sql.string(schema) + ", " + Sql.string(t.name()) + ", "
							+ Sql.string(c.name()) + ", " + (++n) + ", " + (c.defaultValue() == null ? "NULL"
									: Sql.string(c.defaultValue())) + ", " + Sql.string(c.nullsAllowed() ? "YES" : "NO") + ", "
							+ Sql.string(NestedTypes.duckType(c)) + ")");
				}
			}
			for (ViewEntry v : cat.views()) {
				String schema = schemaOf(cat, v);
				List<String[]> cols = viewColumns(d, a, schema, v, views);
				for (int n = 0; n < cols.size(); n++) {
					rows.add("(" + Sql.string(a.name) + ", " + Sql.string(schema) + ", " + Sql.string(v.name()) + ", "
							+ Sql.string(cols.get(n)[0]) + ", " + (n + 1) + ", NULL, 'YES', " + Sql.string(cols.get(n)[1])
							+ ")");
				}
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + INFORMATION_SCHEMA_COLUMNS + " AS SELECT * FROM"
					+ " information_schema.columns WHERE NOT starts_with(table_name, '__dl_')");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + INFORMATION_SCHEMA_COLUMNS + " BY NAME SELECT * FROM (VALUES "
						+ String.join(", ", rows) + ") t(table_catalog, table_schema, table_name, column_name,"
						+ " ordinal_position, column_default, is_nullable, data_type)");
			}
		}
		return INFORMATION_SCHEMA_COLUMNS;
	}

	/**
	 * {@code SHOW ALL TABLES} inside a query while DuckLake catalogs are attached: DuckDB's own rows (its internal
	 * {@code __dl_*} objects left out) and each attached catalog's tables and views, as the extension lists them;
	 * never the metadata catalog's tables, which the extension hides.
	 */
	static String showAllTables(Connection d, Iterable<Attached> attached, ViewMaker views) throws SQLException,
			DuckLakeException, EngineException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			CatalogAt cat = a.view();
			for (TableEntry t : cat.tables()) {
				List<String> names = new ArrayList<>();
				List<String> types = new ArrayList<>();
				for (ColumnEntry c : cat.columns(t.id())) {
					names.add(Sql.string(c.name()));
					types.add(Sql.string(NestedTypes.duckType(c)));
				}
				rows.add(showRow(a, cat.schemaOf(t).map(x -> x.name()).orElse("main"), t.name(), names, types));
			}
			for (ViewEntry v : cat.views()) {
				String schema = schemaOf(cat, v);
				List<String[]> cols = viewColumns(d, a, schema, v, views);
				rows.add(showRow(a, schema, v.name(), cols.stream().map(c -> Sql.string(c[0])).toList(),
						cols.stream().map(c -> Sql.string(c[1])).toList()));
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + SHOW_ALL_TABLES + " AS SELECT * FROM (SHOW ALL TABLES)"
					+ " WHERE NOT starts_with(name, '__dl_')");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + SHOW_ALL_TABLES + " BY NAME SELECT * FROM (VALUES " + String.join(", ", rows)
						+ ") t(database, schema, name, column_names, column_types, temporary)");
			}
		}
		return SHOW_ALL_TABLES;
	}

	static final String SHOW_ALL_TABLES = "__dl_fn_show_all_tables";

	private static String showRow(Attached a, String schema, String name, List<String> names, List<String> types) {
		return "(" + Sql.string(a.name) + ", " + Sql.string(schema) + ", " + Sql.string(name) + ", ["
				+ String.join(", ", names) + "]::VARCHAR[], [" + String.join(", ", types) + "]::VARCHAR[], false)";
	}

	static String schemaOf(CatalogAt cat, ViewEntry v) {
		return cat.schemas().stream().filter(x -> x.id() == v.schemaId()).findFirst().map(x -> x.name()).orElse("main");
	}

	/**
	 * A view's columns as DuckDB binds its query: name and type; none for a view whose query doesn't bind here (it
	 * names a catalog not attached in this session, as a frozen FDL version's view names the one it was written in),
	 * so the listing of every other table and view stands.
	 */
	static List<String[]> viewColumns(Connection d, Attached a, String schema, ViewEntry v, ViewMaker views)
			throws SQLException, DuckLakeException {
		List<String[]> out = new ArrayList<>();
		try (Statement s = d.createStatement();
				java.sql.ResultSet r = s.executeQuery("DESCRIBE " + Sql.ident(views.make(a, schema, v.name())))) {
			while (r.next()) {
				out.add(new String[] { r.getString(1), r.getString(2) });
			}
		} catch (EngineException | SQLException e) {
			return List.of();
		}
		return out;
	}
}
