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
import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.ViewEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * DuckDB's {@code duckdb_views()} and {@code duckdb_columns()} while DuckLake catalogs are attached: the kind's
 * DuckDB's own rows (its internal {@code __dl_*} objects left out) and those of each attached catalog's views and
 * tables' and views' columns as this session sees them, with their comments ({@link Comments}).
 */
final class CommentTables {

	static final String DUCKDB_VIEWS = "__dl_fn_duckdb_views";
	static final String DUCKDB_COLUMNS = "__dl_fn_duckdb_columns";

	private CommentTables() {
	}

	static String duckdbViews(Connection d, Iterable<Attached> attached) throws SQLException, DuckLakeException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			CatalogAt cat = a.view();
			for (ViewEntry v : cat.views()) {
				String schema = SystemTables.schemaOf(cat, v);
				rows.add("(" + Sql.string(a.name) + ", " + Sql.string(schema) + ", " + Sql.string(v.name()) + ", " + v.id()
						+ ", " + nullable(Comments.of(a, v.id())) + ", " + Sql.string(v.sql()) + ")");
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + DUCKDB_VIEWS + " AS SELECT * FROM duckdb_views()"
					+ " WHERE NOT starts_with(view_name, '__dl_')");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + DUCKDB_VIEWS + " BY NAME SELECT *, false AS internal, false AS temporary"
						+ " FROM (VALUES " + String.join(", ", rows) + ") t(database_name, schema_name, view_name, view_oid,"
						+ " comment, sql)");
			}
		}
		return DUCKDB_VIEWS;
	}

	static String duckdbColumns(Connection d, Iterable<Attached> attached, SystemTables.ViewMaker views)
			throws SQLException, DuckLakeException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			CatalogAt cat = a.view();
			for (TableEntry t : cat.tables()) {
				String schema = cat.schemaOf(t).map(x -> x.name()).orElse("main");
				Map<Long, String> comments = Comments.ofColumns(a, t.id());
				int n = 0;
				for (ColumnEntry c : cat.columns(t.id())) {
					rows.add("(" + Sql.string(a.name) + ", " + Sql.string(schema) + ", " + Sql.string(t.name()) + ", "
							+ t.id() + ", " + Sql.string(c.name()) + ", " + (++n) + ", " + nullable(comments.get(c.id()))
							+ ", " + nullable(c.defaultValue()) + ", " + c.nullsAllowed() + ", "
							+ Sql.string(DuckLakeTypes.toDuckDb(c.type())) + ")");
				}
			}
			for (ViewEntry v : cat.views()) {
				String schema = SystemTables.schemaOf(cat, v);
				Map<String, String> comments = Comments.ofViewColumns(a, v.id());
				List<String[]> cols = SystemTables.viewColumns(d, a, schema, v, views);
				for (int n = 0; n < cols.size(); n++) {
					rows.add("(" + Sql.string(a.name) + ", " + Sql.string(schema) + ", " + Sql.string(v.name()) + ", "
							+ v.id() + ", " + Sql.string(cols.get(n)[0]) + ", " + (n + 1) + ", "
							+ nullable(comments.get(cols.get(n)[0])) + ", NULL, true, " + Sql.string(cols.get(n)[1]) + ")");
				}
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + DUCKDB_COLUMNS + " AS SELECT * FROM duckdb_columns()"
					+ " WHERE NOT starts_with(table_name, '__dl_')");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + DUCKDB_COLUMNS + " BY NAME SELECT *, false AS internal FROM (VALUES "
						+ String.join(", ", rows) + ") t(database_name, schema_name, table_name, table_oid, column_name,"
						+ " column_index, comment, column_default, is_nullable, data_type)");
			}
		}
		return DUCKDB_COLUMNS;
	}

	static String nullable(String v) {
		return v == null ? "NULL" : Sql.string(v);
	}
}
