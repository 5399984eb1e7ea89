package io.lakestudio.moraine.kv;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.kv.CacheFigures;
import io.lakestudio.moraine.store.KvTally;
import io.lakestudio.store.CountingStore;

/** The real store's request counts and cache figures in the port's shapes. */
public final class Tallies {

	private Tallies() {
	}

	static KvTally of(CountingStore objects, CacheFigures cache, long memtableBytes) {
		List<KvTally.Requests> requests = new ArrayList<>();
		objects.tally().forEach((kind, c) -> requests.add(new KvTally.Requests(kind.name(), c.requests(), c.bytes(),
				c.nanos())));
		return new KvTally(requests, cache(cache), memtableBytes);
	}

	/** Every SST cache of the process: service since it started, occupancy of the live ones. */
	public static KvTally.Cache process() {
		return cache(CacheFigures.process());
	}

	private static KvTally.Cache cache(CacheFigures f) {
		return new KvTally.Cache(f.hits(), f.misses(), f.bytesFetched(), f.heldBytes(), f.budgetBytes(), f.caches());
	}
}
