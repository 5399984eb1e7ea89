package io.lakestudio.fdl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Repository.Read;

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

	private final Repository repo;
	private final Trust trust;
	private final Path cache;

	public Reader(Repository repo, Trust trust, Path cache) {
		this.repo = repo;
		this.trust = trust;
		this.cache = cache;
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
			byte[] catalog = repo.catalog(record);
			Files.createDirectories(cache);
			Path tmp = Files.createTempFile(cache, "catalog", ".tmp");
			Files.write(tmp, catalog);
			tmp.toFile().setWritable(false, false);
			Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		return new Opened(id, record, file, repo.dataRoot(), note);
	}
}
