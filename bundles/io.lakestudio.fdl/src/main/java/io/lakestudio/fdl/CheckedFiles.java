package io.lakestudio.fdl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.fdl.internal.Sqlite;

/**
 * The data files of an opened version where a reader reads them (docs/fdl-0.1.md, "Reading", 7): each checked
 * against the size and SHA-256 its catalog's {@code fdl_data_file} gives before its bytes are used the first
 * time. A file found whole is stamped (local path, size, modification time, the hash it matched) in the reader's
 * stamp file, so opening a version again hashes only files that changed since; the stamps of a process that
 * writes at the same time may be lost, which costs a hash again, never a check.
 */
public final class CheckedFiles {

	private final String version;
	private final Map<String, NamedFiles.Named> named;
	private final Path root;
	private final Path stamps;
	private final Set<String> checked = ConcurrentHashMap.newKeySet();
	private Map<String, String> stamped;

	private CheckedFiles(String version, Map<String, NamedFiles.Named> named, Path root, Path stamps) {
		this.version = version;
		this.named = named;
		this.root = root.toAbsolutePath().normalize();
		this.stamps = stamps;
	}

	/** The files {@code v} names, read under {@code root} (a repository's folder, or a local copy of its data). */
	public static CheckedFiles of(Reader.Opened v, Path root, Path stamps) throws FdlException {
		String where = Layout.catalog(v.record().catalogSha256());
		try (Connection c = Sqlite.open(v.catalogFile(), true)) {
			return new CheckedFiles(v.id(), NamedFiles.of(c, where), root, stamps);
		} catch (SQLException e) {
			throw FdlException.malformed(where, "not a readable SQLite DuckLake catalog: " + e.getMessage());
		}
	}

	/** How many data files the version names. */
	public int size() {
		return named.size();
	}

	/**
	 * Refuses {@code file} (a local path under the root) when its size or hash is not the catalog's; a file the
	 * version does not name is not this check's.
	 */
	public void check(Path file) throws FdlException {
		Path abs = file.toAbsolutePath().normalize();
		if (!abs.startsWith(root))
			return;
		String path = root.relativize(abs).toString().replace('\\', '/');
		NamedFiles.Named want = named.get(path);
		if (want == null || checked.contains(path))
			return;
		try {
			long size = Files.size(abs);
			if (size != want.size())
				throw altered(path, version, size + " bytes, where its catalog says " + want.size());
			String stamp = want.sha256() + " " + size + " " + Files.getLastModifiedTime(abs).toMillis();
			if (!stamp.equals(stamped().get(abs.toString()))) {
				String sha = FrozenCatalog.sha256(abs);
				if (!sha.equals(want.sha256()))
					throw altered(path, version, "its SHA-256 is " + sha + ", where its catalog gives " + want.sha256());
				stamp(abs, stamp);
			}
			checked.add(path);
		} catch (NoSuchFileException e) {
			throw FdlException.missing(path, "named by version " + Refs.short8(version) + " but not at " + abs);
		} catch (IOException e) {
			throw new FdlException(FdlException.Refusal.STORE, path, "cannot read " + abs + ": " + e.getMessage(), e);
		}
	}

	/** Checks every file the version names. */
	public void checkAll() throws FdlException {
		for (String path : named.keySet())
			check(root.resolve(path));
	}

	/** A data file whose bytes are not what the catalog of {@code version} gives it. */
	static FdlException altered(String path, String version, String what) {
		return FdlException.malformed(path, "altered: " + what + " (version " + Refs.short8(version) + ")");
	}

	private synchronized Map<String, String> stamped() throws IOException {
		if (stamped == null) {
			stamped = new HashMap<>();
			if (Files.isRegularFile(stamps))
				for (String line : Files.readAllLines(stamps, StandardCharsets.UTF_8)) {
					String[] f = line.split(" ", 4);
					if (f.length == 4)
						stamped.put(f[3], f[0] + " " + f[1] + " " + f[2]);
				}
		}
		return stamped;
	}

	/** One line appended: lines of concurrent writers don't interleave, and the last one of a path wins. */
	private synchronized void stamp(Path abs, String stamp) throws IOException {
		stamped.put(abs.toString(), stamp);
		Files.createDirectories(stamps.getParent());
		Files.writeString(stamps, stamp + " " + abs + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
				StandardOpenOption.APPEND);
	}
}
