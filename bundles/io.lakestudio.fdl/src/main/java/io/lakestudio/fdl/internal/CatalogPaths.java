package io.lakestudio.fdl.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The paths of a DuckLake catalog's files, resolved as DuckLake resolves them: a data or delete file's path under
 * its table's path, under its schema's path, under the catalog's data path, each level only when it says it is
 * relative. Catalogs older than per-table paths (DuckLake 0.1) have no schema or table paths.
 */
public final class CatalogPaths {

	/** One path-bearing row: where it is stored and the path it resolves to. */
	public record Entry(String table, String idColumn, long id, String path, boolean relative, String parentDir,
			String resolved) {
	}

	private final Connection c;
	private final String dataPath;
	final Map<Long, String> schemaDirs = new HashMap<>();
	final Map<Long, String> tableDirs = new HashMap<>();
	public final List<Entry> schemas = new ArrayList<>();
	public final List<Entry> tables = new ArrayList<>();
	public final List<Entry> files = new ArrayList<>();

	public CatalogPaths(Connection c, String dataPath) throws SQLException {
		this.c = c;
		this.dataPath = dataPath;
		boolean schemaPaths = Sqlite.columns(c, "ducklake_schema").contains("path");
		boolean tablePaths = Sqlite.columns(c, "ducklake_table").contains("path");
		if (schemaPaths)
			rows("SELECT DISTINCT schema_id, path, path_is_relative FROM ducklake_schema", "ducklake_schema",
					"schema_id", id -> dataPath, schemas, schemaDirs);
		if (tablePaths)
			rows("SELECT DISTINCT table_id, path, path_is_relative, schema_id FROM ducklake_table", "ducklake_table",
					"table_id", null, tables, tableDirs);
		else
			try (var s = c.createStatement();
					ResultSet r = s.executeQuery("SELECT DISTINCT table_id, schema_id FROM ducklake_table")) {
				while (r.next())
					tableDirs.put(r.getLong(1), schemaDirs.getOrDefault(r.getLong(2), dataPath));
			}
		files("ducklake_data_file", "data_file_id");
		if (!Sqlite.columns(c, "ducklake_delete_file").isEmpty())
			files("ducklake_delete_file", "delete_file_id");
	}

	private interface Parent {
		String dir(long row) throws SQLException;
	}

	private void rows(String sql, String table, String idColumn, Parent parent, List<Entry> out,
			Map<Long, String> dirs) throws SQLException {
		try (var s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
			while (r.next()) {
				long id = r.getLong(1);
				String path = r.getString(2) == null ? "" : r.getString(2);
				boolean relative = r.getString(3) == null || Sqlite.bool(r, "path_is_relative");
				String parentDir = parent != null ? parent.dir(id) : schemaDirs.getOrDefault(r.getLong(4), dataPath);
				String resolved = relative ? parentDir + path : path;
				out.add(new Entry(table, idColumn, id, path, relative, parentDir, resolved));
				dirs.put(id, resolved);
			}
		}
	}

	private void files(String table, String idColumn) throws SQLException {
		try (var s = c.createStatement();
				ResultSet r = s.executeQuery("SELECT " + idColumn + ", path, path_is_relative, table_id FROM " + table)) {
			while (r.next()) {
				String path = r.getString(2);
				boolean relative = Sqlite.bool(r, "path_is_relative");
				String parentDir = tableDirs.getOrDefault(r.getLong(4), dataPath);
				files.add(new Entry(table, idColumn, r.getLong(1), path, relative, parentDir,
						relative ? parentDir + path : path));
			}
		}
	}

	/** The data path every relative path resolves under, ending in '/'. */
	public String dataRoot() {
		return dataPath;
	}

	/** Rewrites one row's path (and makes it relative). */
	public void rewrite(Entry e, String relativePath) throws SQLException {
		try (PreparedStatement p = c.prepareStatement(
				"UPDATE " + e.table() + " SET path = ?, path_is_relative = 1 WHERE " + e.idColumn() + " = ?")) {
			p.setString(1, relativePath);
			p.setLong(2, e.id());
			p.executeUpdate();
		}
	}

	/** The catalog's data path: ducklake_metadata's unscoped {@code data_path}. */
	public static String dataPath(Connection c) throws SQLException {
		return metadata(c, "data_path");
	}

	public static String metadata(Connection c, String key) throws SQLException {
		boolean scoped = Sqlite.columns(c, "ducklake_metadata").contains("scope");
		try (PreparedStatement p = c.prepareStatement("SELECT value FROM ducklake_metadata WHERE key = ?"
				+ (scoped ? " AND (scope IS NULL OR scope = '')" : ""))) {
			p.setString(1, key);
			try (ResultSet r = p.executeQuery()) {
				return r.next() ? r.getString(1) : null;
			}
		}
	}
}
