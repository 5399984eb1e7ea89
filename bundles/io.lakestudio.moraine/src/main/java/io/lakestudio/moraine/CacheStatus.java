package io.lakestudio.moraine;

/**
 * Current size and pressure of the process's caches, summed over every open store: the memory budgets and what is
 * held against them. {@code diskCapacityBytes} is a configured capacity, not occupancy; this build keeps no disk
 * tier, so it is 0.
 */
public record CacheStatus(long memoryCapacityBytes, long memoryUsedBytes, int caches, long diskCapacityBytes) {

	/** Held over budget, 0 with no cache open. */
	public double pressure() {
		return memoryCapacityBytes == 0 ? 0 : (double) memoryUsedBytes / memoryCapacityBytes;
	}
}
