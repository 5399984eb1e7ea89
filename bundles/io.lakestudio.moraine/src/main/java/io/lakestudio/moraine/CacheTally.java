package io.lakestudio.moraine;

/**
 * What the SST cache has served: hits, misses, and the bytes its misses fetched from the object store. This
 * build keeps one tier (parsed SSTs in memory, metadata and data alike). {@link Caches#cacheTally()} reports the
 * process's; {@link ReadOnlyCatalog#cacheTally()} one attach's.
 */
public record CacheTally(long hits, long misses, long bytesFetched) {

	/** Hits over lookups, 0 before the first. */
	public double hitRatio() {
		long all = hits + misses;
		return all == 0 ? 0 : (double) hits / all;
	}
}
