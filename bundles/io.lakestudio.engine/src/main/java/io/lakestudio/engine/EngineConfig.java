package io.lakestudio.engine;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

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
 * @param fileAccess    folders the user granted for plain file access in a session (COPY TO, read_parquet,
 *                      read_csv inside them; nothing outside): settings.json's {@code fileAccess} and
 *                      {@code lakestudio sql --files DIR}. Fixed before a session's DuckDB is locked down
 */
public record EngineConfig(Path home, Catalog catalog, LakeStore store, Clock clock, long memoryLimitMb, int threads,
		long cacheMaxBytes, Duration metadataTtl, boolean offline, List<Path> fileAccess) {

	/**
	 * settings.json's key: the headless engine server's Java heap bound ({@code -Xmx}), in MB. What grows in a
	 * long-lived engine's heap is its caches (bounded) and a statement's Delta log while Kernel replays it; the
	 * workbench's engine shares the workbench's heap (its {@code -Xmx} in lakestudio.ini) and this does not apply.
	 */
	public static final String HEAP_MB = "engineHeapMB";

	/** settings.json's key: the granted folders, separated as a class path is ({@code :} on Linux). */
	public static final String FILE_ACCESS = "fileAccess";

	public EngineConfig {
		fileAccess = fileAccess == null ? List.of() : List.copyOf(fileAccess);
	}

	/** No folder granted for plain file access. */
	public EngineConfig(Path home, Catalog catalog, LakeStore store, Clock clock, long memoryLimitMb, int threads,
			long cacheMaxBytes, Duration metadataTtl, boolean offline) {
		this(home, catalog, store, clock, memoryLimitMb, threads, cacheMaxBytes, metadataTtl, offline, List.of());
	}

	/** Laptop defaults: a quarter of the RAM, half the cores, settings.json's diskCacheMaxGB and catalogTtlMinutes. */
	public static EngineConfig of(Path home, Catalog catalog, LakeStore store, Settings s) {
		long ramMb = physicalMemoryMb();
		long mem = (long) s.number("engineMemoryLimitMB", Math.max(512, ramMb / 4));
		int threads = (int) s.number("engineThreads", Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
		long cache = (long) (s.number(Settings.DISK_CACHE_MAX_GB, 20) * (1L << 30));
		Duration ttl = Duration.ofSeconds((long) (s.number(Settings.CATALOG_TTL_MINUTES, 60) * 60));
		return new EngineConfig(home, catalog, store, Clock.systemUTC(), mem, threads, cache, ttl,
				s.flag(Settings.OFFLINE), fileAccess(s.string(FILE_ACCESS, "")));
	}

	/**
	 * The headless engine server's heap bound: {@link #HEAP_MB}, else a quarter of the RAM between 256 MB and 1 GB,
	 * the workbench's own bound, so that a log the workbench reads the server reads too.
	 */
	public static long heapMb(Settings s) {
		long fallback = Math.clamp(physicalMemoryMb() / 4, 256, 1024);
		return Math.max(64, (long) s.number(HEAP_MB, fallback));
	}

	public EngineConfig withOffline(boolean off) {
		return new EngineConfig(home, catalog, store, clock, memoryLimitMb, threads, cacheMaxBytes, metadataTtl, off,
				fileAccess);
	}

	public EngineConfig withThreads(int n) {
		return new EngineConfig(home, catalog, store, clock, memoryLimitMb, n, cacheMaxBytes, metadataTtl, offline,
				fileAccess);
	}

	/** These folders granted besides the ones already (as {@code --files DIR} adds to settings.json's). */
	public EngineConfig withFileAccess(List<Path> more) {
		List<Path> all = new java.util.ArrayList<>(fileAccess);
		all.addAll(more);
		return new EngineConfig(home, catalog, store, clock, memoryLimitMb, threads, cacheMaxBytes, metadataTtl,
				offline, all);
	}

	private static List<Path> fileAccess(String folders) {
		List<Path> out = new java.util.ArrayList<>();
		for (String f : folders.split(java.io.File.pathSeparator)) {
			if (!f.isBlank()) {
				out.add(Path.of(f.strip()));
			}
		}
		return out;
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
