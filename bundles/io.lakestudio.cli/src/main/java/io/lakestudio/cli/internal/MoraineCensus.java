package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.moraine.CacheStatus;
import io.lakestudio.moraine.CacheTally;
import io.lakestudio.moraine.Caches;
import io.lakestudio.moraine.CensusRequest;
import io.lakestudio.moraine.MemoryTally;
import io.lakestudio.moraine.ObjectStoreTally;
import io.lakestudio.moraine.ReadOnlyCatalog;
import io.lakestudio.moraine.StoreCensus;
import io.lakestudio.moraine.StoreObjects;
import io.lakestudio.moraine.SubspaceCensus;

/**
 * {@code moraine census STORE}: every subspace's SSTs, runs and bytes (live figures with {@code --live}), what the
 * store holds outside SSTs, and with {@code --tallies} what the census itself cost (requests by kind) and what the
 * caches served and hold, so a user can size them.
 */
final class MoraineCensus {

	private static final List<String> HEADERS = List.of("SUBSPACE", "L0 SSTS", "SORTED RUNS", "SSTS", "SST BYTES",
			"LIVE ENTRIES", "LIVE BYTES");

	private final Out o;
	private final CommandLine line;

	MoraineCensus(Out o, CommandLine line) {
		this.o = o;
		this.line = line;
	}

	int run(ReadOnlyCatalog catalog) {
		try (catalog) {
			StoreCensus c = catalog.storeCensus(new CensusRequest(line.hasOption("live")));
			long snapshot = catalog.snapshot().id().value();
			int layout = catalog.formatVersion();
			List<List<Object>> rows = new ArrayList<>();
			for (SubspaceCensus s : c.subspaces())
				rows.add(java.util.Arrays.asList(s.segment(), s.l0Ssts(), s.sortedRuns(), s.ssts(), s.sstBytes(),
						s.liveEntries().isPresent() ? s.liveEntries().getAsLong() : null,
						s.liveBytes().isPresent() ? s.liveBytes().getAsLong() : null));
			StoreObjects ob = c.objects();
			if (o.json()) {
				Map<String, Object> m = MoraineCommand.ordered("snapshot", snapshot, "layout_version", layout);
				List<Object> subs = new ArrayList<>();
				for (List<Object> r : rows) {
					Map<String, Object> s = new LinkedHashMap<>();
					for (int i = 0; i < HEADERS.size(); i++)
						s.put(HEADERS.get(i).toLowerCase().replace(' ', '_'), r.get(i));
					subs.add(s);
				}
				m.put("subspaces", subs);
				m.put("objects", MoraineCommand.ordered("wal_objects", ob.walObjects(), "wal_bytes", ob.walBytes(),
						"sst_bytes", ob.sstBytes(), "other_bytes", ob.otherBytes()));
				m.put("unaccounted_bytes", c.unaccountedBytes());
				if (line.hasOption("tallies"))
					m.put("tallies", tallies(catalog));
				o.json(m);
				return 0;
			}
			o.writer().println("snapshot " + snapshot + ", layout version " + layout);
			o.rows(HEADERS, rows);
			o.writer().println("outside SSTs: " + ob.walObjects() + " WAL objects (" + Out.size(ob.walBytes())
					+ "), other " + Out.size(ob.otherBytes()) + "; unaccounted " + Out.size(c.unaccountedBytes())
					+ (c.unaccountedBytes() > 0 ? " (an unpinned reader replays the WAL on open)" : ""));
			if (line.hasOption("tallies"))
				printTallies(catalog);
			return 0;
		}
	}

	private void printTallies(ReadOnlyCatalog catalog) {
		ObjectStoreTally t = catalog.objectStoreTally();
		o.writer().println();
		o.writer().println("object-store requests of this command (" + t.requests() + "):");
		List<List<Object>> rows = new ArrayList<>();
		for (ObjectStoreTally.Requests r : t.byKind())
			rows.add(List.of(r.kind(), r.requests(), r.bytes(), String.format("%.1f", r.time().toNanos() / 1e6)));
		o.rows(List.of("KIND", "REQUESTS", "BYTES", "TIME MS"), rows);
		CacheTally mine = catalog.cacheTally();
		CacheTally process = Caches.cacheTally();
		CacheStatus status = Caches.cacheStatus();
		MemoryTally memory = catalog.memoryTally();
		o.writer().println();
		o.rows(List.of("CACHE", "HITS", "MISSES", "BYTES FETCHED", "HIT RATIO"),
				List.of(List.of("this catalog", mine.hits(), mine.misses(), mine.bytesFetched(), ratio(mine)),
						List.of("process", process.hits(), process.misses(), process.bytesFetched(), ratio(process))));
		o.writer().println();
		o.writer().println("cache status: " + status.caches() + " open, " + Out.size(status.memoryUsedBytes()) + " held of "
				+ Out.size(status.memoryCapacityBytes()) + " in memory, no disk tier");
		o.writer().println("memory: this catalog's cache " + Out.size(memory.catalogCacheBytes()) + ", its WAL tail "
				+ Out.size(memory.memtableBytes()) + "; every cache of the process " + Out.size(memory.processCacheBytes()));
	}

	private static String ratio(CacheTally t) {
		return String.format("%.2f", t.hitRatio());
	}

	static Map<String, Object> tallies(ReadOnlyCatalog catalog) {
		Map<String, Object> requests = new LinkedHashMap<>();
		for (ObjectStoreTally.Requests r : catalog.objectStoreTally().byKind())
			requests.put(r.kind().toLowerCase(), MoraineCommand.ordered("requests", r.requests(), "bytes", r.bytes(),
					"time_ms", r.time().toNanos() / 1e6));
		CacheTally mine = catalog.cacheTally();
		CacheTally process = Caches.cacheTally();
		CacheStatus status = Caches.cacheStatus();
		MemoryTally memory = catalog.memoryTally();
		return MoraineCommand.ordered("object_store", requests,
				"cache", MoraineCommand.ordered("hits", mine.hits(), "misses", mine.misses(), "bytes_fetched",
						mine.bytesFetched()),
				"process_cache", MoraineCommand.ordered("hits", process.hits(), "misses", process.misses(),
						"bytes_fetched", process.bytesFetched()),
				"cache_status", MoraineCommand.ordered("caches", status.caches(), "memory_used_bytes",
						status.memoryUsedBytes(), "memory_capacity_bytes", status.memoryCapacityBytes(),
						"disk_capacity_bytes", status.diskCapacityBytes()),
				"memory", MoraineCommand.ordered("catalog_cache_bytes", memory.catalogCacheBytes(), "memtable_bytes",
						memory.memtableBytes(), "process_cache_bytes", memory.processCacheBytes()));
	}
}
