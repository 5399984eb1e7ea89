package io.lakestudio.catalog.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Properties;

import io.lakestudio.catalog.CatalogException;
import io.lakestudio.catalog.StateFolder;

/**
 * Opens a catalog file: WAL, a busy timeout, and the checks that decide whether the file is usable. An unusable
 * file is set aside, never deleted, so nothing a user had is lost.
 */
public final class CatalogFile {

	private static final byte[] HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
	static final int BUSY_TIMEOUT_MS = 5000;

	final Path file;
	final String account;
	final Connection connection;
	final String notice;

	private CatalogFile(Path file, String account, Connection connection, String notice) {
		this.file = file;
		this.account = account;
		this.connection = connection;
		this.notice = notice;
	}

	/**
	 * @param writable a writable open runs the full {@code quick_check}; a read-only one checks the header,
	 *                 the schema version and that the schema can be read, which keeps the command line fast.
	 */
	public static CatalogFile open(Path file, String account, boolean writable) {
		StateFolder.ensure(file.toAbsolutePath().getParent());
		NativeSqlite.prepare(file.getParent());
		String notice = null;
		Connection c = null;
		if (Files.exists(file)) {
			String problem = headerProblem(file);
			if (problem == null) {
				try {
					c = connect(file, writable);
					problem = schemaProblem(c, writable);
				} catch (SQLException e) {
					problem = "cannot be opened (" + e.getMessage() + ")";
				}
			}
			if (problem != null) {
				close(c);
				c = null;
				Path aside = setAside(file);
				notice = "The catalog " + file + " " + problem + "; it was set aside as " + aside.getFileName()
						+ " and a new, empty one was made. Nothing is known until the next sync.";
			}
		}
		try {
			if (c == null) {
				Files.createDirectories(file.toAbsolutePath().getParent());
				c = connect(file, writable);
			}
			// a file with no schema yet (new, or its first writer was killed before making one) gets it now,
			// even for reading: otherwise every read fails on a missing table
			ensureSchema(c, account);
			// even for reading, as the schema above: find needs the column names, which only an older build's
			// file lacks
			if (!Schema.hasColumnNames(c)) {
				Schema.addColumnNames(c);
			}
			if (!writable) {
				try (Statement s = c.createStatement()) {
					s.execute("PRAGMA query_only = 1");
				}
			}
			return new CatalogFile(file, account, c, notice);
		} catch (SQLException | IOException e) {
			close(c);
			throw new CatalogException("Cannot open the catalog " + file + ": " + e.getMessage(), e);
		}
	}

	private static void close(Connection c) {
		if (c != null) {
			try {
				c.close();
			} catch (SQLException e) {
				// it was unusable anyway
			}
		}
	}

	/** A connection for watching: reads only, never creates the file. */
	public static Connection readConnection(Path file) throws SQLException {
		Connection c = connect(file, false);
		try (Statement s = c.createStatement()) {
			s.execute("PRAGMA query_only = 1");
		}
		return c;
	}

	/**
	 * A connection with a busy timeout; a writer's also puts the file in WAL (a no-op once it is) and syncs less.
	 * A reader sets neither: a command that only reads never writes the catalog, whatever mode it finds it in.
	 */
	static Connection connect(Path file, boolean writer) throws SQLException {
		try {
			// 0600 whatever the umask; SQLite gives its -wal and -shm files the database file's mode
			if (!Files.exists(file)) {
				Files.createFile(file, StateFolder.privateFile(file.toAbsolutePath().getParent()));
			}
			for (String side : new String[] { "", "-wal", "-shm" }) {
				StateFolder.restrict(file.resolveSibling(file.getFileName() + side));
			}
		} catch (IOException e) {
			throw new SQLException("cannot make " + file + " private: " + e.getMessage(), e);
		}
		Properties p = new Properties();
		// writes take the lock when they begin, so a transaction never fails half way on a busy upgrade
		p.setProperty("transaction_mode", "IMMEDIATE");
		// the driver directly: DriverManager doesn't see drivers of other bundles inside OSGi
		Connection c = new org.sqlite.JDBC().connect("jdbc:sqlite:" + file.toAbsolutePath(), p);
		try (Statement s = c.createStatement()) {
			s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
			if (writer) {
				s.execute("PRAGMA journal_mode = WAL");
				s.execute("PRAGMA synchronous = NORMAL");
			}
		}
		return c;
	}

	private static void ensureSchema(Connection c, String account) throws SQLException {
		if (userVersion(c) == Schema.VERSION) {
			return;
		}
		try (Statement s = c.createStatement()) {
			s.execute("BEGIN IMMEDIATE");
			boolean empty;
			try (ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
				empty = rs.next() && rs.getInt(1) == 0;
			}
			s.execute("COMMIT");
			if (empty) {
				try {
					Schema.create(c, account);
				} catch (SQLException e) {
					if (userVersion(c) != Schema.VERSION) {
						throw e;
					} // another process made it between our look and our write
				}
			}
		}
		if (userVersion(c) != Schema.VERSION) {
			throw new SQLException("schema version " + userVersion(c) + " after creating it");
		}
	}

	private static int userVersion(Connection c) throws SQLException {
		try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA user_version")) {
			return rs.next() ? rs.getInt(1) : 0;
		}
	}

	/** Why the file is not a SQLite database, or null when it looks like one. */
	private static String headerProblem(Path file) {
		try (InputStream in = Files.newInputStream(file)) {
			byte[] head = in.readNBytes(HEADER.length);
			if (head.length == 0) {
				return null; // an empty file is a new database to SQLite
			}
			return Arrays.equals(head, HEADER) ? null : "is not a SQLite database";
		} catch (IOException e) {
			return "cannot be read (" + e.getMessage() + ")";
		}
	}

	/**
	 * Why an open database can't be used as this catalog, or null. A writable open runs the full
	 * {@code quick_check}; a read-only one checks the schema version and that the schema can be read, which keeps
	 * the command line fast.
	 */
	private static String schemaProblem(Connection c, boolean fullCheck) throws SQLException {
		int version = userVersion(c);
		if (version == 0 && isEmpty(c)) {
			return null; // made by a process that is creating it right now, or an empty file
		}
		if (version != Schema.VERSION) {
			return version < Schema.VERSION ? "has an older schema (version " + version + ")"
					: "was written by a newer Lakestudio (schema version " + version + ")";
		}
		try (Statement s = c.createStatement();
				ResultSet rs = s.executeQuery(fullCheck ? "PRAGMA quick_check" : "SELECT count(*) FROM sqlite_master")) {
			if (fullCheck && rs.next() && !"ok".equals(rs.getString(1))) {
				return "failed its integrity check (" + rs.getString(1) + ")";
			}
		}
		return null;
	}

	private static boolean isEmpty(Connection c) throws SQLException {
		try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
			return rs.next() && rs.getInt(1) == 0;
		}
	}

	private static Path setAside(Path file) {
		String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
		Path aside = file.resolveSibling(file.getFileName() + ".bad-" + stamp);
		try {
			Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
			for (String suffix : new String[] { "-wal", "-shm" }) {
				Path side = file.resolveSibling(file.getFileName() + suffix);
				if (Files.exists(side)) {
					Files.move(side, aside.resolveSibling(aside.getFileName() + suffix),
							StandardCopyOption.REPLACE_EXISTING);
				}
			}
			return aside;
		} catch (IOException e) {
			throw new CatalogException("The catalog " + file + " is unusable and could not be set aside: "
					+ e.getMessage(), e);
		}
	}
}
