package io.lakestudio.fdl.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Layout;

/**
 * The data files a frozen catalog names, as repository paths, each with the size and SHA-256 its
 * {@code fdl_data_file} gives (docs/fdl-0.1.md, "The frozen catalog"), which must list exactly those files.
 */
public final class NamedFiles {

	/** The table a frozen catalog keeps its data files' hashes in, as the specification gives it. */
	public static final String TABLE = "CREATE TABLE fdl_data_file(path TEXT PRIMARY KEY, size INTEGER NOT NULL,"
			+ " sha256 TEXT NOT NULL)";

	/** A named data file's size and SHA-256 (lowercase hex). */
	public record Named(long size, String sha256) {
	}

	private NamedFiles() {
	}

	/** Path to its size and hash, for every data and delete file row. */
	public static Map<String, Named> of(byte[] catalog, String where) throws FdlException {
		Path tmp = null;
		try {
			tmp = Files.createTempFile("fdl-catalog", ".sqlite");
			Files.write(tmp, catalog);
			try (Connection c = Sqlite.open(tmp, true)) {
				return of(c, where);
			}
		} catch (IOException | SQLException e) {
			throw FdlException.malformed(where, "not a readable SQLite DuckLake catalog: " + e.getMessage());
		} finally {
			if (tmp != null)
				try {
					Files.deleteIfExists(tmp);
				} catch (IOException e) {
					// a temp file left behind is harmless
				}
		}
	}

	public static Map<String, Named> of(Connection c, String where) throws SQLException, FdlException {
		if (!Layout.DATA.equals(CatalogPaths.dataPath(c)))
			throw FdlException.malformed(where, "the frozen catalog's data_path is not " + Layout.DATA);
		CatalogPaths paths = new CatalogPaths(c, Layout.DATA);
		Map<Long, Long> sizes = new java.util.HashMap<>();
		if (Sqlite.columns(c, "ducklake_data_file").contains("file_size_bytes"))
			try (var s = c.createStatement();
					ResultSet r = s.executeQuery("SELECT data_file_id, file_size_bytes FROM ducklake_data_file")) {
				while (r.next())
					sizes.put(r.getLong(1), r.getObject(2) == null ? -1 : r.getLong(2));
			}
		Map<String, Long> ducklake = new LinkedHashMap<>();
		for (CatalogPaths.Entry e : paths.files) {
			if (!e.relative() || e.path().contains("..") || !e.resolved().startsWith(Layout.DATA))
				throw FdlException.malformed(where, e.table() + " " + e.id() + " names " + e.path()
						+ ", not a relative path under data/");
			long size = e.table().equals("ducklake_data_file") ? sizes.getOrDefault(e.id(), -1L) : -1L;
			ducklake.putIfAbsent(e.resolved(), size);
		}
		for (CatalogPaths.Entry e : paths.tables)
			if (!e.relative())
				throw FdlException.malformed(where, "table " + e.id() + "'s path is not relative");
		Map<String, Named> hashed = hashes(c, where);
		Map<String, Named> out = new LinkedHashMap<>();
		for (Map.Entry<String, Long> f : ducklake.entrySet()) {
			Named n = hashed.remove(f.getKey());
			if (n == null)
				throw FdlException.malformed(where, "names " + f.getKey() + ", which fdl_data_file does not hash");
			if (f.getValue() >= 0 && f.getValue() != n.size())
				throw FdlException.malformed(where, "fdl_data_file gives " + f.getKey() + " " + n.size()
						+ " bytes, where ducklake_data_file says " + f.getValue());
			out.put(f.getKey(), n);
		}
		if (!hashed.isEmpty())
			throw FdlException.malformed(where, "fdl_data_file has " + hashed.keySet().iterator().next()
					+ ", which the catalog does not name");
		return out;
	}

	private static Map<String, Named> hashes(Connection c, String where) throws SQLException, FdlException {
		if (Sqlite.columns(c, "fdl_data_file").isEmpty())
			throw FdlException.malformed(where, "the frozen catalog has no fdl_data_file table (the hashes of its data"
					+ " files): it was frozen before FDL 0.1 (a draft) required one; commit the version again");
		Map<String, Named> out = new LinkedHashMap<>();
		try (var s = c.createStatement();
				ResultSet r = s.executeQuery("SELECT path, size, sha256 FROM fdl_data_file ORDER BY path")) {
			while (r.next()) {
				String sha = r.getString(3);
				if (sha == null || !sha.matches("[0-9a-f]{64}") || r.getLong(2) < 0)
					throw FdlException.malformed(where, "fdl_data_file's row for " + r.getString(1)
							+ " has no size or no lowercase hex SHA-256");
				out.put(r.getString(1), new Named(r.getLong(2), sha));
			}
		}
		return out;
	}
}
