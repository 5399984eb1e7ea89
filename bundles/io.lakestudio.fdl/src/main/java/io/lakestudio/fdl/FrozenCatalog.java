package io.lakestudio.fdl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.fdl.internal.CatalogPaths;
import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.fdl.internal.Sqlite;

/**
 * A working catalog frozen at its current snapshot (docs/fdl-0.1.md, "The frozen catalog"): a SQLite copy made by
 * {@code VACUUM INTO}, its data path {@code data/}, every file path relative, and the data files it names, each
 * with the local file it was written to and its SHA-256 (kept in the catalog's {@code fdl_data_file}).
 */
public record FrozenCatalog(Path file, String sha256, long size, String ducklakeVersion, long snapshot,
		List<DataFile> files) {

	/** A data file a version names: its path in the repository, the local file it was frozen from, its hash. */
	public record DataFile(String path, Path local, long size, String sha256) {
	}

	public long dataBytes() {
		return files.stream().mapToLong(DataFile::size).sum();
	}

	/** Freezes {@code working} into a new file in {@code scratch}; the working catalog is only read. */
	public static FrozenCatalog freeze(Path working, Path scratch) throws FdlException, IOException {
		Files.createDirectories(scratch);
		Path out = Files.createTempFile(scratch, "frozen", ".sqlite");
		Files.delete(out);
		try (Connection c = Sqlite.open(working, true); var s = c.createStatement()) {
			s.execute("VACUUM INTO '" + out.toAbsolutePath().toString().replace("'", "''") + "'");
		} catch (SQLException e) {
			throw new FdlException(FdlException.Refusal.MALFORMED, working.toString(),
					"can't copy the working catalog: " + e.getMessage(), e);
		}
		try (Connection c = Sqlite.open(out, false)) {
			String version = CatalogPaths.metadata(c, "version");
			String dataPath = CatalogPaths.dataPath(c);
			if (version == null || dataPath == null)
				throw FdlException.malformed(working.toString(), "not a DuckLake catalog (no version or data_path)");
			long snapshot = snapshot(c, working);
			// a relative data path is DuckLake's relative to where it runs; FDL takes it relative to the catalog
			Path dataDir = working.toAbsolutePath().getParent().resolve(dataPath).normalize();
			CatalogPaths paths = new CatalogPaths(c, dataDir + "/");
			c.setAutoCommit(false);
			for (List<CatalogPaths.Entry> level : List.of(paths.schemas, paths.tables, paths.files))
				for (CatalogPaths.Entry e : level)
					relativize(paths, e, working);
			try (PreparedStatement p = c.prepareStatement("UPDATE ducklake_metadata SET value = ? WHERE key = 'data_path'"
					+ (Sqlite.columns(c, "ducklake_metadata").contains("scope") ? " AND (scope IS NULL OR scope = '')" : ""))) {
				p.setString(1, Layout.DATA);
				p.executeUpdate();
			}
			List<DataFile> files = hashed(c, paths, working);
			c.commit();
			c.setAutoCommit(true);
			try (var s = c.createStatement()) {
				s.execute("VACUUM");
			}
			c.close();
			return new FrozenCatalog(out, sha256(out), Files.size(out), version, snapshot, files);
		} catch (SQLException e) {
			throw new FdlException(FdlException.Refusal.MALFORMED, working.toString(),
					"can't read the working catalog: " + e.getMessage(), e);
		}
	}

	/**
	 * Each data file the catalog names, hashed from the local file while it is at hand, and its row in
	 * {@code fdl_data_file}: the catalog's hash then covers every data file's bytes.
	 */
	private static List<DataFile> hashed(Connection c, CatalogPaths paths, Path working)
			throws SQLException, FdlException, IOException {
		Map<String, DataFile> seen = new LinkedHashMap<>();
		for (CatalogPaths.Entry e : paths.files) {
			String rel = e.resolved().substring(paths.dataRoot().length());
			Path local = Path.of(e.resolved());
			if (!Files.isRegularFile(local))
				throw FdlException.missing(working.toString(), "names " + e.resolved() + ", which is not there");
			if (!seen.containsKey(rel))
				seen.put(rel, new DataFile(Layout.DATA + rel, local, Files.size(local), sha256(local)));
		}
		try (var s = c.createStatement()) {
			s.execute("DROP TABLE IF EXISTS fdl_data_file");
			s.execute(NamedFiles.TABLE);
		}
		try (PreparedStatement p = c.prepareStatement("INSERT INTO fdl_data_file VALUES (?, ?, ?)")) {
			for (DataFile f : seen.values()) {
				p.setString(1, f.path());
				p.setLong(2, f.size());
				p.setString(3, f.sha256());
				p.executeUpdate();
			}
		}
		return List.copyOf(seen.values());
	}

	private static long snapshot(Connection c, Path working) throws SQLException, FdlException {
		try (var s = c.createStatement(); ResultSet r = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
			r.next();
			long id = r.getLong(1);
			if (r.wasNull())
				throw FdlException.malformed(working.toString(), "the catalog has no snapshot");
			return id;
		}
	}

	/** A path kept as it is when relative; an absolute one made relative to its parent's folder, if under it. */
	private static void relativize(CatalogPaths paths, CatalogPaths.Entry e, Path working)
			throws SQLException, FdlException {
		String resolved = normalized(e.resolved());
		if (!resolved.startsWith(paths.dataRoot()) || e.relative() && e.path().contains(".."))
			throw FdlException.malformed(working.toString(), e.table() + " " + e.id() + " names " + e.resolved()
					+ ", outside the data folder " + paths.dataRoot() + ": a version names files under it only");
		if (e.relative())
			return;
		if (!resolved.startsWith(e.parentDir()))
			throw FdlException.malformed(working.toString(), e.table() + " " + e.id() + ": " + e.path()
					+ " is not under " + e.parentDir() + ", so it can't be made relative");
		paths.rewrite(e, resolved.substring(e.parentDir().length()));
	}

	private static String normalized(String path) {
		String n = Path.of(path).normalize().toString();
		return path.endsWith("/") && !n.endsWith("/") ? n + "/" : n;
	}

	public static String sha256(Path file) throws IOException {
		try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
			in.transferTo(java.io.OutputStream.nullOutputStream());
			return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
		} catch (java.security.NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}
}
