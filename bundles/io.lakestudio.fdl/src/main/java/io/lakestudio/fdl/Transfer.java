package io.lakestudio.fdl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.fdl.Repository.Read;
import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * Copies a branch from one repository to another (a push to a host, a pull from one), in the specification's
 * write order: for each version the target lacks, oldest first, its data files, catalog and record (each if
 * absent), then the branch, if match on the value read and forward only unless forced.
 */
public final class Transfer {

	/** What a transfer moved: the version the branch is at now, and what was sent. */
	public record Moved(String id, int versions, int objects, long bytes) {
	}

	private final Repository from;
	private final Repository to;
	private int objects;
	private long bytes;

	public Transfer(Repository from, Repository to) {
		this.from = from;
		this.to = to;
	}

	public Moved branch(String branch, boolean force) throws FdlException {
		from.marker();
		to.marker();
		String id = from.resolve(branch);
		Optional<Read<Ref>> there = to.ref(Layout.branch(branch));
		if (there.isPresent() && there.get().value().version().equals(id))
			return new Moved(id, 0, 0, 0);
		List<String> missing = missing(id);
		boolean whole = false;
		for (String v : missing)
			whole = copyVersion(v) && v.equals(id);
		// the branch's version copied whole just now is not read back; one the target had already is checked
		if (whole)
			new Refs(to).moveChecked(branch, id, there.map(Read::etag).orElse(null), force);
		else
			new Refs(to).moveBranch(branch, id, there.map(Read::etag).orElse(null), force);
		return new Moved(id, missing.size(), objects, bytes);
	}

	/** Copies a tag the target lacks; a tag it has already must name the same version. */
	public void tag(String tag) throws FdlException {
		String id = from.resolve(tag);
		Optional<Read<Ref>> there = to.ref(Layout.tag(tag));
		if (there.isPresent()) {
			if (!there.get().value().version().equals(id))
				throw new FdlException(FdlException.Refusal.CONDITION_FAILED, Layout.tag(tag),
						"the tag names another version there; tags never move");
			return;
		}
		for (String v : missing(id))
			copyVersion(v);
		new Refs(to).tag(tag, id);
	}

	/** The versions from {@code id} back that the target lacks, oldest first. */
	private List<String> missing(String id) throws FdlException {
		List<String> out = new ArrayList<>();
		Deque<String> todo = new ArrayDeque<>(List.of(id));
		Set<String> seen = new HashSet<>();
		while (!todo.isEmpty()) {
			String v = todo.pop();
			if (!seen.add(v) || to.exists(Layout.version(v)))
				continue;
			out.add(v);
			todo.addAll(from.record(v, null).parents());
		}
		java.util.Collections.reverse(out);
		return out;
	}

	/** Copies a version's objects the target lacks; whether its catalog and data files were among them (whole). */
	private boolean copyVersion(String id) throws FdlException {
		VersionRecord r = from.record(id, null);
		Optional<Read<RetentionNote>> note = from.retention(id);
		String catalogPath = Layout.catalog(r.catalogSha256());
		boolean whole = false;
		if (note.isEmpty() || note.get().value().retained() || from.exists(catalogPath)) {
			byte[] catalog = from.catalog(r);
			for (var f : NamedFiles.of(catalog, catalogPath).entrySet())
				copyData(f.getKey(), f.getValue(), id);
			copy(catalogPath, catalog);
			whole = true;
		}
		copy(Layout.version(id), r.bytes());
		if (note.isPresent() && !to.exists(Layout.retention(id)))
			copy(Layout.retention(id), note.get().value().bytes());
		return whole;
	}

	/** A data file the target lacks, refused unless its bytes are the ones its catalog hashes. */
	private void copyData(String path, NamedFiles.Named want, String id) throws FdlException {
		if (to.exists(path))
			return;
		byte[] b = from.bytes(path).orElseThrow(() -> FdlException.missing(path, "not in " + from.location()));
		String sha = VersionRecord.sha256(b);
		if (b.length != want.size() || !sha.equals(want.sha256()))
			throw CheckedFiles.altered(path, id, b.length + " bytes of SHA-256 " + sha + " in " + from.location()
					+ ", where its catalog gives " + want.size() + " of " + want.sha256());
		copy(path, b);
	}

	private void copy(String path, byte[] known) throws FdlException {
		if (to.exists(path))
			return;
		byte[] b = known != null ? known
				: from.bytes(path).orElseThrow(() -> FdlException.missing(path, "not in " + from.location()));
		try {
			to.store().put(path, b, WriteCondition.IF_ABSENT);
			objects++;
			bytes += b.length;
		} catch (StoreException e) {
			if (e.kind() != StoreException.Kind.PRECONDITION_FAILED)
				throw Repository.failed(e);
		}
	}
}
