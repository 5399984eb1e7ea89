package io.lakestudio.engine.ducklake;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

/**
 * A DuckLake catalog file of either kind the tests attach ({@code sqlite}: a SQLite file, else a DuckDB file), and
 * plain JDBC on it, with none of Lakestudio's code between.
 */
final class CatalogFiles {

	private CatalogFiles() {
	}

	/** The ATTACH URL of the catalog file {@code meta}. */
	static String url(String kind, Path meta) {
		return kind.equals("sqlite") ? "ducklake:sqlite:" + meta : "ducklake:" + meta;
	}

	/** The catalog file opened by plain JDBC (sqlite-jdbc or DuckDB's). */
	static Connection open(String kind, Path meta) throws Exception {
		return DriverManager.getConnection((kind.equals("sqlite") ? "jdbc:sqlite:" : "jdbc:duckdb:") + meta);
	}

	/** Rows of a query over the catalog file, columns joined by |. */
	static List<String> rows(String kind, Path meta, String sql) throws Exception {
		try (Connection c = open(kind, meta)) {
			return DuckLakeMaintenanceTest.jdbc(c, sql);
		}
	}
}
