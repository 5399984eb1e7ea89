package io.lakestudio.engine;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.LakeStore;

/**
 * What an engine runs with. {@code store} is null when no lake is configured (then only what is held is read).
 *
 * @param home          the state folder: DuckDB may open only its {@code cache/} and {@code mirror/}
 * @param memoryLimitMb DuckDB's memory_limit
 * @param threads       DuckDB's threads
 * @param cacheMaxBytes the disk cache's budget
 * @param metadataTtl   a held log younger than this is read without asking the lake
 * @param offline       ask the lake nothing
 */
public record EngineConfig(Path home, Catalog catalog, LakeStore store, Clock clock, long memoryLimitMb, int threads,
		long cacheMaxBytes, Duration metadataTtl, boolean offline) {

	/** Laptop defaults: a quarter of the RAM, half the cores, settings.json's diskCacheMaxGB and catalogTtlMinutes. */
	public static EngineConfig of(Path home, Catalog catalog, LakeStore store, Settings s) {
		long ramMb = physicalMemoryMb();
		long mem = (long) s.number("engineMemoryLimitMB", Math.max(512, ramMb / 4));
		int threads = (int) s.number("engineThreads", Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
		long cache = (long) (s.number(Settings.DISK_CACHE_MAX_GB, 20) * (1L << 30));
		Duration ttl = Duration.ofSeconds((long) (s.number(Settings.CATALOG_TTL_MINUTES, 60) * 60));
		return new EngineConfig(home, catalog, store, Clock.systemUTC(), mem, threads, cache, ttl,
				s.flag(Settings.OFFLINE));
	}

	public EngineConfig withOffline(boolean off) {
		return new EngineConfig(home, catalog, store, clock, memoryLimitMb, threads, cacheMaxBytes, metadataTtl, off);
	}

	/** From /proc/meminfo (no com.sun.management: it is not visible to every OSGi bundle). */
	private static long physicalMemoryMb() {
		try {
			for (String line : java.nio.file.Files.readAllLines(Path.of("/proc/meminfo"))) {
				if (line.startsWith("MemTotal:")) {
					return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
				}
			}
		} catch (java.io.IOException | RuntimeException e) {
			// not Linux: guess below
		}
		return 8192;
	}
}
