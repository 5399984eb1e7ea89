package io.lakestudio.ducklake.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.DuckDbFiles;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;

/**
 * Opening a SQLite file as a DuckLake catalog, with the checks that come first: a new or empty file becomes a new
 * catalog (of the version the options ask for, else 1.0); anything else must be SQLite, undamaged, say version 1.0
 * or 1.1-dev1 and hold every table and column of it, or be a catalog of 0.1-0.4 attached with
 * {@code AUTOMATIC_MIGRATION TRUE}, then {@link Migration migrated} in one transaction first (to the version asked
 * for, else to the version a new catalog gets, as a 1.0 one attached so is). Nothing is written to a file that fails a check.
 */
public final class SqlCatalogs {

	private SqlCatalogs() {
	}

	public static DuckLakeCatalog open(String url, Path file, AttachOptions o) throws DuckLakeException {
		return open(url, file, o, null);
	}

	/** {@code duckdb} null: a SQLite file; else a DuckDB file opened through it. */
	public static DuckLakeCatalog open(String url, Path file, AttachOptions o, DuckDbFiles duckdb)
			throws DuckLakeException {
		boolean sqlite = duckdb == null;
		Path abs = file.toAbsolutePath().normalize();
		String name = abs.toString();
		checkVersion(o.version());
		checkVersion(o.defaultVersion());
		boolean fresh = !Files.exists(abs) || size(abs) == 0;
		// a SQLite file has no schemas: there the option names nothing, as before (catalog/quoted_identifiers)
		String schema = sqlite || o.metadataSchema() == null || o.metadataSchema().equals("main") ? null
				: o.metadataSchema();
		if (fresh && (o.readOnly() || o.snapshotVersion() != null || o.snapshotTime() != null)) {
			throw new DuckLakeException(name + ": no DuckLake catalog there to attach read-only");
		}
		if (!fresh) {
			header(abs, sqlite);
		}
		Connection db;
		try {
			if (fresh) {
				Files.createDirectories(abs.getParent());
			}
			db = sqlite ? SqlStore.connect(name, o.readOnly() && !fresh) : duckdb.open(abs, o.readOnly() && !fresh);
		} catch (SQLException | IOException e) {
			throw new DuckLakeException(name + ": cannot open: " + e.getMessage(), e);
		}
		boolean ok = false;
		try {
			if (schema != null) {
				fresh = useSchema(db, name, schema, o.readOnly());
			}
			String dataPath;
			String version;
			if (fresh) {
				dataPath = folder(o.dataPath() != null ? o.dataPath() : name + ".files");
				version = o.version() != null ? o.version()
						: o.defaultVersion() != null ? o.defaultVersion() : SpecTables.V1_0;
				try {
					initialize(db, dataPath, o.createdBy(), sqlite, version);
				} catch (SQLException e) {
					throw new DuckLakeException(name + ": cannot create a DuckLake catalog: " + e.getMessage(), e);
				}
			} else {
				Map<String, String> meta = check(db, name, o, sqlite);
				version = meta.get("version");
				String stored = meta.get("data_path");
				dataPath = folder(o.dataPath() != null ? o.dataPath() : stored == null ? name + ".files" : stored);
			}
			if (!dataPath.startsWith("/") && !dataPath.matches("^[a-z0-9]+://.*")) {
				// a stored (or new) relative path is the catalog folder's; an override is this session's only,
				// relative to the working directory as DuckDB's are (the catalog file's own path is too)
				Path base = !fresh && o.overrideDataPath() && o.dataPath() != null ? Path.of("").toAbsolutePath()
						: abs.getParent();
				dataPath = folder(base.resolve(dataPath).normalize().toString());
			}
			SqlStore store = new SqlStore(name, db, o.readOnly(), sqlite, version);
			Optional<Snapshot> pinned = Optional.empty();
			if (o.snapshotVersion() != null) {
				pinned = Optional.of(store.snapshot(o.snapshotVersion()).orElseThrow(() -> new DuckLakeException(
						name + ": no snapshot " + o.snapshotVersion() + " in the catalog")));
			} else if (o.snapshotTime() != null) {
				pinned = Optional.of(store.snapshotAt(o.snapshotTime()).orElseThrow(() -> new DuckLakeException(
						name + ": no snapshot at or before " + o.snapshotTime())));
			}
			ok = true;
			return new DuckLakeCatalog(url, store, dataPath, o.readOnly() || pinned.isPresent(), pinned);
		} finally {
			if (!ok) {
				try {
					db.close();
				} catch (SQLException e) {
					// failing anyway
				}
			}
		}
	}

