package io.lakestudio.moraine;

import io.lakestudio.moraine.kv.Tallies;
import io.lakestudio.moraine.store.KvTally;

/**
 * The process-wide cache figures, outliving the catalogs that produced them: to size the caches, and (with
 * {@link ReadOnlyCatalog#cacheTally()}) to see which attach is spending them.
 */
public final class Caches {

	private Caches() {
	}

	/** Budgets and occupancy of every cache open in the process now. */
	public static CacheStatus cacheStatus() {
		KvTally.Cache c = Tallies.process();
		return new CacheStatus(c.budgetBytes(), c.heldBytes(), c.caches(), 0);
	}

	/** What every cache of the process has served since it started, closed ones included. */
	public static CacheTally cacheTally() {
		KvTally.Cache c = Tallies.process();
		return new CacheTally(c.hits(), c.misses(), c.bytesFetched());
	}
}
