package io.lakestudio.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.onelake.local.LocalFolderLake;

/**
 * Real processes on one catalog file: one lease holder at every instant, takeover after a kill -9 once the
 * heartbeat is stale (once at the real 90 s), and a sweeping process killed at random moments never leaves a
 * broken file or a half-written listing.
 */
class LeaseProcessesTest {

	@TempDir
	static Path lake;

	@TempDir
	Path home;

	private final List<Sweeper> started = new ArrayList<>();

	@BeforeAll
	static void writeLake() throws IOException {
		BigTenant.write(lake, 2, 6, 40); // 2 workspaces x 6 lakehouses x 40 tables
	}

	@AfterEach
	void killAll() {
		started.forEach(s -> s.process.destroyForcibly());
	}

	@Test
	void oneHolderAtATimeAndTakeoverAfterKillWithShortLease() throws Exception {
		takeover(3_000);
	}

	@Test
	void takeoverAtTheRealNinetySeconds() throws Exception {
		takeover(90_000);
	}

	private void takeover(long staleMs) throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		Sweeper a = start(file, staleMs, 50);
		// a JVM's start takes seconds on a loaded machine: B starts once A holds, so A is the first holder
		long t0 = System.currentTimeMillis();
		while (!a.holding && System.currentTimeMillis() - t0 < 60_000) {
			Thread.sleep(50);
		}
		assertTrue(a.holding, "the first process took the lease");
		Sweeper b = start(file, staleMs, 50);
		long until = System.currentTimeMillis() + 4000;
		String holder = null;
		while (System.currentTimeMillis() < until) {
			String h = holder(file);
			assertTrue(h != null, "someone holds the lease");
			holder = holder == null ? h : holder;
			assertEquals(holder, h, "the lease stays with one holder while it beats");
			Thread.sleep(100);
		}
		Sweeper first = holder.contains(":" + a.process.pid() + ":") ? a : b;
		Sweeper other = first == a ? b : a;
		assertTrue(first.issued() > 0, "the holder sweeps");
		assertEquals(0, other.issued(), "the other process asks the lake nothing");
		assertTrue(!other.everHeld, "and never believed it held the lease");

		first.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // kill -9
		long killed = System.currentTimeMillis();
		while (!holder(file).contains(":" + other.process.pid() + ":")
				&& System.currentTimeMillis() - killed < staleMs + 30_000) {
			Thread.sleep(100);
		}
		long took = System.currentTimeMillis() - killed;
		assertTrue(holder(file).contains(":" + other.process.pid() + ":"), "the other process took over");
		assertTrue(took <= staleMs + 2_000, "took over within the stale time: " + took + " ms");
		assertTrue(took >= staleMs - 3_000, "but not before the heartbeat went stale: " + took + " ms");
		Thread.sleep(1000);
		assertTrue(other.holding, "and sweeps from there as the holder");
	}

	@Test
	void killNineAtRandomMomentsLeavesNoBrokenFileAndNoHalfListing() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		Map<String, Integer> expected = expectedTables();
		Random random = new Random(42);
		int held = 0;
		for (int round = 0; round < 12; round++) {
			Sweeper s = start(file, 500, 200);
			// the random moment is one of its work, not of its JVM starting (seconds on a loaded machine)
			for (long t0 = System.currentTimeMillis(); !s.stepped && System.currentTimeMillis() - t0 < 30_000;) {
				Thread.sleep(20);
			}
			Thread.sleep(random.nextInt(1200));
			s.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			try (Connection c = new org.sqlite.JDBC().connect("jdbc:sqlite:" + file, new java.util.Properties());
					ResultSet rs = c.createStatement().executeQuery("PRAGMA integrity_check")) {
				rs.next();
				assertEquals("ok", rs.getString(1), "round " + round);
			}
			try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "a")) {
				assertTrue(c.openNotice().isEmpty(), "the file was never set aside");
				for (Map.Entry<String, Integer> e : expected.entrySet()) {
					int rows = c.tables(e.getKey()).size();
					boolean listed = c.syncState(Listing.tables(e.getKey())).map(st -> st.held()).orElse(false);
					if (listed) {
						held++;
						assertEquals(e.getValue(), rows, "a held listing is whole: " + e.getKey() + ", round " + round);
					} else {
						assertEquals(0, rows, "a listing never held wrote no rows: " + e.getKey());
					}
				}
			}
		}
		assertTrue(held > 0, "the sweeps got far enough to hold tables listings");
	}

	/** Every lakehouse of the lake and its table count, read from the lake itself. */
	private static Map<String, Integer> expectedTables() throws Exception {
		Map<String, Integer> out = new ConcurrentHashMap<>();
		try (LocalFolderLake l = new LocalFolderLake(lake)) {
			for (Workspace w : l.workspaces()) {
				for (Item i : l.items(w.id())) {
					if (i.hasTables() && !i.staging()) {
						out.put(i.id(), l.tables(i).size());
					}
				}
			}
		}
		assertNotEquals(0, out.size());
		return out;
	}

	private static String holder(Path file) {
		try (Catalog c = Catalogs.open(file, "a")) {
			return c.lease().map(l -> l.holder()).orElse(null);
		}
	}

	private Sweeper start(Path file, long staleMs, int perSecond) throws IOException {
		List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
				"-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), SweeperMain.class.getName(),
				file.toString(), lake.toString(), Long.toString(staleMs), Integer.toString(perSecond));
		Sweeper s = new Sweeper(new ProcessBuilder(cmd).redirectErrorStream(true).start());
		started.add(s);
		return s;
	}

	/** A sweeping child process and the last "issued" count it printed. */
	static final class Sweeper {
		final Process process;
		volatile int issued;
		volatile boolean holding;
		volatile boolean everHeld;
		volatile boolean stepped;

		Sweeper(Process process) {
			this.process = process;
			Thread t = new Thread(() -> {
				try (BufferedReader r = new BufferedReader(
						new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
					String line;
					while ((line = r.readLine()) != null) {
						if (line.startsWith("step ")) {
							stepped = true;
							holding = line.contains("holder=true");
							everHeld |= holding;
						}
						int i = line.indexOf("issued=");
						if (i >= 0) {
							issued = Integer.parseInt(line.substring(i + 7).trim());
						}
					}
				} catch (IOException | NumberFormatException e) {
					// the process was killed
				}
			});
			t.setDaemon(true);
			t.start();
		}

		int issued() {
			return issued;
		}
	}
}