	/**
	 * Makes {@code schema} of a DuckDB metadata file the one every bare table name of the catalog's SQL means (the
	 * connection is the catalog's own), creating it when missing; true when it holds no catalog yet (a new one is
	 * made there, beside the other schemas' catalogs).
	 */
	private static boolean useSchema(Connection db, String name, String schema, boolean readOnly)
			throws DuckLakeException {
		String ident = "\"" + schema.replace("\"", "\"\"") + "\"";
		try (Statement s = db.createStatement()) {
			boolean have;
			try (java.sql.PreparedStatement ps = db.prepareStatement("SELECT count(*) FROM information_schema.tables"
					+ " WHERE table_schema = ? AND table_name = 'ducklake_metadata'")) {
				ps.setString(1, schema);
				try (ResultSet r = ps.executeQuery()) {
					have = r.next() && r.getLong(1) > 0;
				}
			}
			if (!have && readOnly) {
				throw new DuckLakeException(name + ": no DuckLake catalog in schema " + schema + " to attach read-only");
			}
			if (!have) {
				s.execute("CREATE SCHEMA IF NOT EXISTS " + ident);
			}
			s.execute("USE " + ident);
			return !have;
		} catch (SQLException e) {
			throw new DuckLakeException(name + ": cannot use metadata schema " + schema + ": " + e.getMessage(), e);
		}
	}

	private static long size(Path p) throws DuckLakeException {
		try {
			return Files.size(p);
		} catch (IOException e) {
			throw new DuckLakeException(p + ": cannot read: " + e.getMessage(), e);
		}
	}

	private static String folder(String p) {
		return p.endsWith("/") ? p : p + "/";
	}

