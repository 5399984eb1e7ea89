package io.lakestudio.kv;

/**
 * What an SST cache (parsed SSTs held in memory) has served and holds: hits, misses, the bytes its misses fetched,
 * what it holds now against its budget. Per store handle ({@link KvStore#cacheFigures()}, {@link KvReader}), or
 * summed over the process ({@link #process()}).
 */
public record CacheFigures(long hits, long misses, long bytesFetched, long heldBytes, long budgetBytes, int caches) {

	/**
	 * Every cache of the process: hits, misses and fetched bytes since it started (closed handles' included); held
	 * bytes and budgets of the caches still live.
	 */
	public static CacheFigures process() {
		return io.lakestudio.kv.internal.SstCache.process();
	}
}
