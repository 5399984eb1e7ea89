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
		List<java.util.Iterator<Version>> sources = new ArrayList<>();
		for (SstInfo s : inputs)
			sources.add(cache.iterator(s.path(), new byte[0], null));
		Output out = new Output(subspace);
		long versionsIn = 0;
		long tombstones = 0;
		byte[] key = null;
		boolean below = false; // the newest version at or before minLive of this key was seen
		try {
			for (Merged all = new Merged(sources); all.hasNext();) {
				Version v = all.next();
				versionsIn++;
				if (key == null || Bytes.compare(key, v.key()) != 0) {
					key = v.key();
					below = false;
				}
				if (v.seq() > minLive) {
					out.add(v);
				} else if (!below) {
					below = true;
					if (whole && v.tombstone())
						tombstones++;
					else
						out.add(v);
				}
			}
		} catch (IllegalStateException | IndexOutOfBoundsException | java.nio.BufferUnderflowException e) {
			throw new StoreException(StoreException.Kind.DAMAGED, subspace, "damaged SST in " + subspace + ": "
					+ e.getMessage(), e);
		}
		List<SstInfo> outputs = out.finish();
		List<List<SstInfo>> runs = new ArrayList<>();
		if (!outputs.isEmpty())
			runs.add(outputs);
		if (!whole)
			runs.addAll(t.runs());
		return new Merge(subspace, whole, inputs, outputs, new Manifest.Tree(List.of(), List.copyOf(runs)), versionsIn,
				out.versions, tombstones);
	}

	/** The merge's versions, in order, as SSTs of about {@code sstBytes}, split only between keys. */
	private final class Output {
		private final String subspace;
		private final List<SstInfo> written = new ArrayList<>();
		private List<Version> chunk = new ArrayList<>();
		private long bytes;
		long versions;

		Output(String subspace) {
			this.subspace = subspace;
		}

		void add(Version v) throws StoreException {
			if (bytes >= sstBytes && Bytes.compare(chunk.get(chunk.size() - 1).key(), v.key()) != 0)
				cut();
			chunk.add(v);
			bytes += v.bytes();
			versions++;
		}

		private void cut() throws StoreException {
			written.add(writeSst(store, subspace, chunk));
			seam.at(CrashSeam.COMPACTION_OUTPUT_WRITTEN);
			chunk = new ArrayList<>();
			bytes = 0;
		}

		List<SstInfo> finish() throws StoreException {
			if (!chunk.isEmpty())
				cut();
			return written;
		}
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
