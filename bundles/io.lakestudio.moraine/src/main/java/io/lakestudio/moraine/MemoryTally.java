package io.lakestudio.moraine;

/**
 * Memory moraine can attribute without sampling the process's RSS. {@code processCacheBytes} is the occupancy of
 * every cache of the process; the other two belong to one catalog: what its own cache holds, and the acknowledged
 * writes it keeps in memory outside SSTs (a writer's memtable, a following reader's replayed WAL tail).
 */
public record MemoryTally(long processCacheBytes, long catalogCacheBytes, long memtableBytes) {
}
