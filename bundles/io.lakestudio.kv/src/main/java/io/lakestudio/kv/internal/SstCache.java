package io.lakestudio.kv.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/** Parsed SSTs by path, least recently used out past a byte budget: an SST never changes once written. */
public final class SstCache {

	private final ObjectStore store;
	private final long budget;
	private long held;
	private final LinkedHashMap<String, Sst> ssts = new LinkedHashMap<>(16, 0.75f, true);
	private long hits;
	private long misses;

	public SstCache(ObjectStore store, long budget) {
		this.store = store;
		this.budget = budget;
	}

	public Sst get(String path) throws StoreException {
		synchronized (this) {
			Sst s = ssts.get(path);
			if (s != null) {
				hits++;
				return s;
			}
			misses++;
		}
		Sst s;
		try {
			s = Sst.parse(store.get(path));
		} catch (IllegalStateException | IndexOutOfBoundsException | java.nio.BufferUnderflowException e) {
			throw new StoreException(StoreException.Kind.DAMAGED, path, path + ": " + e.getMessage(), e);
		}
		synchronized (this) {
			if (ssts.put(path, s) == null)
				held += s.size();
			var it = ssts.entrySet().iterator();
			while (held > budget && it.hasNext()) {
				Map.Entry<String, Sst> e = it.next();
				if (e.getKey().equals(path))
					continue;
				held -= e.getValue().size();
				it.remove();
			}
		}
		return s;
	}

	/** {@link Sst#get}, a damaged block being a DAMAGED store error naming the SST. */
	public Version versionOf(String path, byte[] key, long seq) throws StoreException {
		Sst s = get(path);
		try {
			return s.get(key, seq);
		} catch (IllegalStateException | IndexOutOfBoundsException | java.nio.BufferUnderflowException e) {
			throw new StoreException(StoreException.Kind.DAMAGED, path, path + ": " + e.getMessage(), e);
		}
	}

	/** {@link Sst#iterator}; a block found damaged while iterating is an IllegalStateException naming it. */
	public java.util.Iterator<Version> iterator(String path, byte[] from, byte[] to) throws StoreException {
		return get(path).iterator(from, to);
	}

	public synchronized void forget(String path) {
		Sst s = ssts.remove(path);
		if (s != null)
			held -= s.size();
	}

	public synchronized long[] tally() {
		return new long[] { hits, misses, held };
	}
}
