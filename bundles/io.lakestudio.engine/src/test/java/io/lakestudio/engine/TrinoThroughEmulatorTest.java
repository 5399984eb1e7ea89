package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.Settings;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.Lake;
import io.lakestudio.samples.SampleLake;
import io.lakestudio.sync.Syncer;
import io.lakestudio.sync.account.Accounts;

/**
 * The Trino tables of {@link TrinoCorrectnessTest}, served by the emulator (Fabric REST + OneLake DFS on loopback
 * HTTPS) as one lakehouse, through the lake an account signed in with a client id gets ({@link Accounts#open}):
 * listed into the catalog by the sync worker, the lakehouse then opened as the tree does so its tables' metadata is
 * read over DFS too, and read by one engine whose store is the OneLake DFS client (log mirror and column chunks over
 * HTTP). Every table Kernel reads must give Kernel's answer. The emulator's log must show the data came by ranged
 * GETs, no byte of a data file twice. Every Trino data file (6 KB at most) fits the engine's 16 KiB tail window and
 * comes whole in its first ranged GET, so a control table bigger than the window (the sample lake's customers),
 * asked for one column, must cost fewer bytes than its file and never a GET from byte 0. The table is written to
 * target/correctness-emulator.md.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class TrinoThroughEmulatorTest {

	private static final String CONTROL = "lakestudio.customers";

	@Test
	void everyTableKernelReadsGivesTheSameAnswerThroughRangedReads(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("tenant");
		Path tables = root.resolve("Trino/Golden.Lakehouse/Tables");
		List<String> names = new ArrayList<>(TrinoCorrectnessTest.extract(tables));
		Path control = control(tmp, tables.resolve(CONTROL));
		names.add(CONTROL);
		Path home = tmp.resolve("home");
		// the sync worker's pace (5 listings per 15 s) runs on a test clock; everything else on the system's
		TestClock clock = new TestClock(Instant.now());
		List<String> lakeLog = new ArrayList<>();
		long t0 = System.nanoTime();
		try (Emulator emu = Emulator.start(root);
				Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, "emu"), "emu");
				Lake lake = Accounts.open(signedIn(home, emu), lakeLog::add)) {
			// the sync worker's sweep, then the lakehouse opened as the tree does: its tables' metadata
			Syncer syncer = new Syncer(catalog, lake, clock, lakeLog::add, () -> false, Syncer.defaults("test"));
			untilIdle(syncer, clock);
			Item golden = catalog.itemNamed(catalog.workspaceNamed("Trino").orElseThrow().id(), "Golden").orElseThrow();
			syncer.open(golden.id(), true);
			untilIdle(syncer, clock);
			List<LakeTable> listed = catalog.tables(golden.id());
			assertEquals(names.size(), listed.size(), "every table listed");
			List<String> metadataFailed = listed.stream()
					.filter(t -> !catalog.syncState(Listing.tableMetadata(t.id())).map(s -> s.held() && !s.failing())
							.orElse(false))
					.map(t -> t.name() + ": " + catalog.syncState(Listing.tableMetadata(t.id()))
							.map(s -> String.valueOf(s.failureMessage())).orElse("never read"))
					.toList();
			long metadataHeld = listed.size() - metadataFailed.size();
			long syncMs = (System.nanoTime() - t0) / 1_000_000;
			List<Request> syncRequests = emu.log().all();
			emu.log().clear();

			List<String> report = new ArrayList<>(List.of("| table | Kernel rows | engine rows | checksum | note |",
					"|---|---|---|---|---|"));
			List<String> wrong = new ArrayList<>();
			List<String> same = new ArrayList<>();
			int unreadable = 0;
			List<String> kernelCant = new ArrayList<>();
			String controlLine;
			long t1 = System.nanoTime();
			try (Engine engine = new Engine(new EngineConfig(home, catalog, lake.store(), Clock.systemUTC(), 1024, 2,
					1L << 30, Duration.ofMinutes(60), false))) {
				// the control first, one column: only the tail and that column's chunks may come
				assertEquals("2001000", TestLake.one(engine, "SELECT sum(customer_id) FROM \"Trino/Golden\"."
						+ TrinoCorrectnessTest.Sqlish.ident(CONTROL)));
				List<Request> controlGets = dataGets(emu.log().all());
				long controlBytes = controlGets.stream().mapToLong(Request::bytes).sum();
				assertFalse(controlGets.isEmpty(), "the control's data came from the emulator");
				assertTrue(controlBytes < control.toFile().length(), () -> "one column of a "
						+ control.toFile().length() + "-byte file cost " + controlBytes + " bytes: " + ranges(controlGets));
				assertTrue(controlGets.stream().noneMatch(r -> r.rangeStart() == 0), () -> "a GET from byte 0 "
						+ ranges(controlGets));
				controlLine = "Control: sum of one column of " + CONTROL + " (a " + control.toFile().length()
						+ "-byte data file) fetched " + controlBytes + " bytes in " + controlGets.size()
						+ " ranged GETs " + ranges(controlGets) + ".";

				for (String name : names) {
					String folder = name.replace('/', '.');
					KernelOracle.Answer want;
					try {
						want = KernelOracle.read(tables.resolve(folder), null);
					} catch (Exception | LinkageError e) {
						report.add("| " + name + " | – | – | – | Kernel can't read it: "
								+ TrinoCorrectnessTest.oneLine(e) + " |");
						unreadable++;
						kernelCant.add(folder);
						continue;
					}
					if (TrinoCorrectnessTest.compare(engine, name, folder, want, report, wrong)) {
						same.add(name);
					}
				}
			}
			long readMs = (System.nanoTime() - t1) / 1_000_000;
			List<Request> reads = emu.log().all();
			List<Request> data = dataGets(reads);
			Map<String, List<long[]>> overlaps = overlaps(data);
			List<Request> ranged = reads.stream().filter(r -> r.range() != null).toList();

			report.add("");
			report.add(same.size() + " of " + names.size() + " tables equal (" + (names.size() - 1)
					+ " Trino tables and the control " + CONTROL + "); " + unreadable + " Kernel can't read; "
					+ wrong.size() + " differ or fail.");
			report.add("");
			report.add("Sync (sweep + lakehouse opened, " + metadataHeld + " tables' metadata held): "
					+ summary(syncRequests) + ", " + syncMs + " ms.");
			report.add("Reads (one engine, every statement): " + summary(reads) + "; " + data.size()
					+ " data-file GETs, all ranged: " + data.stream().allMatch(r -> r.range() != null) + ", "
					+ bytes(data) + " bytes; " + readMs + " ms.");
			report.add(controlLine);
			if (!metadataFailed.isEmpty()) {
				report.add("");
				report.add("Table metadata the sync worker could not read (the engine reads the log itself):");
				metadataFailed.forEach(m -> report.add("- " + m.replace('\n', ' ')));
			}
			Files.createDirectories(Path.of("target"));
			Files.write(Path.of("target", "correctness-emulator.md"), report);

			assertTrue(wrong.isEmpty(), String.join("\n", wrong));
			// the sync reads every table's metadata Kernel can read, checkpoints (multipart, v2) included
			assertEquals(List.of(), metadataFailed.stream()
					.filter(m -> kernelCant.stream().noneMatch(k -> m.startsWith(k + ": "))).toList(),
					"metadata that failed to sync for a table Kernel reads");
			assertTrue(metadataHeld >= 60, "the metadata of only " + metadataHeld + " tables synced");
			List<String> expected = new ArrayList<>(TrinoTables.EQUAL);
			expected.add(CONTROL);
			assertEquals(expected, same, "the tables whose read through the emulator equals Kernel's");
			assertFalse(data.isEmpty(), "no data file was read through the emulator");
			assertEquals(List.of(), data.stream().filter(r -> r.range() == null || r.status() != 206)
					.map(Request::target).toList(), "data-file GETs without a range");
			assertTrue(overlaps.isEmpty(), () -> "bytes fetched twice: " + overlaps.keySet());
			assertTrue(ranged.size() >= data.size());
		}
	}

	/**
	 * An account signed in to the emulator as {@code login --client-id} leaves it: endpoints and client id in the
	 * settings, the secret and the emulator's certificate as the process's properties (cleared after the test).
	 */
	private static Settings signedIn(Path home, Emulator emu) {
		System.setProperty(Accounts.SECRET_PROPERTY, Tokens.CLIENT_SECRET);
		System.setProperty(Accounts.CA_PROPERTY, emu.dfsCaFile().toString());
		Settings s = Settings.load(home).set(Settings.ACCOUNT, "emu").set(Accounts.FABRIC_ENDPOINT, emu.fabricUrl())
				.set(Accounts.ONELAKE_ENDPOINT, emu.dfsUrl()).set(Accounts.TOKEN_ENDPOINT, emu.tokenUrl())
				.set(Accounts.CLIENT_ID, Tokens.CLIENT_ID);
		Accounts.mark(s, "emu", true);
		return s;
	}

	@AfterEach
	void forgetTheSecret() {
		System.clearProperty(Accounts.SECRET_PROPERTY);
		System.clearProperty(Accounts.CA_PROPERTY);
	}

	/** Steps the worker, moving the test clock by each wait, until it has nothing left to ask. */
	private static void untilIdle(Syncer s, TestClock clock) {
		for (int i = 0; i < 2000; i++) {
			Duration d = s.step();
			if (d.equals(Duration.ofSeconds(30)) && s.status().pausedUntil() == null) {
				return;
			}
			clock.advance(d);
		}
		throw new AssertionError("the sync worker was not idle after 2000 steps");
	}

	/** The sample lake's customers table (2000 rows, five columns), bigger than the footer window. */
	private static Path control(Path tmp, Path to) throws Exception {
		Path sample = tmp.resolve("sample");
		SampleLake.write(sample);
		Path from = sample.resolve("Sales/Orders.Lakehouse/Tables/customers");
		Path data = null;
		for (Path t : TestLake.copyTree(from, to)) {
			if (t.toString().endsWith(".parquet") && !to.relativize(t).toString().contains("_delta_log")) {
				data = t;
			}
		}
		return data;
	}

	/** GETs of data files: Parquet under a table, not its log's checkpoints. */
	private static List<Request> dataGets(List<Request> all) {
		return all.stream().filter(r -> "dfs".equals(r.api()) && "GET".equals(r.method())
				&& r.path().endsWith(".parquet") && !r.path().contains("/_delta_log/")).toList();
	}

	/** Data files some byte of which came twice, with their ranges. */
	private static Map<String, List<long[]>> overlaps(List<Request> data) {
		Map<String, List<long[]>> byPath = new TreeMap<>();
		for (Request r : data) {
			if (r.range() != null) {
				long a = r.rangeStart();
				byPath.computeIfAbsent(r.path(), k -> new ArrayList<>()).add(new long[] { a, a + r.bytes() });
			}
		}
		byPath.values().removeIf(rs -> {
			rs.sort((x, y) -> Long.compare(x[0], y[0]));
			for (int i = 1; i < rs.size(); i++) {
				if (rs.get(i)[0] < rs.get(i - 1)[1]) {
					return false;
				}
			}
			return true;
		});
		return byPath;
	}

	private static String summary(List<Request> rs) {
		long dfs = rs.stream().filter(r -> "dfs".equals(r.api())).count();
		return rs.size() + " requests (" + dfs + " DFS, " + rs.stream().filter(r -> r.range() != null).count()
				+ " ranged, " + rs.stream().filter(r -> "token".equals(r.api())).count() + " token), " + bytes(rs)
				+ " bytes answered";
	}

	private static long bytes(List<Request> rs) {
		return rs.stream().mapToLong(Request::bytes).sum();
	}

	private static String ranges(List<Request> rs) {
		return rs.stream().map(r -> r.range() + "→" + r.bytes()).toList().toString();
	}
}
