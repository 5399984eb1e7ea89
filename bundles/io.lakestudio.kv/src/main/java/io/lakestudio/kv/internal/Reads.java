package io.lakestudio.kv.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
		// per key, the newest version at or before seq across every source
		TreeMap<byte[], Version> best = new TreeMap<>(Bytes.ORDER);
		List<List<Version>> sources = new ArrayList<>();
		for (Memtable m : memtables)
			sources.add(m.scan(subspace, from, to));
		Manifest.Tree t = manifest.tree(subspace);
		for (SstInfo s : t.all())
			if (s.overlaps(from, to))
				sources.add(cache.versionsIn(s.path(), from, to));
		for (List<Version> src : sources)
			for (Version v : src) {
				if (v.seq() > seq)
					continue;
				Version had = best.get(v.key());
				if (had == null || had.seq() < v.seq())
					best.put(v.key(), v);
			}
		List<Map.Entry<byte[], byte[]>> out = new ArrayList<>();
		for (Version v : best.values()) {
			if (out.size() >= limit)
				break;
			if (!v.tombstone())
				out.add(Map.entry(v.key(), v.value()));
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
