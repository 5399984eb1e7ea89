package io.lakestudio.engine.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.ReadOnlyCatalog.TableWithColumns;
import io.lakestudio.catalog.Workspace;

/**
 * SHOW ALL TABLES, DESCRIBE of a lake table and information_schema answered from the catalog, as the tree and
 * the command line see it, with no table's data or log touched. Each lakehouse is a database named
 * {@code workspace/item}; a lakehouse without schemas has its tables in the schema "" .
 */
public final class CatalogAnswers {

	public static final String ALL_TABLES = "__ls_all_tables";
	private static final int CHUNK = 500;

	private CatalogAnswers() {
	}

	/** The database name of an item: {@code workspace/item}. */
	static Map<String, String> databases(ReadOnlyCatalog c) {
		Map<String, String> ws = new HashMap<>();
		for (Workspace w : c.workspaces()) {
			ws.put(w.id(), w.name());
		}
		Map<String, String> out = new HashMap<>();
		for (Item i : c.allItems()) {
			out.put(i.id(), ws.getOrDefault(i.workspaceId(), i.workspaceId()) + "/" + i.name());
		}
		return out;
	}

	/** Fills {@value #ALL_TABLES} (SHOW ALL TABLES' columns) and returns the query over it. */
	public static String allTables(Connection d, ReadOnlyCatalog c) throws SQLException {
		Map<String, String> dbs = databases(c);
		List<String> rows = new ArrayList<>();
		for (TableWithColumns t : c.allTables()) {
			if (t.table().dropped()) {
				continue;
			}
			rows.add("(" + Sql.string(dbs.getOrDefault(t.table().itemId(), t.table().itemId())) + ", "
					+ Sql.string(t.table().schema()) + ", " + Sql.string(t.table().name()) + ", "
					+ list(t.columns().stream().map(LakeColumn::name).toList()) + ", "
					+ list(t.columns().stream().map(LakeColumn::type).toList()) + ", false)");
		}
		fill(d, ALL_TABLES, "database VARCHAR, schema VARCHAR, name VARCHAR, column_names VARCHAR[],"
				+ " column_types VARCHAR[], temporary BOOLEAN", rows);
		return "SELECT * FROM " + Sql.own(ALL_TABLES) + " ORDER BY database, schema, name";
	}

	/** DESCRIBE's columns for a table, from its catalog columns; null when its metadata was never read. */
	public static String describe(Connection d, ReadOnlyCatalog c, LakeTable t) throws SQLException {
		List<LakeColumn> cols = c.columns(t.id());
		if (cols.isEmpty()) {
			return null;
		}
		List<String> rows = new ArrayList<>();
		for (LakeColumn col : cols) {
			rows.add("(" + col.ordinal() + ", " + Sql.string(col.name()) + ", " + Sql.string(col.type()) + ", "
					+ Sql.string(col.nullable() ? "YES" : "NO") + ", " + (col.partition() ? "'partition'" : "NULL")
					+ ")");
		}
		fill(d, "__ls_describe", "o INTEGER, column_name VARCHAR, column_type VARCHAR, \"null\" VARCHAR,"
				+ " extra VARCHAR", rows);
		return "SELECT column_name, column_type, \"null\", extra FROM " + Sql.own("__ls_describe") + " ORDER BY o";
	}

	/**
	 * Fills the temp table standing for {@code information_schema.<name>} (tables, columns, schemata) and returns
	 * its name, or null for a view of information_schema the catalog doesn't answer.
	 */
	public static String informationSchema(Connection d, ReadOnlyCatalog c, String name) throws SQLException {
		String n = name.toLowerCase(Locale.ROOT);
		Map<String, String> dbs = databases(c);
		List<String> rows = new ArrayList<>();
		String table = "__ls_info_" + n;
		switch (n) {
		case "tables" -> {
			for (TableWithColumns t : c.allTables()) {
				if (!t.table().dropped()) {
					rows.add("(" + Sql.string(dbs.getOrDefault(t.table().itemId(), "")) + ", "
							+ Sql.string(t.table().schema()) + ", " + Sql.string(t.table().name())
							+ ", 'BASE TABLE', " + Sql.string(t.table().format()) + ")");
				}
			}
			fill(d, table, "table_catalog VARCHAR, table_schema VARCHAR, table_name VARCHAR, table_type VARCHAR,"
					+ " table_format VARCHAR", rows);
		}
		case "columns" -> {
			for (TableWithColumns t : c.allTables()) {
				if (t.table().dropped()) {
					continue;
				}
				for (LakeColumn col : t.columns()) {
					rows.add("(" + Sql.string(dbs.getOrDefault(t.table().itemId(), "")) + ", "
							+ Sql.string(t.table().schema()) + ", " + Sql.string(t.table().name()) + ", "
							+ Sql.string(col.name()) + ", " + (col.ordinal() + 1) + ", "
							+ Sql.string(col.nullable() ? "YES" : "NO") + ", " + Sql.string(col.type()) + ")");
				}
			}
			fill(d, table, "table_catalog VARCHAR, table_schema VARCHAR, table_name VARCHAR, column_name VARCHAR,"
					+ " ordinal_position INTEGER, is_nullable VARCHAR, data_type VARCHAR", rows);
		}
		case "schemata" -> {
			java.util.Set<String> seen = new java.util.TreeSet<>();
			for (TableWithColumns t : c.allTables()) {
				if (!t.table().dropped()) {
					seen.add(dbs.getOrDefault(t.table().itemId(), "") + "\u0000" + t.table().schema());
				}
			}
			for (String s : seen) {
				String[] p = s.split("\u0000", -1);
				rows.add("(" + Sql.string(p[0]) + ", " + Sql.string(p[1]) + ")");
			}
			fill(d, table, "catalog_name VARCHAR, schema_name VARCHAR", rows);
		}
		default -> {
			return null;
		}
		}
		return table;
	}

	private static void fill(Connection d, String table, String columns, List<String> rows) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TABLE " + Sql.own(table) + " (" + columns + ")");
			for (int i = 0; i < rows.size(); i += CHUNK) {
				s.execute("INSERT INTO " + Sql.own(table) + " VALUES " + String.join(", ", rows.subList(i,
						Math.min(rows.size(), i + CHUNK))));
			}
		}
	}

	private static String list(List<String> values) {
		List<String> q = values.stream().map(Sql::string).toList();
		return "[" + String.join(", ", q) + "]::VARCHAR[]";
	}
}
