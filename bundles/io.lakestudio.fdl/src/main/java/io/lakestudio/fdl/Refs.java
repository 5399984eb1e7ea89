package io.lakestudio.fdl;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Repository.Read;
import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.CountingStore;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;
import io.lakestudio.store.http.HttpStore;

/**
 * Moving refs by the rules of docs/fdl-0.1.md "Refs": a branch by a conditional write on the value it was read
 * with and only forward unless forced, a tag once, a request opened at the next free number. Every ref written
 * names a version that is whole in the repository.
 */
public final class Refs {

	private final Repository repo;

	public Refs(Repository repo) {
		this.repo = repo;
	}

	public Optional<Read<Ref>> branch(String name) throws FdlException {
		return repo.ref(Layout.branch(name));
	}

	/**
	 * Moves (or, with {@code etag} null, creates) a branch to {@code id}.
	 *
	 * @param etag the etag the branch was read with; null when it was not there
	 * @return the branch's new etag
	 */
	public String moveBranch(String name, String id, String etag, boolean force) throws FdlException {
		requireWhole(id);
		return moveChecked(name, id, etag, force);
	}

	/**
	 * As {@link #moveBranch}, for a writer that has just checked the version whole itself: it wrote its record,
	 * catalog and every data file it names in this push, or found each there (docs/fdl-0.1.md "Writing"), so they
	 * are not read back (over HTTP, the catalog again and a HEAD per data file).
	 */
	String moveChecked(String name, String id, String etag, boolean force) throws FdlException {
		String path = Layout.branch(name);
		Optional<Read<Ref>> now = repo.ref(path);
		if (etag == null && now.isPresent() || etag != null && (now.isEmpty() || !now.get().etag().equals(etag)))
			throw moved(path);
		boolean forward = now.isEmpty() || repo.descends(id, now.get().value().version());
		if (!forward && !force)
			throw new FdlException(Refusal.NOT_FAST_FORWARD, path, short8(id) + " does not descend from "
					+ short8(now.get().value().version()) + ", which the branch is at: pull and merge first (or force)");
		if (!forward)
			return forced(path, new Ref(id).bytes(), etag);
		return put(path, new Ref(id).bytes(), etag == null ? WriteCondition.IF_ABSENT : WriteCondition.ifMatch(etag));
	}

	/**
	 * A move that is not forward: a host is told it is forced ({@code FDL-Force: true}, which it may refuse), else
	 * its check would refuse it as not a fast-forward; other stores take it as any write if match.
	 */
	private String forced(String path, byte[] bytes, String etag) throws FdlException {
		ObjectStore s = repo.store();
		while (s instanceof CountingStore c)
			s = c.inner();
		if (!(s instanceof HttpStore http))
			return put(path, bytes, WriteCondition.ifMatch(etag));
		try {
			return http.forcePut(path, bytes, etag);
		} catch (StoreException e) {
			throw e.kind() == StoreException.Kind.PRECONDITION_FAILED ? moved(path) : Repository.failed(e);
		}
	}

	public void deleteBranch(String name, String etag) throws FdlException {
		try {
			repo.store().delete(Layout.branch(name), etag);
		} catch (StoreException e) {
			throw e.kind() == StoreException.Kind.PRECONDITION_FAILED ? moved(Layout.branch(name)) : Repository.failed(e);
		}
	}

	/** Writes a tag once: a tag that exists is refused, whatever it names. */
	public void tag(String name, String id) throws FdlException {
		String path = Layout.tag(name);
		requireWhole(id);
		try {
			repo.store().put(path, new Ref(id).bytes(), WriteCondition.IF_ABSENT);
		} catch (StoreException e) {
			if (e.kind() == StoreException.Kind.PRECONDITION_FAILED)
				throw new FdlException(Refusal.CONDITION_FAILED, path, "the tag exists; tags never move");
			throw Repository.failed(e);
		}
	}

	/** Opens a request at the next free number; returns the number. */
	public long openRequest(String id, String forBranch, String by, String message, Clock clock) throws FdlException {
		requireWhole(id);
		long n = 1;
		try {
			for (ObjectInfo o : repo.store().list(Layout.REQUESTS))
				n = Math.max(n, Long.parseLong(o.path().substring(Layout.REQUESTS.length())) + 1);
		} catch (StoreException e) {
			throw Repository.failed(e);
		} catch (NumberFormatException e) {
			// a stray name there: numbering goes on from the others
		}
		Request r = new Request(by, forBranch, message, clock.instant(), Request.State.OPEN, id, Map.of());
		for (;; n++)
			try {
				repo.store().put(Layout.request(n), r.bytes(), WriteCondition.IF_ABSENT);
				return n;
			} catch (StoreException e) {
				if (e.kind() != StoreException.Kind.PRECONDITION_FAILED)
					throw Repository.failed(e);
			}
	}

	public Read<Request> request(long n) throws FdlException {
		String path = Layout.request(n);
		Read<byte[]> r = repo.read(path).orElseThrow(() -> new FdlException(Refusal.NOT_FOUND, path, "no such request"));
		return new Read<>(path, Request.parse(r.value(), path), r.etag());
	}

	/** Merges an open request: its branch moves to its version (forward only), then it says merged. */
	public void merge(long n) throws FdlException {
		Read<Request> r = request(n);
		if (r.value().state() != Request.State.OPEN)
			throw new FdlException(Refusal.CONDITION_FAILED, r.path(), "the request is " + r.value().state());
		String branch = r.value().forBranch();
		Optional<Read<Ref>> head = branch(branch);
		moveBranch(branch, r.value().version(), head.map(Read::etag).orElse(null), false);
		put(r.path(), r.value().withState(Request.State.MERGED).bytes(), WriteCondition.ifMatch(r.etag()));
	}

	public void close(long n) throws FdlException {
		Read<Request> r = request(n);
		put(r.path(), r.value().withState(Request.State.CLOSED).bytes(), WriteCondition.ifMatch(r.etag()));
	}

	/** Refuses {@code id} unless its record (signature verified), catalog and every data file it names are there. */
	public void requireWhole(String id) throws FdlException {
		VersionRecord r = repo.record(id, null);
		byte[] catalog = repo.catalog(r);
		for (String f : NamedFiles.of(catalog, Layout.catalog(r.catalogSha256())).keySet())
			if (!repo.exists(f))
				throw FdlException.missing(f, "named by version " + short8(id) + " but not in the repository");
	}

	private String put(String path, byte[] bytes, WriteCondition condition) throws FdlException {
		try {
			return repo.store().put(path, bytes, condition);
		} catch (StoreException e) {
			throw e.kind() == StoreException.Kind.PRECONDITION_FAILED ? moved(path) : Repository.failed(e);
		}
	}

	private static FdlException moved(String path) {
		return new FdlException(Refusal.CONDITION_FAILED, path, "moved since it was read: pull, then push again");
	}

	static String short8(String id) {
		return id.length() > 8 ? id.substring(0, 8) : id;
	}
}
