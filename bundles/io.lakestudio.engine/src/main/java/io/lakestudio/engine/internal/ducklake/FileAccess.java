package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * The folders a user granted a session for plain file access (settings.json's {@code fileAccess},
 * {@code lakestudio sql --files DIR}): COPY TO and read_parquet / read_csv inside them, nothing outside. A grant
 * that holds the state folder or lies inside it is refused (the engine's cache, mirror and catalogs stay its
 * own). Each path is resolved as DuckDB would (relative to the process's folder), its symbolic links followed
 * as far as it exists, before it is compared; DuckDB's allowed_directories, made from the same folders, stands
 * behind this check.
 */
final class FileAccess {

	private final List<Path> asked;
	private final Path home;
	private List<Path> folders;

	FileAccess(List<Path> asked, Path home) {
		this.asked = List.copyOf(asked);
		this.home = home;
	}

	/** The granted folders, each real and checked; an unusable grant fails every statement, saying which. */
	List<Path> folders() throws EngineException {
		if (folders == null) {
			List<Path> out = new ArrayList<>();
			Path h = real(home.toAbsolutePath().normalize());
			for (Path p : asked) {
				Path abs = p.toAbsolutePath().normalize();
				if (!Files.isDirectory(abs)) {
					throw refused("fileAccess: " + abs + " is not a folder");
				}
				Path r = real(abs);
				if (r.startsWith(h) || h.startsWith(r)) {
					throw refused("fileAccess: " + abs + " holds or is inside the state folder " + h
							+ ", which only the engine may open: grant a folder of your data instead");
				}
				out.add(r);
			}
			folders = List.copyOf(out);
		}
		return folders;
	}

	boolean any() {
		return !asked.isEmpty();
	}

	/**
	 * The absolute path DuckDB is to open for {@code path} (a glob's folder part checked), when it lies inside a
	 * granted folder; null when it does not (or names a scheme, or climbs with {@code ..}).
	 */
	String granted(String path) throws EngineException {
		return inside(path, folders());
	}

	/** As {@link #granted}, for the folders given (each absolute, its links resolved) instead of the granted ones. */
	static String inside(String path, List<Path> folders) {
		if (path == null || path.isEmpty() || path.matches("^[A-Za-z][A-Za-z0-9+.-]*://.*") || any(path, "..")
				|| folders.isEmpty()) {
			return null;
		}
		Path abs = Path.of(path).toAbsolutePath().normalize();
		Path fixed = fixedPart(abs);
		Path r = real(fixed);
		for (Path f : folders) {
			if (r.startsWith(f)) {
				return abs.toString();
			}
		}
		return null;
	}

	/** A folder as {@link #inside} compares it: absolute, normalised, its links resolved. */
	static Path folder(Path p) {
		return real(p.toAbsolutePath().normalize());
	}

	/**
	 * As {@link #granted}, for a file or folder to write; also null when it is (or holds) one of {@code catalogs}
	 * (an attached catalog's metadata database, with its -wal / -shm / .wal beside it), holds a data path, or is a
	 * file already inside one of {@code dataPaths}: a catalog's own files are never overwritten from SQL.
	 */
	String writable(String path, Collection<Path> catalogs, Collection<Path> dataPaths) throws EngineException {
		String g = granted(path);
		if (g == null) {
			return null;
		}
		Path r = real(Path.of(g));
		for (Path k : catalogs) {
			Path rk = real(k.toAbsolutePath().normalize());
			if (rk.startsWith(r) || r.getParent() != null && r.getParent().equals(rk.getParent())
					&& r.getFileName().toString().startsWith(rk.getFileName().toString())) {
				return null;
			}
		}
		for (Path d : dataPaths) {
			Path rd = real(d.toAbsolutePath().normalize());
			if (rd.startsWith(r) || r.startsWith(rd) && Files.exists(r)) {
				return null;
			}
		}
		return g;
	}

	/** The path up to its first glob character's folder: what must lie inside a granted folder. */
	private static Path fixedPart(Path abs) {
		Path p = abs;
		while (p != null && p.toString().matches(".*[*?\\[{].*")) {
			p = p.getParent();
		}
		return p == null ? abs.getRoot() : p;
	}

	private static boolean any(String path, String segment) {
		for (String s : path.split("[/\\\\]")) {
			if (s.equals(segment)) {
				return true;
			}
		}
		return false;
	}

	/** The path with its links followed as far as it exists (the rest appended as written). */
	private static Path real(Path abs) {
		Path existing = abs;
		while (existing != null && !Files.exists(existing)) {
			existing = existing.getParent();
		}
		if (existing == null) {
			return abs;
		}
		try {
			return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
		} catch (IOException e) {
			return abs;
		}
	}

	private static EngineException refused(String why) {
		return new EngineException(Kind.REFUSED, "refused: " + why);
	}
}
