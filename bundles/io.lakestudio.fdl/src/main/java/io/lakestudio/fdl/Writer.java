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
import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.fdl.internal.Ranged;
import io.lakestudio.store.CountingStore;
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

	private final CountingStore counted;
	private final Repository repo;
	private final Signing key;
	private final String author;
	private final Clock clock;
	/** The counts when the commit under way began: a commit reports its own requests. */
	private long requests0, bytes0;

	public Writer(Repository repo, Signing key, String author, Clock clock) {
		// every request a commit makes is counted, the reads of refs and records too, for what it reports
		this.counted = new CountingStore(repo.store());
		this.repo = new Repository(counted, repo.location());
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
		requests0 = counted.requests();
		bytes0 = counted.bytes(CountingStore.Kind.PUT);
		repo.marker();
		Optional<Read<Ref>> head = new Refs(repo).branch(branch);
		// a new branch starts where main is, as a Git branch starts where HEAD is
		Optional<Read<Ref>> base = head.isEmpty() && !branch.equals(Layout.MAIN) ? new Refs(repo).branch(Layout.MAIN) : head;
		return write(working, branch, head, base.map(h -> h.value().version()).orElse(null), false, message, scratch,
				force);
	}

	/**
	 * Commits a working folder's catalog, which started from version {@code from} (null: from an empty repository):
	 * the new version's parent is {@code from}, and the branch must still be there (or not exist yet), else the
	 * commit is refused with "pull", since a parent the catalog did not start from would drop the versions between.
	 */
	public Committed commitFrom(Path working, String branch, String from, String message, Path scratch)
			throws FdlException, IOException {
		requests0 = counted.requests();
		bytes0 = counted.bytes(CountingStore.Kind.PUT);
		repo.marker();
		Optional<Read<Ref>> head = new Refs(repo).branch(branch);
		if (head.isPresent() && !head.get().value().version().equals(from))
			throw new FdlException(Refusal.CONDITION_FAILED, Layout.branch(branch), branch + " is at "
					+ Refs.short8(head.get().value().version()) + ", but this working catalog started from "
					+ (from == null ? "an empty repository" : Refs.short8(from)) + ": pull, then commit again");
		return write(working, branch, head, from, true, message, scratch, false);
	}

	/** @param startedFrom whether the working catalog started from {@code parent} (so the same snapshot is no change) */
	private Committed write(Path working, String branch, Optional<Read<Ref>> head, String parent, boolean startedFrom,
			String message, Path scratch, boolean force) throws FdlException, IOException {
		Refs refs = new Refs(repo);
		List<String> parents = parent == null ? List.of() : List.of(parent);
		FrozenCatalog frozen = FrozenCatalog.freeze(working, scratch);
		try {
			VersionRecord from = parent == null ? null : repo.record(parent, null);
			// DuckLake makes a snapshot on every write, so the same snapshot is the same catalog
			if (head.isPresent() && from != null && (from.catalogSha256().equals(frozen.sha256())
					|| startedFrom && from.snapshot() == frozen.snapshot()))
				throw new FdlException(Refusal.CONDITION_FAILED, Layout.branch(branch),
						"nothing to commit: the working catalog is the one the branch is at");
			VersionRecord record = new VersionRecord(parents, frozen.sha256(), frozen.size(), frozen.ducklakeVersion(),
					frozen.snapshot(), clock.instant(), author, key.publicKey(), message == null ? "" : message,
					frozen.files().size(), frozen.dataBytes(), Map.of(), null).signedBy(key);
			int sent = 0;
			Map<String, NamedFiles.Named> parentFiles = null;
			for (FrozenCatalog.DataFile f : frozen.files())
				if (putIfAbsent(f.path(), () -> sending(f, record.id())))
					sent++;
				else {
					if (parentFiles == null)
						parentFiles = namedBy(from);
					checkThere(f, parentFiles.get(f.path()), record.id(), parent);
				}
			putIfAbsent(Layout.catalog(frozen.sha256()), () -> Files.readAllBytes(frozen.file()));
			String id = record.id();
			putIfAbsent(Layout.version(id), record::bytes);
			// each object was found there or written just now: the version is whole without reading it back
			refs.moveChecked(branch, id, head.map(Read::etag).orElse(null), force);
			return new Committed(id, record, sent, counted.bytes(CountingStore.Kind.PUT) - bytes0,
					(int) (counted.requests() - requests0));
		} finally {
			Files.deleteIfExists(frozen.file());
		}
	}

	/** A data file's bytes as they are sent: those it was frozen with, else the version would name other bytes. */
	private static byte[] sending(FrozenCatalog.DataFile f, String id) throws IOException, FdlException {
		byte[] b = Files.readAllBytes(f.local());
		String sha = VersionRecord.sha256(b);
		if (!sha.equals(f.sha256()))
			throw CheckedFiles.altered(f.path(), id, "its local copy " + f.local() + " changed while it was committed");
		return b;
	}

	/** The data files the parent's catalog hashes; none when there is no parent or its catalog is gone. */
	private Map<String, NamedFiles.Named> namedBy(VersionRecord parent) throws FdlException {
		if (parent == null)
			return Map.of();
		try {
			return NamedFiles.of(repo.catalog(parent), Layout.catalog(parent.catalogSha256()));
		} catch (FdlException e) {
			if (e.refusal() == Refusal.MISSING)
				return Map.of(); // taken out of retention and collected: the files it named are read back
			throw e;
		}
	}

	/**
	 * A data file not sent since the repository has it: its bytes there must be the local ones the catalog hashes.
	 * The parent naming it with the same hash says so at no cost (the usual case: a file the working folder
	 * fetched); a local copy altered since it was fetched is refused; a file the parent does not name is read back.
	 */
	private void checkThere(FrozenCatalog.DataFile f, NamedFiles.Named inParent, String id, String parent)
			throws FdlException, IOException {
		if (inParent != null) {
			if (!inParent.sha256().equals(f.sha256()))
				throw CheckedFiles.altered(f.path(), id, "the local copy " + f.local() + " has SHA-256 " + f.sha256()
						+ ", where the parent version " + Refs.short8(parent) + " names it with " + inParent.sha256()
						+ ": it was altered since it was fetched");
			return;
		}
		String there = Ranged.copy(repo.store(), f.path(), f.size(), Ranged.CHUNK, java.io.OutputStream.nullOutputStream(),
				"not in the repository");
		if (!there.equals(f.sha256()))
			throw CheckedFiles.altered(f.path(), id, "the repository's copy has SHA-256 " + there
					+ ", where the local copy " + f.local() + " has " + f.sha256());
	}

	private interface Bytes {
		byte[] get() throws IOException, FdlException;
	}

	/** Writes an object the repository lacks; one already there is left as it is. Returns whether it was sent. */
	private boolean putIfAbsent(String path, Bytes bytes) throws FdlException, IOException {
		try {
			if (repo.store().head(path).isPresent())
				return false;
			repo.store().put(path, bytes.get(), WriteCondition.IF_ABSENT);
			return true;
		} catch (StoreException e) {
			if (e.kind() == StoreException.Kind.PRECONDITION_FAILED)
				return false;
			throw Repository.failed(e);
		}
	}
}
