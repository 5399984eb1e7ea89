package io.lakestudio.kv;

import java.time.Clock;
import java.time.Duration;

import io.lakestudio.kv.internal.CrashSeam;

/**
 * How a store runs: the memtable's bounds (bytes, age) past which a write flushes it, when merges run, SST size,
 * the SST cache budget, how long a following reader's checkpoint lives between refreshes.
 */
public record KvOptions(long memtableBytes, Duration memtableAge, int l0PerMerge, int runsPerWholeMerge,
		long sstBytes, long cacheBytes, Duration readerCheckpointLifetime, int manifestsKept, Clock clock,
		CrashSeam seam) {

	public static KvOptions defaults() {
		return new KvOptions(4 << 20, Duration.ofSeconds(10), 8, 4, 4 << 20, 64 << 20, Duration.ofMinutes(10), 8,
				Clock.systemUTC(), CrashSeam.NONE);
	}

	public KvOptions withMemtable(long bytes, Duration age) {
		return new KvOptions(bytes, age, l0PerMerge, runsPerWholeMerge, sstBytes, cacheBytes,
				readerCheckpointLifetime, manifestsKept, clock, seam);
	}

	public KvOptions withMerges(int l0, int runs, long sst) {
		return new KvOptions(memtableBytes, memtableAge, l0, runs, sst, cacheBytes, readerCheckpointLifetime,
				manifestsKept, clock, seam);
	}

	public KvOptions withClock(Clock c) {
		return new KvOptions(memtableBytes, memtableAge, l0PerMerge, runsPerWholeMerge, sstBytes, cacheBytes,
				readerCheckpointLifetime, manifestsKept, c, seam);
	}

	/** Test only: the fault seam consulted between durable writes. */
	public KvOptions withCrashSeam(CrashSeam s) {
		return new KvOptions(memtableBytes, memtableAge, l0PerMerge, runsPerWholeMerge, sstBytes, cacheBytes,
				readerCheckpointLifetime, manifestsKept, clock, s);
	}
}
