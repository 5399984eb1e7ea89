package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.internal.NamedFiles;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectInfo;

/**
 * A push in a real process killed with SIGKILL (kill -9) at a random moment into its writes, 50 times, on a folder
 * repository: after each, main is where it was or at a whole newer version, and the repository opens and verifies;
 * at the end every object left over is one no retained version names, none is torn (each data file is its
 * source's size), and the collector keeps them all until the grace period is over (the clock injected), then
 * deletes exactly those.
 */
class KilledPushTest {

	@TempDir
	Path dir;

	@Test
	@Timeout(value = 10, unit = TimeUnit.MINUTES)
	void fiftyPushesKilledAtRandomMomentsLeaveOnlyUnnamedObjects() throws Exception {
		Path root = dir.resolve("repo");
		Files.createDirectories(root);
		Repository repo = Repository.init(new FolderStore(root), root + "/");
		Path keys = dir.resolve("keys");
		Signing key = Signing.inFolder(keys);
		Trust trust = Trust.of(key.publicKey());
		Random random = new Random(9);
		int killed = 0, finished = 0;
		long pushMillis = -1;
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 1000)) {
			new Writer(repo, key, "A", java.time.Clock.systemUTC()).commit(w.catalog(), "main", "base", dir.resolve("t"), false);
			// 50 rounds, then more (at most 100) until a kill has left an unnamed object: on a loaded machine every
			// kill of the 50 can land before a push's first write, and then the collector below has nothing to judge
			for (int round = 0; round < 50 || round < 150 && leftovers(repo, trust, w).isEmpty(); round++) {
				for (int f = 0; f < 4; f++)
					w.insert(100_000 + random.nextInt(200_000));
				String before = repo.resolve("main");
				Process p = new ProcessBuilder(java(), "-cp", System.getProperty("java.class.path"),
						PushProcess.class.getName(), root.toString(), w.catalog().toString(), keys.toString(),
						dir.resolve("scratch").toString()).redirectErrorStream(true).start();
				BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
				String line;
				while ((line = out.readLine()) != null && !line.equals("go")) {
					// the JVM's warnings
				}
				assertEquals("go", line, "the push process started");
				long start = System.nanoTime();
				if (round == 0) {
					// the first runs whole: how long a push takes sets the window the kills land in
					assertTrue(p.waitFor(2, TimeUnit.MINUTES));
					pushMillis = Math.max(20, (System.nanoTime() - start) / 1_000_000);
				} else {
					Thread.sleep(random.nextInt((int) (pushMillis * 1.2) + 1));
					p.destroyForcibly(); // SIGKILL on Linux
				}
				p.waitFor(1, TimeUnit.MINUTES);
				StringBuilder rest = new StringBuilder();
				try {
					for (String l; (l = out.readLine()) != null;)
						rest.append(l).append('\n');
				} catch (java.io.IOException e) {
					// killed: its output stopped
				}
				String after = repo.resolve("main");
				if (rest.indexOf("done ") >= 0) {
					finished++;
					assertTrue(repo.descends(after, before) && !after.equals(before), rest.toString());
				} else {
					killed++;
					assertTrue(after.equals(before) || repo.descends(after, before), "main did not move backwards");
				}
				new Refs(repo).requireWhole(after);
				new Reader(repo, trust, dir.resolve("cache")).open("main", false);
				if (round % 10 == 9) {
					Verifier.Report report = new Verifier(repo, trust).verify();
					assertTrue(report.ok(), report.problems().toString());
				}
			}
			assertTrue(killed >= 15, "most pushes were killed before they finished: " + killed + " killed, "
					+ finished + " finished");

			Set<String> leftovers = leftovers(repo, trust, w);
			assertTrue(!leftovers.isEmpty(), "the killed pushes left something (" + killed + " killed)");

			TestClock clock = new TestClock(Instant.now());
			Collector gc = new Collector(repo, Duration.ofDays(7), clock);
			assertEquals(List.of(), gc.run(false).deletions(), "nothing before the grace period");
			clock.pass(Duration.ofDays(6));
			assertEquals(List.of(), gc.run(false).deletions(), "nothing after 6 days either");
			clock.pass(Duration.ofDays(1).plusMinutes(5));
			List<String> deleted = new ArrayList<>();
			for (Collector.Deletion d : gc.run(false).deletions())
				deleted.add(d.path());
			assertEquals(leftovers, new HashSet<>(deleted), "exactly the unnamed objects, once the grace is over");
			assertTrue(new Verifier(repo, trust).verify().ok());
			new Reader(repo, trust, dir.resolve("cache2")).open("main", false);
		}
	}

	/** The repository's objects that no version reachable from main names, each data file checked whole. */
	private static Set<String> leftovers(Repository repo, Trust trust, WorkingCatalogs w) throws Exception {
		Set<String> named = new HashSet<>();
		for (String id = repo.resolve("main"); id != null;) {
			VersionRecord r = repo.record(id, trust);
			named.add(Layout.version(id));
			named.add(Layout.catalog(r.catalogSha256()));
			named.addAll(NamedFiles.of(repo.catalog(r), "c").keySet());
			id = r.parents().isEmpty() ? null : r.parents().get(0);
		}
		Map<String, Long> sources = new java.util.HashMap<>();
		try (var s = Files.walk(w.catalog().getParent().resolve("files"))) {
			for (Path f : s.filter(Files::isRegularFile).toList())
				sources.put(Layout.DATA + w.catalog().getParent().resolve("files").relativize(f), Files.size(f));
		}
		Set<String> leftovers = new HashSet<>();
		for (String prefix : List.of(Layout.VERSIONS, Layout.CATALOGS, Layout.DATA))
			for (ObjectInfo o : repo.store().list(prefix)) {
				if (o.path().startsWith(Layout.DATA))
					assertEquals(sources.get(o.path()), o.size(), o.path() + " is whole");
				if (!named.contains(o.path()))
					leftovers.add(o.path());
			}
		return leftovers;
	}

	private static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}
}
