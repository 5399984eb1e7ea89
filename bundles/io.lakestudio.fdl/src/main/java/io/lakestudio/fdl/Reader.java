package io.lakestudio.fdl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Repository.Read;
import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.fdl.internal.Ranged;
import io.lakestudio.fdl.internal.Sqlite;

/**
 * Opens a version as docs/fdl-0.1.md "Reading" says: ref, ID, record (hash, signature, trusted key), retention
 * (withdrawn refused unless forced), catalog (size and hash), then a local read-only copy of the catalog for
 * DuckLake, kept in a cache by its hash since a catalog never changes.
 */
public final class Reader {

	/** A version ready for DuckLake's read-only open: the verified catalog file and where its data is. */
	public record Opened(String id, VersionRecord record, Path catalogFile, String dataRoot,
			Optional<RetentionNote> retention) {
	}

	/** What {@link #copyData} fetched. */
	public record Copied(int files, long bytes) {
	}

	private final Repository repo;
	private final Trust trust;
	private final Path cache;
	private final int chunk;

	public Reader(Repository repo, Trust trust, Path cache) {
		this(repo, trust, cache, Ranged.CHUNK);
	}

	private Reader(Repository repo, Trust trust, Path cache, int chunk) {
		this.repo = repo;
		this.trust = trust;
		this.cache = cache;
		this.chunk = chunk;
	}

	/** The same reader fetching catalogs and data files {@code bytes} at a time (one ranged read each). */
	public Reader chunked(int bytes) {
		if (bytes < 1)
			throw new IllegalArgumentException("a chunk of " + bytes + " bytes");
		return new Reader(repo, trust, cache, bytes);
	}

	/** Opens {@code name} (a version ID, branch or tag; {@code main} when null). */
	public Opened open(String name, boolean force) throws FdlException, IOException {
		repo.marker();
		String id = repo.resolve(name);
		VersionRecord record = repo.record(id, trust);
		Optional<RetentionNote> note = repo.retention(id).map(Read::value);
		if (note.isPresent() && note.get().withdrawn() && !force)
			throw new FdlException(Refusal.WITHDRAWN, Layout.version(id), "withdrawn by " + note.get().by() + " on "
					+ io.lakestudio.fdl.internal.Fields.time(note.get().time()) + ": " + note.get().why()
					+ " (open it anyway only if you must)");
		Path file = cache.resolve(record.catalogSha256() + ".sqlite");
		if (!Files.isRegularFile(file) || Files.size(file) != record.catalogSize()) {
			Files.createDirectories(cache);
			Path tmp = Files.createTempFile(cache, "catalog", ".tmp");
			String path = Layout.catalog(record.catalogSha256());
			String sha = Ranged.copy(repo.store(), path, record.catalogSize(), chunk, tmp,
					"the version's catalog is not in the repository (taken out of retention and collected?)");
			if (!sha.equals(record.catalogSha256())) {
				Files.delete(tmp);
				throw FdlException.malformed(path, "the catalog's SHA-256 is " + sha + ", not the record's: it was altered");
			}
			tmp.toFile().setWritable(false, false);
			Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		return new Opened(id, record, file, repo.dataRoot(), note);
	}

	/**
	 * Copies the data files {@code v} names that {@code root} lacks to {@code root/data/<path>}: a working folder's
	 * data, or a local mirror of a host's. Each copy is checked against its catalog's hash as it is fetched; a data
	 * file never changes, so one there at its size is kept as it is (and checked where it is read, {@link CheckedFiles}).
	 */
	public Copied copyData(Opened v, Path root) throws FdlException, IOException {
		Map<String, NamedFiles.Named> files;
		String where = Layout.catalog(v.record().catalogSha256());
		try (Connection c = Sqlite.open(v.catalogFile(), true)) {
			files = NamedFiles.of(c, where);
		} catch (SQLException e) {
			throw FdlException.malformed(where, "not a readable SQLite DuckLake catalog: " + e.getMessage());
		}
		int n = 0;
		long bytes = 0;
		for (Map.Entry<String, NamedFiles.Named> f : files.entrySet()) {
			Path local = root.resolve(f.getKey());
			long size = f.getValue().size();
			if (Files.isRegularFile(local) && Files.size(local) == size)
				continue;
			Files.createDirectories(local.getParent());
			Path tmp = Files.createTempFile(local.getParent(), ".fetch", ".tmp");
			String sha = Ranged.copy(repo.store(), f.getKey(), size, chunk, tmp, "named by version "
					+ Refs.short8(v.id()) + " but not in " + repo.location());
			if (!sha.equals(f.getValue().sha256())) {
				Files.delete(tmp);
				throw CheckedFiles.altered(f.getKey(), v.id(), "its SHA-256 in " + repo.location() + " is " + sha
						+ ", where its catalog gives " + f.getValue().sha256());
			}
			long got = Files.size(tmp);
			Files.move(tmp, local, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			n++;
			bytes += got;
		}
		return new Copied(n, bytes);
	}
}
