package io.lakestudio.fdl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Repository.Read;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * Turns a working catalog into a version on a branch, writing in the specification's order: data files the
 * repository lacks (if absent), the frozen catalog, the record, then the branch (if match on the value it was read
 * with). A push stopped anywhere leaves at most unnamed objects.
 */
public final class Writer {

	/** What a commit wrote: the version, its record, and what it sent. */
	public record Committed(String id, VersionRecord record, int filesSent, long bytesSent, int requests) {
	}

	private final Repository repo;
	private final Signing key;
	private final String author;
	private final Clock clock;
	private int requests;
	private long bytesSent;

	public Writer(Repository repo, Signing key, String author, Clock clock) {
		this.repo = repo;
		this.key = key;
		this.author = author;
		this.clock = clock;
	}

	/**
	 * Freezes {@code working} at its current snapshot and moves {@code branch} to the new version, whose parent is
	 * the version the branch was at (a new branch's: main's; none in an empty repository).
	 */
	public Committed commit(Path working, String branch, String message, Path scratch, boolean force)
			throws FdlException, IOException {
		repo.marker();
		Refs refs = new Refs(repo);
		Optional<Read<Ref>> head = refs.branch(branch);
		// a new branch starts where main is, as a Git branch starts where HEAD is
		Optional<Read<Ref>> base = head.isEmpty() && !branch.equals(Layout.MAIN) ? refs.branch(Layout.MAIN) : head;
		List<String> parents = base.map(h -> List.of(h.value().version())).orElse(List.of());
		FrozenCatalog frozen = FrozenCatalog.freeze(working, scratch);
		try {
			if (head.isPresent()
					&& repo.record(head.get().value().version(), null).catalogSha256().equals(frozen.sha256()))
				throw new FdlException(Refusal.CONDITION_FAILED, Layout.branch(branch),
						"nothing to commit: the working catalog is the one the branch is at");
			VersionRecord record = new VersionRecord(parents, frozen.sha256(), frozen.size(), frozen.ducklakeVersion(),
					frozen.snapshot(), clock.instant(), author, key.publicKey(), message == null ? "" : message,
					frozen.files().size(), frozen.dataBytes(), Map.of(), null).signedBy(key);
			int sent = 0;
			for (FrozenCatalog.DataFile f : frozen.files())
				if (putIfAbsent(f.path(), () -> Files.readAllBytes(f.local())))
					sent++;
			putIfAbsent(Layout.catalog(frozen.sha256()), () -> Files.readAllBytes(frozen.file()));
			String id = record.id();
			putIfAbsent(Layout.version(id), record::bytes);
			refs.moveBranch(branch, id, head.map(Read::etag).orElse(null), force);
			requests++;
			return new Committed(id, record, sent, bytesSent, requests);
		} finally {
			Files.deleteIfExists(frozen.file());
		}
	}

	private interface Bytes {
		byte[] get() throws IOException;
	}

	/** Writes an object the repository lacks; one already there is left as it is. Returns whether it was sent. */
	private boolean putIfAbsent(String path, Bytes bytes) throws FdlException, IOException {
		try {
			requests++;
			if (repo.store().head(path).isPresent())
				return false;
			byte[] b = bytes.get();
			requests++;
			repo.store().put(path, b, WriteCondition.IF_ABSENT);
			bytesSent += b.length;
			return true;
		} catch (StoreException e) {
			if (e.kind() == StoreException.Kind.PRECONDITION_FAILED)
				return false;
			throw Repository.failed(e);
		}
	}
}
