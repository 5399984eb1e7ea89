package io.lakestudio.fdl;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.PreconditionFailed;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;
import io.lakestudio.store.http.HttpStore;

/**
 * One FDL repository on an object store: its files read and checked as docs/fdl-0.1.md says a reader checks them.
 * Writing is {@link Writer}'s, refs {@link Refs}', collecting {@link Collector}'s.
 */
public final class Repository {

	/** A file read together with the etag a conditional write on it needs. */
	public record Read<T>(String path, T value, String etag) {
	}

	private final ObjectStore store;
	private final String location;

	/**
	 * @param location where the root is, for people and for DuckLake's data path (a folder, a URL), ending in '/'
	 */
	public Repository(ObjectStore store, String location) {
		this.store = store;
		this.location = location.endsWith("/") ? location : location + "/";
	}

	public ObjectStore store() {
		return store;
	}

	public String location() {
		return location;
	}

	/** Where DuckLake finds the data files: {@code <root>data/}. */
	public String dataRoot() {
		return location + Layout.DATA;
	}

	/** Writes the format marker if absent; a repository already there with the same marker is left as it is. */
	public static Repository init(ObjectStore store, String location) throws FdlException {
		Repository r = new Repository(store, location);
		try {
			store.put(Layout.MARKER, Marker.CURRENT.bytes(), WriteCondition.IF_ABSENT);
		} catch (PreconditionFailed e) {
			r.marker();
		} catch (StoreException e) {
			throw failed(e);
		}
		return r;
	}

	/** Reads {@code FDL}, refusing a store that holds no repository or one of a version this code does not know. */
	public Marker marker() throws FdlException {
		byte[] b = bytes(Layout.MARKER).orElseThrow(() -> new FdlException(Refusal.NOT_FOUND, Layout.MARKER,
				"no FDL repository at " + location + " (no format marker)"));
		Marker m = Marker.parse(b, Layout.MARKER);
		if (!Marker.VERSION.equals(m.version()))
			throw FdlException.malformed(Layout.MARKER, "FDL " + m.version() + " is not a version this reads (0.1)");
		return m;
	}

	/** The record of {@code id}, checked: its hash is its name, it is canonical and well formed, its signature verifies, and (unless trust is null) its key is trusted. */
	public VersionRecord record(String id, Trust trust) throws FdlException {
		String path = Layout.version(id);
		byte[] b = bytes(path).orElseThrow(() -> new FdlException(Refusal.MISSING, path, "no such version"));
		if (!VersionRecord.sha256(b).equals(id))
			throw FdlException.malformed(path, "the record's SHA-256 is " + VersionRecord.sha256(b)
					+ ", not its name: it was altered");
		VersionRecord r = VersionRecord.parse(b, path);
		if (trust != null && !trust.trusts(r.authorKey()))
			throw new FdlException(Refusal.UNTRUSTED, path, "signed by " + r.authorName() + "'s key " + r.authorKey()
					+ ", which is not trusted here (trust it to read this version)");
		return r;
	}

	/** The frozen catalog's bytes, checked against its size and hash in the record. */
	public byte[] catalog(VersionRecord r) throws FdlException {
		String path = Layout.catalog(r.catalogSha256());
		byte[] b = bytes(path).orElseThrow(() -> new FdlException(Refusal.MISSING, path,
				"the version's catalog is not in the repository (taken out of retention and collected?)"));
		if (b.length != r.catalogSize() || !VersionRecord.sha256(b).equals(r.catalogSha256()))
			throw FdlException.malformed(path, "the catalog's size or SHA-256 is not the record's: it was altered");
		return b;
	}

	public Optional<Read<Ref>> ref(String path) throws FdlException {
		Optional<Read<byte[]>> r = read(path);
		if (r.isEmpty())
			return Optional.empty();
		return Optional.of(new Read<>(path, Ref.parse(r.get().value(), path), r.get().etag()));
	}

