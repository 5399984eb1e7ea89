package io.lakestudio.kv.internal;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import io.lakestudio.store.StoreException;

/**
 * Reads at one cut: the memtables (newest first), then a subspace's L0 SSTs newest first, then its sorted runs
 * newest first. Every version in a newer source is newer than every one in an older source, so a point get stops at
 * the first source with a version at or before the read's sequence number.
 */
public record Reads(Manifest manifest, List<Memtable> memtables, long seq, SstCache cache) {

	/** The value, or null when absent or deleted. */
	public byte[] get(String subspace, byte[] key) throws StoreException {
		for (Memtable m : memtables) {
			Version v = m.get(subspace, key, seq);
			if (v != null)
				return v.value();
		}
		Manifest.Tree t = manifest.tree(subspace);
		for (SstInfo s : t.l0()) {
			if (!s.mayHold(key))
				continue;
			Version v = cache.versionOf(s.path(), key, seq);
			if (v != null)
				return v.value();
		}
		for (List<SstInfo> run : t.runs()) {
			SstInfo s = find(run, key);
			if (s == null)
				continue;
			Version v = cache.versionOf(s.path(), key, seq);
			if (v != null)
				return v.value();
		}
		return null;
	}

	/** Live pairs with keys in [from, to) (to null: no bound), in key order, at most {@code limit}. */
	public List<Map.Entry<byte[], byte[]>> scan(String subspace, byte[] from, byte[] to, int limit)
			throws StoreException {
		List<Iterator<Version>> sources = new ArrayList<>();
		for (Memtable m : memtables)
			sources.add(m.scan(subspace, from, to));
		for (SstInfo s : manifest.tree(subspace).all())
			if (s.overlaps(from, to))
				sources.add(cache.iterator(s.path(), from, to));
		List<Map.Entry<byte[], byte[]>> out = new ArrayList<>();
		byte[] last = null;
		try {
			// per key the first version at or before seq is the newest one it sees: sources are merged newest first
			for (Merged it = new Merged(sources); it.hasNext() && out.size() < limit;) {
				Version v = it.next();
				if (v.seq() > seq || (last != null && Bytes.compare(last, v.key()) == 0))
					continue;
				last = v.key();
				if (!v.tombstone())
					out.add(Map.entry(v.key(), v.value()));
			}
		} catch (IllegalStateException | IndexOutOfBoundsException | java.nio.BufferUnderflowException e) {
			throw new StoreException(StoreException.Kind.DAMAGED, subspace, "damaged SST in " + subspace + ": "
					+ e.getMessage(), e);
		}
		return out;
	}

	/** The SST of a run whose range holds the key (a run's SSTs are in key order, disjoint). */
	private static SstInfo find(List<SstInfo> run, byte[] key) {
		int lo = 0;
		int hi = run.size() - 1;
		while (lo <= hi) {
			int mid = (lo + hi) >>> 1;
			SstInfo s = run.get(mid);
			if (Bytes.compare(key, s.firstKey()) < 0)
				hi = mid - 1;
			else if (Bytes.compare(key, s.lastKey()) > 0)
				lo = mid + 1;
			else
				return s;
		}
		return null;
	}
}
