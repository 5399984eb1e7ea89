import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Fault;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.Result;
import io.lakestudio.onelake.Lake;
import io.lakestudio.sync.SyncPass;
import io.lakestudio.sync.account.Accounts;

/**
 * See cold-bench. The ideal of a cold query: one round trip for each wave its requests could go in (the log's
 * listing, the log's files, the data files' tails, the rest of footers longer than the tail, then the chunks, at
 * most 8 per round trip as the engine asks them) plus every byte at the link's rate (the best of three reads of the
 * whole table with no delay, after a warm-up).
 */
public class ColdBench {

	static final String T = "\"Bench/Big\".big";
	static final String[][] QUERIES = { { "count", "SELECT count(*) FROM %s" },
			{ "sum one column", "SELECT sum(qty) FROM %s" },
			{ "selective filter", "SELECT count(*), sum(amount) FROM %s WHERE id BETWEEN 1000 AND 1200" },
			{ "LIMIT 5", "SELECT * FROM %s LIMIT 5" },
			{ "wide scan", "SELECT sum(length(payload)), sum(length(name)), sum(amount), max(ts) FROM %s" } };
	static final int FILES = 8;
	static final int PARALLEL = 8;

	public static void main(String[] a) throws Exception {
		long rows = Long.parseLong(a[0]);
		int delayMs = Integer.parseInt(a[1]);
		Path tmp = Files.createTempDirectory("cold-bench");
		Path lake = tmp.resolve("lake");
		Path table = lake.resolve("Bench/Big.Lakehouse/Tables/big");
		Map<String, Long> sizes = generate(table, rows);
		// a copy of the table for each query, to be read cold by an engine already running (as the headless server
		// and the workbench keep one): the files hard-linked, the log copied
		for (int q = 0; q < QUERIES.length; q++) {
			Path copy = table.resolveSibling("big_r" + q);
			Files.createDirectories(copy.resolve("_delta_log"));
			try (var log = Files.list(table.resolve("_delta_log"))) {
				for (Path f : log.toList()) {
					Files.copy(f, copy.resolve("_delta_log").resolve(f.getFileName()));
				}
			}
			for (String f : sizes.keySet()) {
				Files.createLink(copy.resolve(f), table.resolve(f));
			}
		}
		Path home = tmp.resolve("home");
		System.setProperty(Accounts.SECRET_PROPERTY, Tokens.CLIENT_SECRET);
		try (Emulator emu = Emulator.start(lake)) {
			System.setProperty(Accounts.CA_PROPERTY, emu.dfsCaFile().toString());
			Settings s = Settings.load(home).set(Settings.ACCOUNT, "emu").set(Accounts.FABRIC_ENDPOINT, emu.fabricUrl())
					.set(Accounts.ONELAKE_ENDPOINT, emu.dfsUrl()).set(Accounts.TOKEN_ENDPOINT, emu.tokenUrl())
					.set(Accounts.CLIENT_ID, Tokens.CLIENT_ID);
			Accounts.mark(s, "emu", true);
			try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "emu"), "emu"); Lake l = Accounts.open(s, m -> {})) {
				new SyncPass(c, l, Clock.systemUTC(), new EventLog(home)).run(SyncPass.Options.ALL, w -> {}, () -> false);
				String big = c.tables(c.itemNamed(c.workspaceNamed("Bench").orElseThrow().id(), "Big").orElseThrow().id())
						.get(0).location();
				// the link: every data file read whole through the emulator with no delay, in 8 MiB pieces 8 at a
				// time (as the engine reads chunks), best of 3 after a round to warm the connections and the JIT: a
				// rate measured cold, on one file, came out at a tenth of what the wide scan itself moved, and made
				// the ideal's byte term that much too long
				double rate = 0;
				for (int round = 0; round < 4; round++) {
					long t0 = System.nanoTime();
					long total = 0;
					try (var pool = java.util.concurrent.Executors.newFixedThreadPool(PARALLEL)) {
						List<java.util.concurrent.Future<byte[]>> reads = new ArrayList<>();
						for (Map.Entry<String, Long> f : sizes.entrySet()) {
							for (long off = 0; off < f.getValue(); off += 8 << 20) {
								long at = off;
								int n = (int) Math.min(8 << 20, f.getValue() - at);
								reads.add(pool.submit(() -> l.store().read(big + "/" + f.getKey(), at, n)));
							}
							total += f.getValue();
						}
						for (var f : reads) {
							f.get();
						}
					}
					double r = total / ((System.nanoTime() - t0) / 1e9);
					rate = round == 0 ? rate : Math.max(rate, r);
				}
				System.out.printf("table: %d rows, %d files, %.1f MB; link (emulator over loopback TLS, no delay, 8 reads of 8 MiB at a time, best of 3): %.0f MB/s;"
						+ " delay per request: %d ms%n%n", rows, FILES, sizes.values().stream().mapToLong(x -> x).sum() / 1e6,
						rate / 1e6, delayMs);
				emu.faults().add(Fault.slow(Duration.ofMillis(delayMs)));
				EngineConfig cfg = new EngineConfig(home, c, l.store(), Clock.systemUTC(), 1024, 2, 20L << 30,
						Duration.ofHours(1), false);
				System.out.printf("%-17s %9s %9s %6s %6s %9s %9s %7s %9s %9s%n", "cold query", "wall ms", "ideal ms",
						"reqs", "waves", "MB", "rt ms", "ratio", "held ms", "(w-h)/id");
				for (String[] q : QUERIES) { // once first, not counted: the JIT, DuckDB's start
					deleteTree(home.resolve("cache"));
					deleteTree(home.resolve("mirror"));
					try (Engine e = new Engine(cfg)) {
						run(e, String.format(q[1], T));
					}
				}
				for (String[] q : QUERIES) {
					deleteTree(home.resolve("cache"));
					deleteTree(home.resolve("mirror"));
					emu.log().clear();
					java.time.Instant start = java.time.Instant.now();
					long w0 = System.nanoTime();
					try (Engine e = new Engine(cfg)) {
						run(e, String.format(q[1], T));
					}
					double wall = (System.nanoTime() - w0) / 1e6;
					// the same with every byte held, in a new engine: what is not the network
					long h0 = System.nanoTime();
					try (Engine e = new Engine(cfg)) {
						run(e, String.format(q[1], T));
					}
					double held = (System.nanoTime() - h0) / 1e6;
					List<Request> reqs = emu.log().all().stream().filter(r -> "dfs".equals(r.api())).toList();
					emu.log().clear();
					long bytes = reqs.stream().mapToLong(Request::bytes).sum();
					int waves = waves(reqs, sizes);
					trace(q[0], wall, start, reqs);
					double ideal = waves * (double) delayMs + bytes / rate * 1000;
					System.out.printf("%-17s %9.0f %9.0f %6d %6d %9.2f %9d %7.2f %9.0f %9.2f%n", q[0], wall, ideal,
							reqs.size(), waves, bytes / 1e6, waves * delayMs, wall / ideal, held, (wall - held) / ideal);
				}
				// the same queries, each on a table of its own never read before, in one engine started (and its first
				// statement run) before: a cold query as a user of the running server or workbench meets it
				System.out.printf("%nin an engine already running, each query on a table not read before:%n");
				try (Engine e = new Engine(cfg)) {
					run(e, String.format(QUERIES[0][1], T));
					for (int i = 0; i < QUERIES.length; i++) {
						String sql = String.format(QUERIES[i][1], "\"Bench/Big\".big_r" + i);
						emu.log().clear();
						java.time.Instant start = java.time.Instant.now();
						long w0 = System.nanoTime();
						run(e, sql);
						double wall = (System.nanoTime() - w0) / 1e6;
						trace(QUERIES[i][0], wall, start, emu.log().all());
						long h0 = System.nanoTime();
						run(e, sql);
						double held = (System.nanoTime() - h0) / 1e6;
						List<Request> reqs = emu.log().all().stream().filter(r -> "dfs".equals(r.api())).toList();
						emu.log().clear();
						long bytes = reqs.stream().mapToLong(Request::bytes).sum();
						int waves = waves(reqs, sizes);
						double ideal = waves * (double) delayMs + bytes / rate * 1000;
						System.out.printf("%-17s %9.0f %9.0f %6d %6d %9.2f %9d %7.2f %9.0f %9.2f%n", QUERIES[i][0], wall,
								ideal, reqs.size(), waves, bytes / 1e6, waves * delayMs, wall / ideal, held,
								(wall - held) / ideal);
					}
				}
				emu.faults().clear();
			}
		}
		System.out.println("\nheld ms: the same statement once every byte is held (above in a new engine: the engine's"
				+ " start, planning, DuckDB; below in the running one: planning and DuckDB), not the network; (w-h)/id:"
				+ " the cold query's wait beyond that over the ideal.");
		System.out.println("waves: the log's listing and its files (a round trip per dependent step), then the data"
				+ " files' tails, footers longer than the tail, and the chunks, " + PARALLEL + " reads per round trip."
				+ " Load average at the end: " + Files.readString(Path.of("/proc/loadavg")).trim());
		deleteTree(tmp);
	}

	/** With COLD_BENCH_TRACE set: each request of a query, when it came after the statement began (on stderr). */
	static void trace(String query, double wall, java.time.Instant start, List<Request> reqs) {
		if (System.getenv("COLD_BENCH_TRACE") != null) {
			System.err.printf("%s: wall %.0f ms; each request: ms after the statement began, path, range, bytes%n", query,
					wall);
			reqs.forEach(r -> System.err.printf("  %5d %s %s %s %s %d%n", Duration.between(start, r.at()).toMillis(),
					r.api(), r.method(), r.target().replaceAll("^/[^/?]*[/?]", ""), r.range(), r.bytes()));
		}
	}

	/** The round trips a cold query needs at least, from what it asked. */
	static int waves(List<Request> reqs, Map<String, Long> sizes) {
		int log = 0;
		int tails = 0;
		int rest = 0;
		for (Request r : reqs) {
			String path = java.net.URLDecoder.decode(r.path(), java.nio.charset.StandardCharsets.UTF_8);
			String name = path.substring(path.lastIndexOf('/') + 1);
			Long size = sizes.get(name);
			if (path.contains("/_delta_log") || size == null) {
				log++;
			} else if (r.range() != null && r.range().endsWith("-" + (size - 1))) {
				tails++;
			} else {
				rest++;
			}
		}
		// the log: its listing, then its files together (a checkpoint-free log of a few commits)
		int logWaves = log == 0 ? 0 : Math.min(log, 2);
		return logWaves + ceil(tails) + ceil(rest);
	}

	static int ceil(int n) {
		return (n + PARALLEL - 1) / PARALLEL;
	}

	static void run(Engine e, String sql) throws Exception {
		try (Result r = e.execute(sql, "bench")) {
			while (r.next()) {
				r.value(0);
			}
		}
	}

	static Map<String, Long> generate(Path table, long rows) throws Exception {
		Files.createDirectories(table);
		DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false), new DeltaColumn("qty", "integer", true),
				new DeltaColumn("amount", "double", true), new DeltaColumn("name", "string", true),
				new DeltaColumn("payload", "string", true), new DeltaColumn("ts", "timestamp", true)), List.of(), Map.of());
		List<DataFile> files = new ArrayList<>();
		Map<String, Long> sizes = new HashMap<>();
		long per = rows / FILES;
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			s.execute("SET threads = 2");
			for (int f = 0; f < FILES; f++) {
				String name = "part-" + f + ".parquet";
				s.execute("COPY (SELECT (" + (f * per) + " + i)::BIGINT AS id, (i % 97)::INTEGER AS qty, ((i * 0.37) % 1000)::DOUBLE AS amount,"
						+ " 'name ' || (i % 10007) AS name, repeat(md5(i::VARCHAR), 3) AS payload,"
						+ " TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_seconds(i) AS ts FROM range(" + per + ") r(i))"
						+ " TO '" + table.resolve(name) + "' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 122880)");
				long size = Files.size(table.resolve(name));
				sizes.put(name, size);
				files.add(new DataFile(name, size, Map.of(), per, Map.of(), Map.of(), Map.of()));
			}
		}
		DeltaTables.append(table, files);
		return sizes;
	}

	static void deleteTree(Path p) throws Exception {
		if (Files.exists(p)) {
			try (var s = Files.walk(p)) {
				s.sorted(java.util.Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
			}
		}
	}
}
