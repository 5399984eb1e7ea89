import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.Result;
import io.lakestudio.onelake.local.LocalFolderLake;
import io.lakestudio.sync.SyncPass;

/**
 * See engine-memory-bench. Each table has 8 partitions of one small file; statement n reads table n mod tables with
 * a partition range and a literal of its own, so that every text is new and the file choices (one temp view and a
 * table of partition values each in DuckDB) keep changing, as in an engine the workbench keeps for days.
 */
public class EngineMemoryBench {

	static final int PARTITIONS = 8;

	public static void main(String[] a) throws Exception {
		int statements = Integer.parseInt(a[0]);
		int tables = Integer.parseInt(a[1]);
		Path tmp = Files.createTempDirectory("engine-memory-bench");
		Path lake = tmp.resolve("lake");
		long t0 = System.nanoTime();
		write(lake, tables);
		Path home = tmp.resolve("home");
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "local"), "local"); var l = new LocalFolderLake(lake)) {
			new SyncPass(c, l, Clock.systemUTC(), new EventLog(home)).run(SyncPass.Options.ALL, w -> {}, () -> false);
			System.out.printf("%d tables x %d partitions written and synced in %d s; %d distinct statements in one"
					+ " engine (memory_limit 512 MB; JVM %s)%n", tables, PARTITIONS, (System.nanoTime() - t0) / 1_000_000_000L,
					statements, java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
			// the peak counts from here: writing and syncing the lake (a DuckDB of its own, closed) is no engine's
			System.out.printf("peak RSS while writing and syncing: %d MB; now %d MB, the peak reset to it%n",
					status("VmHWM:") >> 10, status("VmRSS:") >> 10);
			Files.writeString(Path.of("/proc/self/clear_refs"), "5");
			EngineConfig cfg = new EngineConfig(home, c, l.store(), Clock.systemUTC(), 512, 2, 20L << 30,
					Duration.ofHours(1), false);
			System.out.printf("%12s %12s %12s %12s %12s %12s %12s %12s %14s %10s%n", "statements", "peak RSS", "RSS now", "vs 1k peak",
					"heap used", "live heap", "JVM heap", "DuckDB held", "views+tables", "ms/stmt");
			long first = 0;
			long last = System.nanoTime();
			int lastN = 0;
			try (Engine e = new Engine(cfg)) {
				for (int n = 1; n <= statements; n++) {
					int t = n % tables;
					int from = (n / tables) % PARTITIONS;
					int to = from + (n / tables / PARTITIONS) % (PARTITIONS - from);
					String sql = "SELECT sum(id) + " + n + " FROM \"Bench/Many\".t" + t + " WHERE p >= " + from
							+ " AND p <= " + to;
					try (Result r = e.execute(sql, "bench")) {
						while (r.next()) {
							r.value(0);
						}
					}
					if (n % 1000 == 0 || n == statements) {
						long peak = status("VmHWM:");
						first = first == 0 ? peak : first;
						double ms = (System.nanoTime() - last) / 1e6 / (n - lastN);
						last = System.nanoTime();
						lastN = n;
						// the JVM's committed heap (Java's part of RSS) and what DuckDB's buffer manager holds; the rest
						// is the allocator's and the JVM's own
						Runtime rt = Runtime.getRuntime();
						System.out.printf("%12d %9d MB %9d MB %12.2f %9d MB %9d MB %9d MB %9d MB %14d %10.2f%n", n,
								peak >> 10, status("VmRSS:") >> 10, peak / (double) first,
								(rt.totalMemory() - rt.freeMemory()) >> 20, liveHeap() >> 20, rt.totalMemory() >> 20,
								e.duckDbMemoryBytes() >> 20, e.lakeViewsHeld(), ms);
						if (n == 1000 || n == statements) {
							System.out.println("  DuckDB's memory by tag: " + e.duckDbMemoryTags());
						}
					}
				}
			}
		}
		System.out.println("load average at the end: " + Files.readString(Path.of("/proc/loadavg")).trim());
		try (var s = Files.walk(tmp)) {
			s.sorted(java.util.Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
		}
	}

	static void write(Path lake, int tables) throws Exception {
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			for (int t = 0; t < tables; t++) {
				Path table = Files.createDirectories(lake.resolve("Bench/Many.Lakehouse/Tables/t" + t));
				DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false),
						new DeltaColumn("p", "integer", false)), List.of("p"), Map.of());
				List<DataFile> files = new ArrayList<>();
				for (int k = 0; k < PARTITIONS; k++) {
					Path f = Files.createDirectories(table.resolve("p=" + k)).resolve("part-0.parquet");
					s.execute("COPY (SELECT (" + k * 1000 + " + i)::BIGINT AS id FROM range(100) r(i)) TO '" + f
							+ "' (FORMAT parquet)");
					files.add(new DataFile("p=" + k + "/part-0.parquet", Files.size(f), Map.of("p", k), 100, Map.of(),
							Map.of(), Map.of()));
				}
				DeltaTables.append(table, files);
			}
		}
	}

	/** What the old generation held after its last collection: the live set, without the young garbage. */
	static long liveHeap() {
		long live = 0;
		for (var p : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
			var u = p.getCollectionUsage();
			if (u != null && p.getType() == java.lang.management.MemoryType.HEAP && !p.getName().contains("Eden")
					&& !p.getName().contains("Survivor")) {
				live += u.getUsed();
			}
		}
		return live;
	}

	static long status(String key) throws Exception {
		for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
			if (l.startsWith(key)) {
				return Long.parseLong(l.replaceAll("[^0-9]", ""));
			}
		}
		return -1;
	}
}
