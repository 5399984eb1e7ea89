package io.lakestudio.moraine.store;

import java.util.List;

/**
 * What one handle has cost and holds: the object-store requests made for it by kind (retries included), what its
 * cache served and holds, and the acknowledged bytes it keeps in memory outside SSTs (a writer's memtable, a
 * reader's replayed WAL tail). A store with no object store under it reports {@link #NONE}.
 */
public record KvTally(List<Requests> requests, Cache cache, long memtableBytes) {

	/** One kind of request ("GET", "PUT", …): how many, the payload bytes they moved, their summed latency. */
	public record Requests(String kind, long count, long bytes, long nanos) {
	}

	/** A cache's service (hits, misses, bytes its misses fetched) and occupancy against its budget. */
	public record Cache(long hits, long misses, long bytesFetched, long heldBytes, long budgetBytes, int caches) {

		public static final Cache NONE = new Cache(0, 0, 0, 0, 0, 0);
	}

	public static final KvTally NONE = new KvTally(List.of(), Cache.NONE, 0);
}
