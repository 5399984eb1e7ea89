package io.lakestudio.fdl;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Repository.Read;
import io.lakestudio.fdl.internal.Fields;
import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * The collector of docs/fdl-0.1.md "Data files": deletes exactly the objects under versions/, catalogs/ and data/
 * that no retained version names and that have been unnamed for the grace period, data files first. It refuses to
 * collect a repository it can't read whole (a ref or a retained record it can't read), since it could not tell
 * what is named.
 */
public final class Collector {

	public static final Duration DEFAULT_GRACE = Duration.ofDays(7);

	public record Deletion(String path, String why) {
	}

	/** What a run deletes (or, dry, would), and the ledger it leaves. */
	public record Plan(List<Deletion> deletions, Unnamed ledger, boolean ledgerChanged) {
	}

	private final Repository repo;
	private final Duration grace;
	private final Clock clock;

	public Collector(Repository repo, Duration grace, Clock clock) {
		this.repo = repo;
		this.grace = grace;
		this.clock = clock;
	}

	/** Works out the plan and, unless {@code dryRun}, records the ledger and deletes. */
	public Plan run(boolean dryRun) throws FdlException {
		repo.marker();
		Instant now = clock.instant();
		Optional<Read<byte[]>> ledgerRead = repo.read(Layout.UNNAMED);
		Unnamed old = ledgerRead.isEmpty() ? Unnamed.EMPTY : Unnamed.parse(ledgerRead.get().value(), Layout.UNNAMED);

		Set<String> reachable = reachable();
		Set<String> out = new HashSet<>();
		for (ObjectInfo o : list(Layout.RETENTION)) {
			String id = o.path().substring(Layout.RETENTION.length());
			Optional<Read<RetentionNote>> n = repo.retention(id);
			if (n.isPresent() && !n.get().value().retained())
				out.add(id);
		}
		Set<String> kept = new HashSet<>();
		Set<String> named = new HashSet<>();
		Map<String, List<String>> everNamedBy = new HashMap<>();
		for (String id : reachable)
			kept.add(Layout.version(id));
		for (String id : out)
			kept.add(Layout.version(id));
		Map<String, VersionRecord> records = new HashMap<>();
		for (ObjectInfo o : list(Layout.VERSIONS)) {
			String id = o.path().substring(Layout.VERSIONS.length());
			try {
				records.put(id, repo.record(id, null));
			} catch (FdlException e) {
				if (reachable.contains(id))
					throw refuse(e);
			}
		}
		Set<String> catalogsPresent = new HashSet<>();
		for (ObjectInfo o : list(Layout.CATALOGS))
			catalogsPresent.add(o.path());
		for (Map.Entry<String, VersionRecord> r : records.entrySet()) {
			String catalog = Layout.catalog(r.getValue().catalogSha256());
			boolean retained = reachable.contains(r.getKey()) && !out.contains(r.getKey());
			everNamedBy.computeIfAbsent(catalog, k -> new ArrayList<>()).add(r.getKey());
			if (retained)
				named.add(catalog);
			if (!catalogsPresent.contains(catalog)) {
				if (retained)
					throw refuse(FdlException.missing(catalog, "the catalog of retained version "
							+ Refs.short8(r.getKey()) + " is missing"));
				continue;
			}
			Map<String, NamedFiles.Named> files;
			try {
				files = NamedFiles.of(repo.catalog(r.getValue()), catalog);
			} catch (FdlException e) {
				if (retained)
					throw refuse(e);
				continue;
			}
			for (String f : files.keySet()) {
				everNamedBy.computeIfAbsent(f, k -> new ArrayList<>()).add(r.getKey());
				if (retained)
					named.add(f);
			}
		}

		TreeMap<String, Instant> since = new TreeMap<>();
		List<Deletion> deletions = new ArrayList<>();
		Set<String> present = new HashSet<>();
		List<ObjectInfo> objects = new ArrayList<>();
		for (String prefix : List.of(Layout.DATA, Layout.CATALOGS, Layout.VERSIONS))
			objects.addAll(list(prefix));
		for (ObjectInfo o : objects) {
			String p = o.path();
			present.add(p);
			if (named.contains(p) || kept.contains(p))
				continue;
			List<String> by = everNamedBy.get(p);
			Instant from;
			String why;
			if (p.startsWith(Layout.VERSIONS)) {
				// a record can't tell whether a ref reached it once, so it is measured from when it was first seen
				from = old.since().getOrDefault(p, now);
				since.put(p, from);
				why = "a version no ref reaches, unnamed since " + Fields.time(from);
			} else if (by != null) {
				from = old.since().getOrDefault(p, now);
				since.put(p, from);
				why = "named only by versions not retained (" + String.join(", ", by.stream().map(Refs::short8).toList())
						+ "), unnamed since " + Fields.time(from);
			} else {
				from = o.lastModified();
				why = "named by no version, written " + Fields.time(from);
			}
			if (!from.plus(grace).isAfter(now))
				deletions.add(new Deletion(p, why + ", grace of " + grace.toDays() + " days over"));
		}
		old.since().forEach((p, t) -> {
			if (present.contains(p) && !named.contains(p) && !kept.contains(p))
				since.putIfAbsent(p, t);
		});
		Unnamed ledger = new Unnamed(since, old.extras());
		boolean changed = !ledger.since().equals(old.since());
		deletions.sort(Comparator.comparingInt(Collector::order).thenComparing(Deletion::path));
		if (!dryRun) {
			if (changed)
				writeLedger(ledger, ledgerRead.map(Read::etag).orElse(null));
			for (Deletion d : deletions)
				try {
					repo.store().delete(d.path());
				} catch (StoreException e) {
					throw Repository.failed(e);
				}
		}
		return new Plan(List.copyOf(deletions), ledger, changed);
	}

