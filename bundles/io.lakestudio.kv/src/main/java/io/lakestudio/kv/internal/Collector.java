package io.lakestudio.kv.internal;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/**
 * Deletes what no one can need: SSTs named by neither the newest manifest, a live checkpoint's manifest nor a live
 * read point's; WAL objects already in SSTs; manifest versions older than the last few that no checkpoint names.
 * Read from the store itself, so a checkpoint a reader added a moment ago is honoured; an interrupted pass leaves
 * a smaller one for next time.
 */
public final class Collector {

	private final ObjectStore store;
	private final ManifestLog log;
	private final CrashSeam seam;
	private final int manifestsKept;
	private final Clock clock;

	public Collector(ObjectStore store, ManifestLog log, CrashSeam seam, int manifestsKept, Clock clock) {
		this.store = store;
		this.log = log;
		this.seam = seam;
		this.manifestsKept = manifestsKept;
		this.clock = clock;
	}

	/** How many fences stay past their flush: a writer fenced that many writer opens ago is still refused. */
	static final int FENCES_KEPT = 64;

	/**
	 * Deletes the WAL objects at or below {@code flushed} (their batches are in SSTs), but for the newest
	 * {@link #FENCES_KEPT} fences ({@link Wal#mayBeFence}).
	 *
	 * @return how many were deleted
	 */
	public static int deleteFlushedWal(ObjectStore store, long flushed) throws StoreException {
		List<ObjectInfo> wal = store.list("wal/");
		List<String> fences = new ArrayList<>();
		for (ObjectInfo o : wal)
			if (Wal.seqOf(o.path()) <= flushed && Wal.mayBeFence(o.size()))
				fences.add(o.path());
		Set<String> kept = new HashSet<>(fences.subList(Math.max(0, fences.size() - FENCES_KEPT), fences.size()));
		int deleted = 0;
		for (ObjectInfo o : wal)
			if (Wal.seqOf(o.path()) <= flushed && !kept.contains(o.path())) {
				store.delete(o.path());
				deleted++;
			}
		return deleted;
	}

	/** @return how many objects were deleted */
	public int collect(List<Manifest> pinned, SstCache cache) throws StoreException {
		Manifest latest = log.latest().orElseThrow();
		Set<String> keep = new HashSet<>(latest.ssts());
		Set<Long> manifests = new HashSet<>();
		manifests.add(latest.version());
		for (Manifest.Checkpoint c : latest.checkpoints()) {
			if (!c.live(clock.millis()))
				continue;
			manifests.add(c.manifestVersion());
			try {
				keep.addAll(log.read(c.manifestVersion()).ssts());
			} catch (StoreException e) {
				if (e.kind() != StoreException.Kind.NOT_FOUND)
					throw e;
			}
		}
		pinned.forEach(m -> keep.addAll(m.ssts()));
		int deleted = 0;
		for (ObjectInfo o : store.list("sst/"))
			if (!keep.contains(o.path())) {
				store.delete(o.path());
				cache.forget(o.path());
				if (deleted++ == 0)
					seam.at(CrashSeam.GC_PARTIAL);
			}
		deleted += deleteFlushedWal(store, latest.walFlushed());
		for (ObjectInfo o : store.list("manifest/")) {
			long v = Long.parseLong(o.path().substring("manifest/".length()));
			if (v < latest.version() - manifestsKept && !manifests.contains(v)) {
				store.delete(o.path());
				deleted++;
			}
		}
		return deleted;
	}
}
