package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.store.MemoryStore;

/** The rules for moving refs, and the refusals of a push. */
class RefsTest {

	@TempDir
	Path dir;

	final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
	final MemoryStore store = new MemoryStore(clock);
	final Signing key = Signing.generate();

	private Writer.Committed commit(Repository repo, WorkingCatalog w, String branch) throws Exception {
		clock.pass(Duration.ofSeconds(1));
		return new Writer(repo, key, "Ada", clock).commit(w.catalog, branch, "m", dir.resolve("tmp"), false);
	}

	@Test
	void aBranchMovesForwardOnlyAndOnlyFromTheValueItWasReadWith() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		Refs refs = new Refs(repo);
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("w"))) {
			long t = w.table("t");
			w.insert(t, "t", 10);
			String v1 = commit(repo, w, "main").id();
			w.insert(t, "t", 20);
			String v2 = commit(repo, w, "main").id();
			assertEquals(List.of(v1), repo.record(v2, null).parents());
			assertTrue(repo.descends(v2, v1));

			// moving main back to v1 is not a fast-forward
			String etag = refs.branch("main").get().etag();
			FdlException back = assertThrows(FdlException.class, () -> refs.moveBranch("main", v1, etag, false));
			assertEquals(Refusal.NOT_FAST_FORWARD, back.refusal());
			assertEquals(v2, repo.resolve("main"));
			// forced, it moves
			String etag2 = refs.moveBranch("main", v1, etag, true);
			assertEquals(v1, repo.resolve("main"));
			// the old etag no longer moves it: the writer is told to pull
			FdlException stale = assertThrows(FdlException.class, () -> refs.moveBranch("main", v2, etag, false));
			assertEquals(Refusal.CONDITION_FAILED, stale.refusal());
			assertTrue(stale.getMessage().contains("pull"));
			refs.moveBranch("main", v2, etag2, false);
			// creating a branch that exists is refused as well
			assertEquals(Refusal.CONDITION_FAILED,
					assertThrows(FdlException.class, () -> refs.moveBranch("main", v2, null, false)).refusal());
		}
	}

	@Test
	void twoWritersOnOneBranchOneWinsTheOtherIsToldToPull() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		try (WorkingCatalog a = new WorkingCatalog(dir.resolve("a"))) {
			a.insert(a.table("t"), "t", 10);
			commit(repo, a, "main");
		}
		String base = repo.resolve("main");
		// two writers commit on top of the same head at once, 20 rounds
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try (WorkingCatalog a = new WorkingCatalog(dir.resolve("a2")); WorkingCatalog b = new WorkingCatalog(dir.resolve("b2"))) {
			long ta = a.table("t"), tb = b.table("t");
			for (int round = 0; round < 20; round++) {
				a.insert(ta, "t", 10 + round);
				b.insert(tb, "t", 11 + round);
				CountDownLatch go = new CountDownLatch(1);
				java.util.concurrent.CyclicBarrier both = new java.util.concurrent.CyclicBarrier(2);
				Future<String> fa = pool.submit(() -> race(new Repository(new Gate(store, both), "mem:/"), a, go));
				Future<String> fb = pool.submit(() -> race(new Repository(new Gate(store, both), "mem:/"), b, go));
				go.countDown();
				String ra = fa.get(), rb = fb.get();
				assertEquals(1, (ra.startsWith("won") ? 1 : 0) + (rb.startsWith("won") ? 1 : 0), ra + " / " + rb);
				String loser = ra.startsWith("won") ? rb : ra;
				assertTrue(loser.contains("pull"), loser);
				String head = repo.resolve("main");
				assertTrue(repo.descends(head, base));
				new Refs(repo).requireWhole(head);
				base = head;
			}
		} finally {
			pool.shutdownNow();
		}
	}

	private String race(Repository repo, WorkingCatalog w, CountDownLatch go) throws Exception {
		go.await();
		try {
			new Writer(repo, key, "W", clock).commit(w.catalog, "main", "race", dir.resolve("tmp"), false);
			return "won";
		} catch (FdlException e) {
			assertEquals(Refusal.CONDITION_FAILED, e.refusal(), e.getMessage());
			return e.getMessage();
		}
	}

	@Test
	void tagsAreWrittenOnceAndRefsNameOnlyWholeVersions() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		Refs refs = new Refs(repo);
		String v1, v2, missing;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("w"))) {
			long t = w.table("t");
			w.insert(t, "t", 10);
			v1 = commit(repo, w, "main").id();
			missing = w.insert(t, "t", 20);
			v2 = commit(repo, w, "dev").id();
		}
		refs.tag("v1", v1);
		FdlException again = assertThrows(FdlException.class, () -> refs.tag("v1", v2));
		assertEquals(Refusal.CONDITION_FAILED, again.refusal());
		assertTrue(again.getMessage().contains("tags never move"));
		assertEquals(v1, repo.resolve("v1"));

		store.delete("data/" + missing);
		FdlException gone = assertThrows(FdlException.class,
				() -> refs.moveBranch("main", v2, refs.branch("main").get().etag(), false));
		assertEquals(Refusal.MISSING, gone.refusal());
		assertEquals("data/" + missing, gone.path());
		assertEquals(v1, repo.resolve("main"));
		assertEquals(Refusal.MISSING, assertThrows(FdlException.class, () -> refs.tag("v2", v2)).refusal());
		assertEquals(Refusal.MISSING, assertThrows(FdlException.class,
				() -> refs.moveBranch("x", "0".repeat(64), null, false)).refusal());
	}

	@Test
	void aRequestProposesAVersionAndMergingMovesTheBranch() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		Refs refs = new Refs(repo);
		String v2;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("w"))) {
			long t = w.table("t");
			w.insert(t, "t", 10);
			commit(repo, w, "main");
			w.insert(t, "t", 20);
			v2 = commit(repo, w, "topic").id();
		}
		long n = refs.openRequest(v2, "main", "Ada", "please", clock);
		long m = refs.openRequest(v2, "main", "Ada", "again", clock);
		assertEquals(1, n);
		assertEquals(2, m);
		assertEquals(Request.State.OPEN, refs.request(n).value().state());
		refs.merge(n);
		assertEquals(v2, repo.resolve("main"));
		assertEquals(Request.State.MERGED, refs.request(n).value().state());
		assertEquals(Refusal.CONDITION_FAILED, assertThrows(FdlException.class, () -> refs.merge(n)).refusal());
		refs.close(m);
		assertEquals(Request.State.CLOSED, refs.request(m).value().state());
	}

	@Test
	void namesAreChecked() {
		assertTrue(Layout.isName("main") && Layout.isName("feature/x-1.2"));
		for (String bad : new String[] { "", "/a", "a/", "a//b", ".hidden", "a/../b", "a b", "x.lock", "é" })
			assertTrue(!Layout.isName(bad), bad);
	}
}
