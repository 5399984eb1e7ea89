package io.lakestudio.fdl.internal;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;

import org.sqlite.SQLiteConfig;

/** Opening DuckLake's SQLite catalogs through sqlite-jdbc, with no DriverManager (it does not see OSGi bundles). */
public final class Sqlite {

	private Sqlite() {
	}

	public static Connection open(Path file, boolean readOnly) throws SQLException {
		SQLiteConfig config = new SQLiteConfig();
		config.setReadOnly(readOnly);
		config.setBusyTimeout(10_000);
		Connection c = new org.sqlite.JDBC().connect("jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties());
		if (c == null)
			throw new SQLException("sqlite-jdbc refused " + file);
		return c;
	}

	public static Set<String> columns(Connection c, String table) throws SQLException {
		Set<String> out = new HashSet<>();
		try (var s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA table_info(" + table + ")")) {
			while (r.next())
				out.add(r.getString("name"));
		}
		return out;
	}

	/** DuckLake writes booleans to SQLite as 0/1; older writers as text. */
	public static boolean bool(ResultSet r, String column) throws SQLException {
		String v = r.getString(column);
		return v != null && (v.equals("1") || v.equalsIgnoreCase("true") || v.equalsIgnoreCase("t"));
	}
}
