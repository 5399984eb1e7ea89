package io.lakestudio.kv.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * Merges a subspace's SSTs into one sorted run: its L0s only (the run goes before the older runs, tombstones
 * carried), or the whole tree (the only merge that may drop a tombstone: nothing older is left for it to hide).
 * Versions older than the newest one at or before {@code minLive} (the oldest sequence number a live read point
 * reads at) can be seen by no one and are dropped.
 */
public final class Compactor {

	/** What one merge did. */
	public record Merge(String subspace, boolean wholeTree, List<SstInfo> inputs, List<SstInfo> outputs,
			Manifest.Tree tree, long versionsIn, long versionsOut, long tombstonesDropped) {
	}

	private final ObjectStore store;
	private final SstCache cache;
	private final long sstBytes;
	private final CrashSeam seam;

	public Compactor(ObjectStore store, SstCache cache, long sstBytes, CrashSeam seam) {
		this.store = store;
		this.cache = cache;
		this.sstBytes = sstBytes;
		this.seam = seam;
	}

	/** Null when there is nothing to merge (no L0s for a partial merge; at most one SST for a whole one). */
	public Merge merge(String subspace, Manifest.Tree t, boolean whole, long minLive) throws StoreException {
		List<SstInfo> inputs = whole ? t.all() : t.l0();
		if (inputs.isEmpty())
			return null;
		List<Version> all = new ArrayList<>();
		for (SstInfo s : inputs)
			all.addAll(cache.versionsIn(s.path(), new byte[0], null));
		all.sort((a, b) -> Version.compare(a.key(), a.seq(), b.key(), b.seq()));
		List<Version> kept = new ArrayList<>();
		long tombstones = 0;
		byte[] key = null;
		boolean below = false; // the newest version at or before minLive of this key was seen
		for (Version v : all) {
			if (key == null || Bytes.compare(key, v.key()) != 0) {
				key = v.key();
				below = false;
			}
			if (v.seq() > minLive) {
				kept.add(v);
			} else if (!below) {
				below = true;
				if (whole && v.tombstone())
					tombstones++;
				else
					kept.add(v);
			}
		}
		List<SstInfo> outputs = write(subspace, kept);
		List<List<SstInfo>> runs = new ArrayList<>();
		if (!outputs.isEmpty())
			runs.add(outputs);
		if (!whole)
			runs.addAll(t.runs());
		return new Merge(subspace, whole, inputs, outputs, new Manifest.Tree(List.of(), List.copyOf(runs)), all.size(),
				kept.size(), tombstones);
	}

	/** Versions in order as SSTs of about {@code sstBytes}, split only between keys. */
	List<SstInfo> write(String subspace, List<Version> versions) throws StoreException {
		List<SstInfo> out = new ArrayList<>();
		int from = 0;
		long bytes = 0;
		for (int i = 0; i < versions.size(); i++) {
			bytes += versions.get(i).bytes();
			boolean last = i == versions.size() - 1;
			if (last || (bytes >= sstBytes && Bytes.compare(versions.get(i).key(), versions.get(i + 1).key()) != 0)) {
				out.add(writeSst(store, subspace, versions.subList(from, i + 1)));
				if (!last)
					seam.at(CrashSeam.COMPACTION_OUTPUT_WRITTEN);
				from = i + 1;
				bytes = 0;
			}
		}
		if (!out.isEmpty())
			seam.at(CrashSeam.COMPACTION_OUTPUT_WRITTEN);
		return out;
	}

	/** One SST, if-absent under a fresh name. */
	public static SstInfo writeSst(ObjectStore store, String subspace, List<Version> versions) throws StoreException {
		byte[] bytes = Sst.write(versions);
		String path = "sst/" + subspace + "/" + UUID.randomUUID() + ".sst";
		store.put(path, bytes, WriteCondition.IF_ABSENT);
		return new SstInfo(path, bytes.length, versions.size(), versions.get(0).key(),
				versions.get(versions.size() - 1).key());
	}
}
