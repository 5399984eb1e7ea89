package io.lakestudio.fdl.host;

import java.time.Clock;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Layout;
import io.lakestudio.fdl.Marker;
import io.lakestudio.fdl.Ref;
import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Request;
import io.lakestudio.fdl.RetentionNote;
import io.lakestudio.fdl.VersionRecord;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * The checks a host makes before a write lands ("Pushing over HTTP"): each file read as a reader would, refs moved
 * by {@link Refs}' rules, main only by those allowed. Nothing is changed by a refused write.
 */
final class HostWrites {

	private final Repository repo;
	private final Refs refs;

	HostWrites(Repository repo, Clock clock) {
		this.repo = repo;
		this.refs = new Refs(repo);
	}

	/**
	 * @param ifMatch the {@code If-Match} etag, or null
	 * @param ifNoneMatch whether {@code If-None-Match: *} was given
	 * @return the new etag
	 */
	String put(String path, byte[] body, String ifMatch, boolean ifNoneMatch, boolean force, Access.Who who)
			throws FdlException {
		if (!Layout.inLayout(path) || path.startsWith(Layout.HOST) || path.equals(Layout.UNNAMED))
			throw new FdlException(Refusal.FORBIDDEN, path, "not a path a client writes");
		if (ifMatch == null && !ifNoneMatch || ifMatch != null && ifNoneMatch)
			throw FdlException.malformed(path, "a PUT needs exactly one of If-None-Match: * and If-Match");
		if (ifMatch != null && Layout.writtenOnce(path))
			throw FdlException.malformed(path, "written once: only If-None-Match: * is taken here");
		WriteCondition condition = ifNoneMatch ? WriteCondition.IF_ABSENT : WriteCondition.ifMatch(ifMatch);
		if (path.equals(Layout.MARKER))
			Marker.parse(body, path);
		else if (path.startsWith(Layout.VERSIONS)) {
			if (!VersionRecord.sha256(body).equals(path.substring(Layout.VERSIONS.length())))
				throw FdlException.malformed(path, "the record's SHA-256 is not its name");
			VersionRecord.parse(body, path);
		} else if (path.startsWith(Layout.CATALOGS)) {
			if (!VersionRecord.sha256(body).equals(path.substring(Layout.CATALOGS.length())))
				throw FdlException.malformed(path, "the catalog's SHA-256 is not its name");
		} else if (path.startsWith(Layout.HEADS)) {
			String branch = path.substring(Layout.HEADS.length());
			if (branch.equals(Layout.MAIN) && !who.mayMoveMain())
				throw new FdlException(Refusal.FORBIDDEN, path, who.name() + " may not move main: open a request");
			return refs.moveBranch(branch, Ref.parse(body, path).version(), ifMatch, force);
		} else if (path.startsWith(Layout.TAGS)) {
			refs.tag(path.substring(Layout.TAGS.length()), Ref.parse(body, path).version());
			return etag(path);
		} else if (path.startsWith(Layout.REQUESTS))
			checkRequest(path, Request.parse(body, path), ifMatch, who);
		else if (path.startsWith(Layout.RETENTION)) {
			RetentionNote.parse(body, path);
			repo.record(path.substring(Layout.RETENTION.length()), null);
		}
		try {
			return repo.store().put(path, body, condition);
		} catch (StoreException e) {
			throw Repository.failed(e);
		}
	}

	private void checkRequest(String path, Request r, String ifMatch, Access.Who who) throws FdlException {
		if (ifMatch == null) {
			if (r.state() != Request.State.OPEN)
				throw FdlException.malformed(path, "a request is opened open");
			refs.requireWhole(r.version());
			return;
		}
		byte[] now = repo.bytes(path).orElseThrow(() -> new FdlException(Refusal.CONDITION_FAILED, path, "no such request"));
		Request old = Request.parse(now, path);
		if (!old.withState(r.state()).equals(r))
			throw FdlException.malformed(path, "only a request's state changes");
		if (r.state() == Request.State.MERGED && !repo.resolve(r.forBranch()).equals(r.version())
				&& !repo.descends(repo.resolve(r.forBranch()), r.version()))
			throw new FdlException(Refusal.CONDITION_FAILED, path, r.forBranch() + " does not hold the version: merge it first");
		if (r.state() == Request.State.MERGED && r.forBranch().equals(Layout.MAIN) && !who.mayMoveMain())
			throw new FdlException(Refusal.FORBIDDEN, path, who.name() + " may not merge into main");
	}

	void deleteBranch(String path, String ifMatch, Access.Who who) throws FdlException {
		if (!path.startsWith(Layout.HEADS) || !Layout.inLayout(path))
			throw new FdlException(Refusal.FORBIDDEN, path, "only branches are deleted by clients");
		String branch = path.substring(Layout.HEADS.length());
		if (branch.equals(Layout.MAIN))
			throw new FdlException(Refusal.FORBIDDEN, path, "main is not deleted");
		if (ifMatch == null)
			throw FdlException.malformed(path, "a DELETE needs If-Match");
		refs.deleteBranch(branch, ifMatch);
	}

	private String etag(String path) throws FdlException {
		return repo.read(path).map(Repository.Read::etag).orElse("");
	}
}
