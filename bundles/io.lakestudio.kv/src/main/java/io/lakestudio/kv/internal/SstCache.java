package io.lakestudio.kv.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.lakestudio.kv.CacheFigures;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/**
 * Parsed SSTs by path, least recently used out past a byte budget: an SST never changes once written. Every cache
 * also counts into the process's figures, and the open ones are known until closed, so the process's occupancy
 * sums (a handle never closed stays counted: it still holds its SSTs).
 */
public final class SstCache {

	private static final LongAdder PROCESS_HITS = new LongAdder();
	private static final LongAdder PROCESS_MISSES = new LongAdder();
	private static final LongAdder PROCESS_FETCHED = new LongAdder();
	private static final Map<SstCache, Boolean> LIVE = Collections.synchronizedMap(new IdentityHashMap<>());

	private final ObjectStore store;
	private final long budget;
	private long held;
	private final LinkedHashMap<String, Sst> ssts = new LinkedHashMap<>(16, 0.75f, true);
	private long hits;
	private long misses;
	private long fetched;

	public SstCache(ObjectStore store, long budget) {
		this.store = store;
		this.budget = budget;
		LIVE.put(this, Boolean.TRUE);
	}

	public Sst get(String path) throws StoreException {
		synchronized (this) {
			Sst s = ssts.get(path);
			if (s != null) {
				hits++;
				PROCESS_HITS.increment();
				return s;
			}
			misses++;
			PROCESS_MISSES.increment();
		}
		Sst s;
		try {
			byte[] raw = store.get(path);
			synchronized (this) {
				fetched += raw.length;
			}
			PROCESS_FETCHED.add(raw.length);
			s = Sst.parse(raw);
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

	public synchronized CacheFigures figures() {
		return new CacheFigures(hits, misses, fetched, held, budget, 1);
	}

	/** Drops what it holds and leaves the process's live caches (its counts stay in the process's figures). */
	public synchronized void close() {
		ssts.clear();
		held = 0;
		LIVE.remove(this);
	}

	public static CacheFigures process() {
		List<SstCache> live;
		synchronized (LIVE) {
			live = new ArrayList<>(LIVE.keySet());
		}
		long held = 0, budget = 0;
		for (SstCache c : live)
			synchronized (c) {
				held += c.held;
				budget += c.budget;
			}
		return new CacheFigures(PROCESS_HITS.sum(), PROCESS_MISSES.sum(), PROCESS_FETCHED.sum(), held, budget,
				live.size());
	}
}
