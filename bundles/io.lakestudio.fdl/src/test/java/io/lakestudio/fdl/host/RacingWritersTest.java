package io.lakestudio.fdl.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Gate;
import io.lakestudio.store.http.HttpStore;
import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Writer;
import io.lakestudio.fdl.WorkingCatalogs;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectStore;

/**
 * Two writers committing to main at once, 100 rounds, on a folder store and through the HTTP host (over a folder):
 * each round both have read main before either writes (a gate), exactly one wins, the other is refused with
 * "pull", main moves to the winner's version, and a reader watching main the whole time never finds it naming a
 * version whose record, catalog or data files are not all there.
 */
class RacingWritersTest {

	static final int ROUNDS = 100;

	@TempDir
	Path dir;

	final Signing key = Signing.generate();

	@Test
	@Timeout(value = 5, unit = TimeUnit.MINUTES)
	void onAFolderStore() throws Exception {
		Path root = dir.resolve("repo");
		java.nio.file.Files.createDirectories(root);
		Repository check = Repository.init(new FolderStore(root), root + "/");
		race(check, gate -> new Repository(new Gate(folder(root), gate), root + "/"));
	}

	@Test
	@Timeout(value = 5, unit = TimeUnit.MINUTES)
	void throughTheHost() throws Exception {
		Path root = dir.resolve("hosted");
		java.nio.file.Files.createDirectories(root);
		Repository check = Repository.init(new FolderStore(root), root + "/");
		try (Host host = new Host(check, Access.of(java.util.Map.of("t", new Access.Who("w", true))),
				new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, 1 << 24, Clock.systemUTC()).start()) {
			race(check, gate -> new Repository(new Gate(new HttpStore(host.uri(), () -> "t"), gate),
					host.uri().toString()));
		}
	}

	private static ObjectStore folder(Path root) {
		try {
			return new FolderStore(root);
		} catch (Exception e) {
			throw new IllegalStateException(e);
		}
	}

	private void race(Repository check, Function<CyclicBarrier, Repository> writerRepo) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(3);
		AtomicBoolean done = new AtomicBoolean();
		List<String> watched = new CopyOnWriteArrayList<>();
		AtomicInteger looks = new AtomicInteger();
		try (var a = WorkingCatalogs.with(dir.resolve("a"), 50); var b = WorkingCatalogs.with(dir.resolve("b"), 60)) {
			new Writer(check, key, "base", Clock.systemUTC()).commit(a.catalog(), "main", "base", dir.resolve("t0"), false);
			Future<?> watcher = pool.submit(() -> {
				while (!done.get()) {
					try {
						new Refs(check).requireWhole(check.resolve("main"));
						looks.incrementAndGet();
					} catch (FdlException e) {
						watched.add(e.getMessage());
					}
				}
			});
			for (int round = 0; round < ROUNDS; round++) {
				a.insert(100 + round);
				b.insert(200 + round);
				String before = check.resolve("main");
				CyclicBarrier gate = new CyclicBarrier(2);
				CountDownLatch go = new CountDownLatch(1);
				Future<String> fa = pool.submit(() -> commit(writerRepo.apply(gate), a.catalog(), "a", go));
				Future<String> fb = pool.submit(() -> commit(writerRepo.apply(gate), b.catalog(), "b", go));
				go.countDown();
				String ra = fa.get(2, TimeUnit.MINUTES), rb = fb.get(2, TimeUnit.MINUTES);
				List<String> won = java.util.stream.Stream.of(ra, rb).filter(r -> r.startsWith("won ")).toList();
				assertEquals(1, won.size(), "round " + round + ": " + ra + " / " + rb);
				String loser = won.get(0) == ra ? rb : ra;
				assertTrue(loser.contains("pull"), "round " + round + ": the loser is told to pull: " + loser);
				String head = check.resolve("main");
				assertEquals(won.get(0).substring(4), head, "main is at the winner's version");
				assertTrue(check.descends(head, before), "main moved forward");
				new Refs(check).requireWhole(head);
			}
			done.set(true);
			watcher.get(1, TimeUnit.MINUTES);
		} finally {
			done.set(true);
			pool.shutdownNow();
		}
		assertEquals(List.of(), watched, "main always named a whole version");
		assertTrue(looks.get() > 0);
	}

	private String commit(Repository repo, Path catalog, String who, CountDownLatch go) throws Exception {
		go.await();
		try {
			return "won " + new Writer(repo, key, who, Clock.systemUTC()).commit(catalog, "main", who, dir.resolve("t" + who),
					false).id();
		} catch (FdlException e) {
			assertEquals(Refusal.CONDITION_FAILED, e.refusal(), e.getMessage());
			return e.getMessage();
		}
	}
}