	/** SQLite's own header, before SQLite is asked anything (it would take a non-database for an empty one). */
	private static void header(Path file, boolean sqlite) throws DuckLakeException {
		byte[] h = new byte[16];
		int n;
		try (InputStream in = Files.newInputStream(file)) {
			n = in.readNBytes(h, 0, 16);
		} catch (IOException e) {
			throw new DuckLakeException(file + ": cannot read: " + e.getMessage(), e);
		}
		String s = new String(h, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
		boolean duck = s.length() >= 12 && s.substring(8, 12).equals("DUCK");
		if (sqlite ? s.equals("SQLite format 3\0") : duck) {
			return;
		}
		if (!sqlite) {
			throw new DuckLakeException(file + ": not a DuckLake catalog (not a DuckDB database"
					+ (s.startsWith("SQLite format 3") ? "; a SQLite one: attach it as 'ducklake:sqlite:" + file + "')"
							: ")"));
		}
		if (duck) {
			throw new DuckLakeException(file + ": a DuckDB database, not SQLite: attach it as 'ducklake:" + file
					+ "'");
		}
		throw new DuckLakeException(file + ": not a DuckLake catalog (not a SQLite database)");
	}

	/** The checks on an existing file; its global metadata keys when it passes. */
	private static Map<String, String> check(Connection db, String name, AttachOptions o, boolean sqlite)
			throws DuckLakeException {
		Map<String, Set<String>> have = new HashMap<>();
		try (Statement s = db.createStatement()) {
			if (sqlite) {
				try (ResultSet r = s.executeQuery("PRAGMA quick_check")) {
					String first = r.next() ? r.getString(1) : "ok";
					if (!"ok".equals(first)) {
						throw new DuckLakeException(name + ": damaged SQLite file: " + first);
					}
				}
			}
			try (ResultSet r = s.executeQuery(sqlite ? "SELECT m.name, p.name FROM sqlite_master m,"
					+ " pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name LIKE 'ducklake%'"
					: "SELECT table_name, column_name FROM information_schema.columns"
							+ " WHERE table_schema = current_schema() AND table_name LIKE 'ducklake%'")) {
				while (r.next()) {
					have.computeIfAbsent(r.getString(1), k -> new HashSet<>()).add(r.getString(2));
				}
			}
			if (!have.containsKey("ducklake_metadata")) {
				throw new DuckLakeException(name + ": not a DuckLake catalog (no ducklake_metadata table)");
			}
			Map<String, String> meta = new HashMap<>();
			try (ResultSet r = s.executeQuery("SELECT key, value FROM ducklake_metadata"
					+ (have.get("ducklake_metadata").contains("scope") ? " WHERE scope IS NULL" : ""))) {
				while (r.next()) {
					meta.put(r.getString(1), r.getString(2));
				}
			}
			String v = meta.get("version");
			String target = target(name, v, o);
			if (!target.equals(v)) {
				try {
					Sqlite.transaction(db, () -> Migration.run(db, v, target, have));
				} catch (SQLException e) {
					throw new DuckLakeException(name + ": cannot migrate the DuckLake " + v + " catalog to " + target
							+ " (nothing was changed): " + String.valueOf(e.getMessage()).replace('\n', ' '), e);
				}
				meta.put("version", target);
			}
			for (Map.Entry<String, Map<String, String>> t : SpecTables.tables(target).entrySet()) {
				Set<String> cols = have.get(t.getKey());
				if (cols == null) {
					throw new DuckLakeException(name + ": damaged DuckLake catalog: no table " + t.getKey());
				}
				for (String c : t.getValue().keySet()) {
					if (!cols.contains(c)) {
						throw new DuckLakeException(name + ": damaged DuckLake catalog: " + t.getKey() + " has no column "
								+ c);
					}
				}
			}
			return meta;
		} catch (SQLException e) {
			String m = String.valueOf(e.getMessage());
			if (m.contains("malformed") || m.contains("not a database") || m.contains("corrupt")) {
				throw new DuckLakeException(name + ": damaged SQLite file: " + m, e);
			}
			throw new DuckLakeException(name + ": cannot read the catalog: " + m, e);
		}
	}

	/** A version a catalog is to be created at or migrated to, when one is asked for: one this code writes. */
	private static void checkVersion(String v) throws DuckLakeException {
		if (v == null || SpecTables.known(v)) {
			return;
		}
		if (v.matches("0\\.\\d+(-dev\\d+)?")) {
			throw new DuckLakeException("ducklake_version must be >= '1.0': '" + v + "' is older than this writes");
		}
		throw new DuckLakeException("Unsupported ducklake_version '" + v + "': only " + String.join(" and ",
				SpecTables.VERSIONS.stream().map(x -> "'" + x + "'").toList()));
	}

	/**
	 * The version a catalog at {@code v} is to have once attached ({@code v} itself: no migration); an exception
	 * when it can't be attached. AUTOMATIC_MIGRATION takes it to DUCKLAKE_VERSION, else to the version a new catalog
	 * would get (the session's default, else 1.0): a catalog is never migrated past what this writes by default, so
	 * the released extensions that attach Lakestudio's new catalogs attach migrated ones too. Only DUCKLAKE_VERSION
	 * asks for a version: a catalog newer than the default stays as it is.
	 */
	private static String target(String name, String v, AttachOptions o) throws DuckLakeException {
		if (v == null) {
			throw new DuckLakeException(name + ": damaged DuckLake catalog: ducklake_metadata has no version");
		}
		String latest = SpecTables.VERSIONS.getLast();
		String want = o.version() != null ? o.version()
				: o.defaultVersion() != null ? o.defaultVersion() : SpecTables.V1_0;
		boolean old = v.matches("0\\.[1-4](-dev\\d+)?");
		if (!old && !SpecTables.known(v)) {
			throw new DuckLakeException(name + ": DuckLake catalog version " + v + " is newer than this Lakestudio"
					+ " reads (" + latest + ")");
		}
		boolean newer = !old && SpecTables.VERSIONS.indexOf(v) > SpecTables.VERSIONS.indexOf(want);
		if (newer && o.version() != null) {
			throw new DuckLakeException(name + ": Cannot downgrade the DuckLake " + v + " catalog to " + want
					+ " (DUCKLAKE_VERSION)");
		}
		if (old && !o.automaticMigration()) {
			throw new DuckLakeException(name + ": DuckLake catalog version mismatch: the catalog is version " + v
					+ ", this is " + want + "; attach with AUTOMATIC_MIGRATION TRUE to migrate it");
		}
		if (!o.automaticMigration()) {
			if (o.version() != null && !v.equals(want)) {
				throw new DuckLakeException(name + ": the catalog is DuckLake " + v + ", not " + want
						+ "; attach with AUTOMATIC_MIGRATION TRUE to migrate it");
			}
			return v;
		}
		if (v.equals(want) || newer) {
			return v;
		}
		if (old && !Migration.known(v)) {
			throw new DuckLakeException(name + ": DuckLake " + v + " catalogs can't be migrated: only those of"
					+ " 0.1, 0.2, 0.3-dev1, 0.3, 0.4-dev1 and 0.4");
		}
		if (o.readOnly()) {
			throw new DuckLakeException(name + ": a DuckLake " + v + " catalog is migrated to " + want
					+ " only when attached writable, not READ_ONLY");
		}
		return want;
	}

	/** Writes the tables and first rows of a new catalog (snapshot 0: schema main) in one transaction. */
	static void initialize(Connection db, String dataPath, String createdBy, boolean sqlite, String version)
			throws SQLException {
		Sqlite.transaction(db, () -> {
			try (Statement s = db.createStatement()) {
				for (String c : SpecTables.createStatements(version)) {
					s.execute(c);
				}
				s.execute("INSERT INTO ducklake_snapshot VALUES (0, " + Sqlite.text(Times.format(Instant.now()))
						+ ", 0, 1, 0)");
				s.execute("INSERT INTO ducklake_snapshot_changes VALUES (0, 'created_schema:\"main\"', NULL, NULL,"
						+ " NULL)");
				s.execute("INSERT INTO ducklake_metadata (key, value) VALUES ('version', '" + version
						+ "'), ('created_by', " + Sqlite.text(createdBy) + "), ('data_path', " + Sqlite.text(dataPath)
						+ "), ('encrypted', 'false')");
				s.execute("INSERT INTO ducklake_schema VALUES (0, " + Sqlite.text(UUID.randomUUID().toString())
						+ ", 0, NULL, 'main', 'main/', " + (sqlite ? "1" : "true") + ")");
			}
		});
	}
}