	/** Every version reachable from a branch, a tag or an open request, through parents. */
	private Set<String> reachable() throws FdlException {
		Deque<String> todo = new ArrayDeque<>();
		for (ObjectInfo o : list("refs/")) {
			byte[] b = repo.bytes(o.path()).orElse(null);
			if (b == null)
				continue;
			try {
				if (o.path().startsWith(Layout.REQUESTS)) {
					Request r = Request.parse(b, o.path());
					if (r.state() == Request.State.OPEN)
						todo.add(r.version());
				} else
					todo.add(Ref.parse(b, o.path()).version());
			} catch (FdlException e) {
				throw refuse(e);
			}
		}
		Set<String> seen = new HashSet<>();
		while (!todo.isEmpty()) {
			String id = todo.pop();
			if (!seen.add(id))
				continue;
			try {
				todo.addAll(repo.record(id, null).parents());
			} catch (FdlException e) {
				throw refuse(e);
			}
		}
		return seen;
	}

	private void writeLedger(Unnamed ledger, String etag) throws FdlException {
		try {
			repo.store().put(Layout.UNNAMED, ledger.bytes(),
					etag == null ? WriteCondition.IF_ABSENT : WriteCondition.ifMatch(etag));
		} catch (StoreException e) {
			if (e.kind() == StoreException.Kind.PRECONDITION_FAILED)
				throw new FdlException(Refusal.CONDITION_FAILED, Layout.UNNAMED,
						"another collector ran meanwhile; nothing was deleted, run again");
			throw Repository.failed(e);
		}
	}

	private static int order(Deletion d) {
		return d.path().startsWith(Layout.DATA) ? 0 : d.path().startsWith(Layout.CATALOGS) ? 1 : 2;
	}

	private List<ObjectInfo> list(String prefix) throws FdlException {
		try {
			return repo.store().list(prefix);
		} catch (StoreException e) {
			throw Repository.failed(e);
		}
	}

	private static FdlException refuse(FdlException e) {
		return new FdlException(e.refusal(), e.path(),
				"can't tell what is named, so nothing is collected: " + e.getMessage(), e);
	}
}
