package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * A push stopped after a random number of writes, 50 times (what a kill -9 leaves: every write before it whole,
 * none after): the repository stays readable and verifies, only unnamed objects are left, and the collector
 * deletes exactly those, and only once the grace period is over.
 */
class InterruptedPushTest {

	@TempDir
	Path dir;

	/** A store that dies after {@code budget} writes, as a process killed between two requests. */
	static final class Dying implements ObjectStore {
		final ObjectStore inner;
		final AtomicInteger budget;

		Dying(ObjectStore inner, int budget) {
			this.inner = inner;
			this.budget = new AtomicInteger(budget);
		}

		@Override
		public String describe() {
			return "dying " + inner.describe();
		}

		@Override
		public byte[] get(String path) throws StoreException {
			return inner.get(path);
		}

		@Override
		public byte[] get(String path, long offset, int length) throws StoreException {
			return inner.get(path, offset, length);
		}

		@Override
		public Optional<ObjectInfo> head(String path) throws StoreException {
			return inner.head(path);
		}

		@Override
		public List<ObjectInfo> list(String prefix) throws StoreException {
			return inner.list(prefix);
		}

		@Override
		public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
			if (budget.getAndDecrement() <= 0)
				throw new StoreException(StoreException.Kind.UNAVAILABLE, path, "killed");
			return inner.put(path, bytes, condition);
		}

		@Override
		public void delete(String path) throws StoreException {
			inner.delete(path);
		}
	}

	@Test
	void fiftyPushesStoppedAtRandomPointsLeaveOnlyUnnamedObjects() throws Exception {
		TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
		MemoryStore store = new MemoryStore(clock);
		Repository repo = Repository.init(store, "mem:/");
		Signing key = Signing.generate();
		Random random = new Random(12);
		Trust trust = Trust.of(key.publicKey());
		int stopped = 0;
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
			new Writer(repo, key, "A", clock).commit(w.catalog(), "main", "base", dir.resolve("t"), false);
			for (int round = 0; round < 50; round++) {
				w.insert(10 + random.nextInt(100));
				w.insert(10 + random.nextInt(100));
				String before = repo.resolve("main");
				Repository dying = new Repository(new Dying(store, random.nextInt(5)), "mem:/");
				clock.pass(Duration.ofSeconds(1));
				try {
					new Writer(dying, key, "A", clock).commit(w.catalog(), "main", "round " + round, dir.resolve("t"), false);
				} catch (FdlException e) {
					stopped++;
					assertEquals(before, repo.resolve("main"), "a stopped push leaves the branch where it was");
				}
				new Reader(repo, trust, dir.resolve("c")).open("main", false);
				if (round % 10 == 9) {
					Verifier.Report report = new Verifier(repo, trust).verify();
					assertTrue(report.ok(), report.problems().toString());
				}
			}
		}
		assertTrue(stopped > 30, "most pushes were stopped: " + stopped);

		Set<String> named = new HashSet<>();
		String id = repo.resolve("main");
		while (id != null) {
			VersionRecord r = repo.record(id, trust);
			named.add("versions/" + id);
			named.add("catalogs/" + r.catalogSha256());
			named.addAll(io.lakestudio.fdl.internal.NamedFiles.of(repo.catalog(r), "c").keySet());
			id = r.parents().isEmpty() ? null : r.parents().get(0);
		}
		Set<String> leftovers = new HashSet<>();
		for (String prefix : List.of("versions/", "catalogs/", "data/"))
			for (ObjectInfo o : store.list(prefix))
				if (!named.contains(o.path()))
					leftovers.add(o.path());
		assertTrue(!leftovers.isEmpty(), "the stopped pushes left something");

		Collector gc = new Collector(repo, Duration.ofDays(7), clock);
		assertEquals(List.of(), gc.run(false).deletions(), "nothing before the grace period");
		clock.pass(Duration.ofDays(7));
		Set<String> deleted = new HashSet<>();
		for (Collector.Deletion d : gc.run(false).deletions())
			deleted.add(d.path());
		assertEquals(leftovers, deleted, "exactly the unnamed objects");
		assertTrue(new Verifier(repo, trust).verify().ok());
		new Reader(repo, trust, dir.resolve("c2")).open("main", false);
	}
}
