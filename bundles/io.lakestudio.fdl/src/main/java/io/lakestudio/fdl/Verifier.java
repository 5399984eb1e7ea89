package io.lakestudio.fdl;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.fdl.internal.Ranged;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.StoreException;

/**
 * Checks a whole repository as a reader would check each version: every ref, every record (hash, canonical form,
 * signature, trusted key), and for every version a ref reaches, its parents, catalog (hash) and data files (there,
 * with the size and SHA-256 the catalog's fdl_data_file gives: each read whole once). Reports each problem with the path it is at, rather than stopping at the first.
 */
public final class Verifier {

	/** One problem: where, and what. */
	public record Problem(String path, String what) {
	}

	public record Report(int versions, int refs, int dataFiles, List<Problem> problems) {
		public boolean ok() {
			return problems.isEmpty();
		}
	}

	private final Repository repo;
	private final Trust trust;

	public Verifier(Repository repo, Trust trust) {
		this.repo = repo;
		this.trust = trust;
	}

	public Report verify() throws FdlException {
		List<Problem> problems = new ArrayList<>();
		repo.marker();
		int refs = 0, versions = 0;
		Set<String> checkedFiles = new HashSet<>();
		java.util.Deque<String> reach = new java.util.ArrayDeque<>();
		for (ObjectInfo o : list("refs/")) {
			refs++;
			try {
				byte[] b = repo.bytes(o.path()).orElseThrow();
				String id = o.path().startsWith(Layout.REQUESTS) ? Request.parse(b, o.path()).version()
						: Ref.parse(b, o.path()).version();
				if (!repo.exists(Layout.version(id)))
					problems.add(new Problem(o.path(), "names version " + id + ", which is not in the repository"));
				else
					reach.add(id);
			} catch (FdlException e) {
				problems.add(new Problem(o.path(), e.getMessage()));
			}
		}
		Set<String> reachable = new HashSet<>();
		while (!reach.isEmpty()) {
			String id = reach.pop();
			if (reachable.add(id))
				try {
					reach.addAll(repo.record(id, null).parents());
				} catch (FdlException e) {
					// reported below, with the record
				}
		}
		for (ObjectInfo o : list(Layout.VERSIONS)) {
			versions++;
			String id = o.path().substring(Layout.VERSIONS.length());
			try {
				VersionRecord r = repo.record(id, trust);
				// a version no ref reaches (a push that stopped) need not be whole: its objects are unnamed
				if (!reachable.contains(id))
					continue;
				Optional<Repository.Read<RetentionNote>> note = repo.retention(id);
				if (note.isPresent() && !note.get().value().retained()
						&& !repo.exists(Layout.catalog(r.catalogSha256())))
					continue;
				for (String parent : r.parents())
					if (!repo.exists(Layout.version(parent)))
						problems.add(new Problem(o.path(), "its parent " + parent + " is not in the repository"));
				byte[] catalog = repo.catalog(r);
				Map<String, NamedFiles.Named> files = NamedFiles.of(catalog, Layout.catalog(r.catalogSha256()));
				for (Map.Entry<String, NamedFiles.Named> f : files.entrySet())
					if (checkedFiles.add(f.getKey()))
						checkData(f.getKey(), f.getValue(), id, problems);
			} catch (FdlException e) {
				problems.add(new Problem(e.path() == null ? o.path() : e.path(), e.getMessage()));
			}
		}
		return new Report(versions, refs, checkedFiles.size(), List.copyOf(problems));
	}

	/** A data file there, of the size and SHA-256 its catalog gives (its bytes read once, not kept). */
	private void checkData(String path, NamedFiles.Named want, String id, List<Problem> problems) {
		try {
			Optional<ObjectInfo> info = repo.store().head(path);
			if (info.isEmpty()) {
				problems.add(new Problem(path, "named by version " + id + " but not in the repository"));
				return;
			}
			if (info.get().size() != want.size()) {
				problems.add(new Problem(path, "altered: " + info.get().size() + " bytes, where the catalog of version "
						+ id + " says " + want.size()));
				return;
			}
			String sha = Ranged.copy(repo.store(), path, want.size(), Ranged.CHUNK, OutputStream.nullOutputStream(),
					"named by version " + id + " but not in the repository");
			if (!sha.equals(want.sha256()))
				problems.add(new Problem(path, "altered: its SHA-256 is " + sha + ", where the catalog of version " + id
						+ " gives " + want.sha256()));
		} catch (FdlException e) {
			problems.add(new Problem(path, e.getMessage()));
		} catch (StoreException e) {
			problems.add(new Problem(path, e.getMessage()));
		} catch (java.io.IOException e) {
			problems.add(new Problem(path, "cannot read it: " + e.getMessage()));
		}
	}

	private List<ObjectInfo> list(String prefix) throws FdlException {
		try {
			return repo.store().list(prefix);
		} catch (StoreException e) {
			throw Repository.failed(e);
		}
	}
}
