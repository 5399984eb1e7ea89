package io.lakestudio.ducklake;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * A catalog file of either SQL kind ({@code sqlite} or {@code duckdb}), attached as Lakestudio attaches it and read
 * back with a plain JDBC connection of its own, so a test checks the rows as the extension would find them.
 */
final class CatalogFiles {

	private CatalogFiles() {
	}

	/** The file a test keeps its catalog of {@code kind} in, below {@code dir}. */
	static Path in(Path dir, String kind) {
		return dir.resolve(kind.equals("sqlite") ? "lake.sqlite" : "lake.ducklake");
	}

	static DuckLakeCatalog attach(String kind, Path file, AttachOptions o) throws DuckLakeException {
		if (kind.equals("sqlite")) {
			return DuckLakeCatalog.open("ducklake:sqlite:" + file, o);
		}
		return DuckLakeCatalog.open("ducklake:" + file, o, CatalogFiles::duckdb);
	}

	static Connection duckdb(Path file, boolean readOnly) throws SQLException {
		Properties p = new Properties();
		if (readOnly) {
			p.setProperty("duckdb.read_only", "true");
		}
		return DriverManager.getConnection("jdbc:duckdb:" + file, p);
	}

	/** A plain connection to the file (the attachments closed first, for DuckDB's lock). */
	static Connection plain(String kind, Path file) throws SQLException {
		return kind.equals("sqlite") ? DriverManager.getConnection("jdbc:sqlite:" + file) : duckdb(file, false);
	}

	/** Each row of the answer as its values joined by {@code |}. */
	static List<String> rows(Connection db, String sql) throws SQLException {
		List<String> out = new ArrayList<>();
		try (Statement s = db.createStatement(); ResultSet r = s.executeQuery(sql)) {
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
					row.add(r.getString(i));
				}
				out.add(String.join("|", row));
			}
		}
		return out;
	}

	static List<String> rows(String kind, Path file, String sql) throws SQLException {
		try (Connection db = plain(kind, file)) {
			return rows(db, sql);
		}
	}
}
