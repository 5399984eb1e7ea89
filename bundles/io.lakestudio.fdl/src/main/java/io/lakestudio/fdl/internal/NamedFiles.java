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

/** The data files a frozen catalog names, as repository paths with the sizes the catalog gives them. */
public final class NamedFiles {

	private NamedFiles() {
	}

	/** Path to size (-1 when the catalog gives none), for every data and delete file row. */
	public static Map<String, Long> of(byte[] catalog, String where) throws FdlException {
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

	public static Map<String, Long> of(Connection c, String where) throws SQLException, FdlException {
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
		Map<String, Long> out = new LinkedHashMap<>();
		for (CatalogPaths.Entry e : paths.files) {
			if (!e.relative() || e.path().contains("..") || !e.resolved().startsWith(Layout.DATA))
				throw FdlException.malformed(where, e.table() + " " + e.id() + " names " + e.path()
						+ ", not a relative path under data/");
			long size = e.table().equals("ducklake_data_file") ? sizes.getOrDefault(e.id(), -1L) : -1L;
			out.putIfAbsent(e.resolved(), size);
		}
		for (CatalogPaths.Entry e : paths.tables)
			if (!e.relative())
				throw FdlException.malformed(where, "table " + e.id() + "'s path is not relative");
		return out;
	}
}