	/** A version ID, or a branch, or a tag, to a version ID ({@code main} when {@code name} is null). */
	public String resolve(String name) throws FdlException {
		if (name == null || name.isEmpty())
			name = Layout.MAIN;
		if (io.lakestudio.fdl.internal.Fields.isHash(name))
			return name;
		if (!Layout.isName(name))
			throw FdlException.malformed(null, "not a version ID, branch or tag: " + name);
		for (String path : new String[] { Layout.branch(name), Layout.tag(name) }) {
			Optional<Read<byte[]>> r = read(path);
			if (r.isPresent())
				return Ref.parse(r.get().value(), path).version();
		}
		throw new FdlException(Refusal.NOT_FOUND, Layout.branch(name), "no branch or tag " + name);
	}

	public Optional<Read<RetentionNote>> retention(String id) throws FdlException {
		String path = Layout.retention(id);
		Optional<Read<byte[]>> r = read(path);
		if (r.isEmpty())
			return Optional.empty();
		return Optional.of(new Read<>(path, RetentionNote.parse(r.get().value(), path), r.get().etag()));
	}

	/** Whether {@code descendant} is {@code ancestor} or reaches it through parents. */
	public boolean descends(String descendant, String ancestor) throws FdlException {
		Deque<String> todo = new ArrayDeque<>();
		Set<String> seen = new HashSet<>();
		todo.add(descendant);
		while (!todo.isEmpty()) {
			String id = todo.pop();
			if (id.equals(ancestor))
				return true;
			if (seen.add(id))
				todo.addAll(record(id, null).parents());
		}
		return false;
	}

	public Optional<byte[]> bytes(String path) throws FdlException {
		return read(path).map(Read::value);
	}

	/**
	 * A file and its etag, the etag read before and after the bytes so the two belong together (a store's get
	 * returns no etag). A ref written meanwhile makes it read again.
	 */
	public Optional<Read<byte[]>> read(String path) throws FdlException {
		try {
			if (!mutable(path))
				// written once: one GET, no etag needed
				return Optional.of(new Read<>(path, store.get(path), ""));
			for (int attempt = 0;; attempt++) {
				Optional<ObjectInfo> before = store.head(path);
				if (before.isEmpty())
					return Optional.empty();
				byte[] bytes = store.get(path);
				Optional<ObjectInfo> after = store.head(path);
				if (after.isPresent() && after.get().etag().equals(before.get().etag()) || attempt == 5)
					return Optional.of(new Read<>(path, bytes, before.get().etag()));
			}
		} catch (StoreException e) {
			if (e.kind() == StoreException.Kind.NOT_FOUND)
				return Optional.empty();
			throw failed(e);
		}
	}

	/** Files that change in place (refs, retention, the ledger); everything else is written once. */
	private static boolean mutable(String path) {
		return path.startsWith("refs/") || path.startsWith(Layout.RETENTION) || path.equals(Layout.UNNAMED);
	}

	public boolean exists(String path) throws FdlException {
		try {
			return store.head(path).isPresent();
		} catch (StoreException e) {
			throw failed(e);
		}
	}

	/** A store failure as FDL says it: a failed condition is a refusal of its own. */
	public static FdlException failed(StoreException e) {
		if (e instanceof HttpStore.Refused r)
			for (Refusal known : Refusal.values())
				if (known.code.equals(r.code) && known.status == r.status)
					return new FdlException(known, e.path(), e.getMessage(), e);
		return switch (e.kind()) {
		case PRECONDITION_FAILED -> new FdlException(Refusal.CONDITION_FAILED, e.path(), e.getMessage(), e);
		case NOT_FOUND -> new FdlException(Refusal.NOT_FOUND, e.path(), e.getMessage(), e);
		case FORBIDDEN -> new FdlException(Refusal.FORBIDDEN, e.path(), e.getMessage(), e);
		case UNAUTHORIZED -> new FdlException(Refusal.UNAUTHORIZED, e.path(), e.getMessage(), e);
		default -> new FdlException(Refusal.STORE, e.path(), e.getMessage(), e);
		};
	}
}
