package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.store.FolderStore;

/**
 * moraine across real JVMs ({@link MoraineChild}) on one folder store: the writer lease between two processes, a
 * writer killed with SIGKILL at random moments, and a reader process tailing a writer process. What the children
 * acknowledged is compared with what the store reads afterwards, through a catalog this JVM opens.
 */
@Timeout(600)
class ProcessesTest {

	@TempDir
	Path dir;

	final List<Process> started = Collections.synchronizedList(new ArrayList<>());

	/** Its folder store is its own: once, not again under each backend of the suite (see the pom). */
	@org.junit.jupiter.api.BeforeEach
	void onceOnly() {
		org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("moraine.kv") == null);
	}

	@AfterEach
	void killAll() {
		started.forEach(Process::destroyForcibly);
	}

	/** A child JVM and the lines it prints, as they come. */
	final class Child {
		final Process process;
		final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
		final List<String> all = Collections.synchronizedList(new ArrayList<>());

		Child(String... args) throws Exception {
			List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
					.toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
					System.getProperty("java.class.path"), MoraineChild.class.getName()));
			cmd.addAll(List.of(args));
			process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
			started.add(process);
			Thread.ofPlatform().daemon().start(() -> {
				try (BufferedReader r = new BufferedReader(
						new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
					for (String l; (l = r.readLine()) != null;) {
						all.add(l);
						lines.add(l);
					}
				} catch (java.io.IOException e) {
					all.add(e.toString());
				}
			});
		}

		/** The next line starting with {@code prefix} within {@code seconds}, or null. */
		String await(String prefix, double seconds) throws InterruptedException {
			long end = System.nanoTime() + (long) (seconds * 1e9);
			for (long left; (left = end - System.nanoTime()) > 0;) {
				String l = lines.poll(left, TimeUnit.NANOSECONDS);
				if (l != null && l.startsWith(prefix))
					return l;
			}
			return null;
		}

		void kill() throws InterruptedException {
			process.destroyForcibly(); // SIGKILL: no hook, no close, no lease given up
			assertTrue(process.waitFor(30, TimeUnit.SECONDS));
		}
	}

	@Test
	void oneProcessHoldsTheLeaseAtEveryInstantAndTheOtherTakesOverOnceItIsGone() throws Exception {
		Catalog.open(new FolderStore(dir), CatalogOptions.defaults()).close();
		long timeoutMs = 6000; // generous: a loaded machine may stall a JVM for a while
		// the first takes the lease; the second, opening while it holds it, is refused naming it. (Not a cold race:
		// two openers meeting no lease both open the KV's writer, and the later one's fence can leave the
		// earlier, lease-holding one fenced: Lease.acquire opens the writer before its lease CAS.)
		Child holder = new Child("hold", dir.toString(), String.valueOf(timeoutMs));
		String first = holder.await("holding", 60);
		assertNotNull(first, "no one took the lease: " + holder.all);
		Child other = new Child("hold", dir.toString(), String.valueOf(timeoutMs));
		String refused = other.await("refused", 30);
		assertNotNull(refused, "the second opener was not refused: " + other.all);
		assertTrue(refused.contains("held by ") && refused.contains("/" + holder.process.pid() + " since "), refused);
		assertTrue(holder.all.stream().noneMatch(l -> l.contains("Exception")), "the holder was never fenced: " + holder.all);
		Thread.sleep(3 * timeoutMs);
		assertFalse(other.all.stream().anyMatch(l -> l.startsWith("holding")),
				"while the holder heartbeats, the other stays refused (" + first + ")");
		assertTrue(holder.process.isAlive(), "and the holder still holds it, unfenced: " + holder.all);

		long killed = System.nanoTime();
		holder.kill();
		String took = other.await("holding", 60);
		long waitedMs = (System.nanoTime() - killed) / 1_000_000;
		assertNotNull(took, "the other never took over: " + other.all);
		assertTrue(took.contains("/" + other.process.pid()), took);
		assertTrue(waitedMs >= timeoutMs - timeoutMs / 10 - 100,
				"it took over only once the killed holder had been quiet for the lease timeout: " + waitedMs + " ms");
		Child late = new Child("hold", dir.toString(), String.valueOf(timeoutMs));
		String lateRefused = late.await("refused", 30);
		assertNotNull(lateRefused, late.all.toString());
		assertTrue(lateRefused.contains("/" + other.process.pid() + " since "), lateRefused);
	}

	@Test
	void aWriterKilledAtRandomMomentsLosesNoAcknowledgedCommitAndDoublesNone() throws Exception {
		Catalog.open(new FolderStore(dir), CatalogOptions.defaults()).close();
		Path log = dir.resolveSibling(dir.getFileName() + "-acks.log");
		Random random = new Random(20261202);
		int rounds = 50;
		for (int round = 0; round < rounds; round++) {
			Child w = new Child("write", dir.toString(), log.toString());
			assertNotNull(w.await("open", 60), "round " + round + ": " + w.all);
			Thread.sleep(random.nextInt(400)); // a random moment of its commits, flushes, merges and collection
			w.kill();
			try (Catalog after = Catalog.open(new FolderStore(dir), CatalogOptions.defaults().withForceTakeover(true))) {
				TreeMap<Integer, Long> acked = acks(log);
				CatalogSnapshot head = after.snapshot();
				List<String> names = head.schemas().stream().map(SchemaInfo::name).filter(n -> n.matches("s\\d+"))
						.toList();
				for (int n : acked.keySet())
					assertTrue(names.contains("s" + n), "round " + round + ": acknowledged s" + n + " lost");
				int ackedMax = acked.isEmpty() ? -1 : acked.lastKey();
				assertTrue(names.size() <= acked.size() + round + 1,
						"round " + round + ": at most the one in flight per round beyond the acknowledged");
				if (!acked.isEmpty()) {
					long last = acked.lastEntry().getValue();
					try (CatalogSnapshot s = after.snapshotAt(new SnapshotId(last))) {
						assertTrue(s.schemaByName("s" + ackedMax).isPresent(), "its last acknowledged snapshot reads");
					}
				}
				head.close();
			}
		}
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(new FolderStore(dir), CatalogOptions.defaults())) {
			TreeMap<Integer, Long> acked = acks(log);
			List<SnapshotInfo> snapshots = r.snapshots();
			for (int i = 0; i < snapshots.size(); i++)
				assertEquals(i, snapshots.get(i).id().value(), "snapshot ids have no gap and no repeat");
			java.util.Set<String> seen = new java.util.HashSet<>();
			long prev = -1;
			for (SnapshotInfo s : snapshots) {
				try (CatalogSnapshot at = r.snapshotAt(s.id())) {
					long count = at.schemas().stream().filter(x -> x.name().matches("s\\d+")).count();
					assertTrue(count == prev + 1 || prev < 0 || count == prev, "one schema per snapshot at most");
					prev = count;
					at.schemas().forEach(x -> seen.add(x.name()));
				}
			}
			acked.forEach((n, id) -> {
				try (CatalogSnapshot at = r.snapshotAt(new SnapshotId(id))) {
					assertTrue(at.schemaByName("s" + n).isPresent(), "s" + n + " in the snapshot its commit returned");
				}
				if (id > 0)
					try (CatalogSnapshot before = r.snapshotAt(new SnapshotId(id - 1))) {
						assertTrue(before.schemaByName("s" + n).isEmpty(), "s" + n + " committed once, at " + id);
					}
			});
			assertTrue(acked.size() >= rounds, "the rounds committed: " + acked.size());
		}
	}

	/** The children's acknowledged commits: schema number to snapshot id; no number acknowledged twice. */
	static TreeMap<Integer, Long> acks(Path log) throws Exception {
		TreeMap<Integer, Long> out = new TreeMap<>();
		for (String l : MoraineChild.lines(log)) {
			String[] f = l.split(" ");
			assertNull(out.put(Integer.parseInt(f[0]), Long.parseLong(f[1])), "s" + f[0] + " acknowledged twice");
		}
		return out;
	}

	@Test
	void aReaderProcessTailingAWriterProcessSeesEveryCommitOnceInOrder() throws Exception {
		Catalog.open(new FolderStore(dir), CatalogOptions.defaults()).close();
		Path acks = dir.resolveSibling(dir.getFileName() + "-writer.log");
		Path seen = dir.resolveSibling(dir.getFileName() + "-reader.log");
		int commits = 300;
		Child reader = new Child("tail", dir.toString(), seen.toString(), String.valueOf(commits));
		assertNotNull(reader.await("following", 60), reader.all.toString());
		Child writer = new Child("commit", dir.toString(), String.valueOf(commits), acks.toString());
		assertTrue(writer.process.waitFor(300, TimeUnit.SECONDS), writer.all.toString());
		assertEquals(0, writer.process.exitValue(), writer.all.toString());
		assertTrue(reader.process.waitFor(120, TimeUnit.SECONDS), "the reader saw the last commit: " + reader.all);
		assertEquals(0, reader.process.exitValue(), reader.all.toString());
		List<String> expected = new ArrayList<>();
		acks(acks).forEach((n, id) -> expected.add(id + " s" + n));
		assertEquals(commits, expected.size());
		assertEquals(expected, MoraineChild.lines(seen), "every commit once, in order, each with its own change");
	}
}
