package io.lakestudio.store.contract;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.PreconditionFailed;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What every {@link ObjectStore} promises, run against each implementation: whole writes, conditional writes that
 * either land or change nothing, an etag that changes on every write, listings by prefix in path order.
 */
@Timeout(120)
public abstract class ObjectStoreContract {

	/** A fresh, empty store for one test. */
	protected abstract ObjectStore store() throws Exception;

	/** How many racing threads and tries the concurrency checks use (a remote store may want fewer). */
	protected int races() {
		return 40;
	}

	private static byte[] b(String s) {
		return s.getBytes(UTF_8);
	}

	@Test
	public void aWrittenObjectReadsBackWholeAndByRange() throws Exception {
		ObjectStore s = store();
		String etag = s.put("a/b/c.bin", b("0123456789"), WriteCondition.ALWAYS);
		assertArrayEquals(b("0123456789"), s.get("a/b/c.bin"));
		assertArrayEquals(b("345"), s.get("a/b/c.bin", 3, 3));
		assertArrayEquals(b("89"), s.get("a/b/c.bin", 8, 10), "fewer bytes only at the end");
		assertArrayEquals(new byte[0], s.get("a/b/c.bin", 10, 4));
		ObjectInfo info = s.head("a/b/c.bin").orElseThrow();
		assertEquals(10, info.size());
		assertEquals(etag, info.etag(), "head tells the etag put returned");
		s.put("empty", new byte[0], WriteCondition.IF_ABSENT);
		assertArrayEquals(new byte[0], s.get("empty"));
		assertEquals(0, s.head("empty").orElseThrow().size());
	}

	@Test
	void aMissingObjectIsNotFoundAndHasNoHead() throws Exception {
		ObjectStore s = store();
		assertEquals(StoreException.Kind.NOT_FOUND, assertThrows(StoreException.class, () -> s.get("no/such")).kind());
		assertEquals(StoreException.Kind.NOT_FOUND,
				assertThrows(StoreException.class, () -> s.get("no/such", 0, 4)).kind());
		assertTrue(s.head("no/such").isEmpty());
		s.delete("no/such");
		s.put("dir/inside", b("x"), WriteCondition.ALWAYS);
		assertTrue(s.head("dir").isEmpty(), "a folder of objects is no object");
		assertEquals(StoreException.Kind.NOT_FOUND, assertThrows(StoreException.class, () -> s.get("dir")).kind());
		s.delete("dir");
		assertArrayEquals(b("x"), s.get("dir/inside"), "deleting the prefix deletes no object under it");
	}

	@Test
	void ifAbsentLandsOnceAndChangesNothingAfter() throws Exception {
		ObjectStore s = store();
		s.put("m/00001", b("first"), WriteCondition.IF_ABSENT);
		PreconditionFailed e = assertThrows(PreconditionFailed.class,
				() -> s.put("m/00001", b("second"), WriteCondition.IF_ABSENT));
		assertEquals(StoreException.Kind.PRECONDITION_FAILED, e.kind());
		assertEquals("m/00001", e.path());
		assertArrayEquals(b("first"), s.get("m/00001"));
	}

	@Test
	void ifMatchLandsOnTheCurrentEtagOnly() throws Exception {
		ObjectStore s = store();
		String e1 = s.put("ref", b("one"), WriteCondition.ALWAYS);
		String e2 = s.put("ref", b("two"), WriteCondition.ifMatch(e1));
		assertNotEquals(e1, e2);
		assertThrows(PreconditionFailed.class, () -> s.put("ref", b("three"), WriteCondition.ifMatch(e1)));
		assertArrayEquals(b("two"), s.get("ref"));
		assertThrows(PreconditionFailed.class, () -> s.put("none", b("x"), WriteCondition.ifMatch(e2)),
				"no object: no etag matches");
		assertTrue(s.head("none").isEmpty());
	}

	@Test
	void everyWriteGetsANewEtagEvenWithTheSameBytes() throws Exception {
		ObjectStore s = store();
		Set<String> seen = new HashSet<>();
		String etag = s.put("same", b("xx"), WriteCondition.ALWAYS);
		seen.add(etag);
		for (int i = 0; i < 20; i++) {
			etag = s.put("same", b("xx"), i % 2 == 0 ? WriteCondition.ALWAYS : WriteCondition.ifMatch(etag));
			assertTrue(seen.add(etag), "etag reused after " + i + " rewrites: " + etag);
		}
		s.delete("same");
		assertTrue(seen.add(s.put("same", b("xx"), WriteCondition.IF_ABSENT)), "a re-created object too");
	}

	@Test
	void aConditionalDeleteNeedsTheCurrentEtag() throws Exception {
		ObjectStore s = store();
		String e1 = s.put("d", b("1"), WriteCondition.ALWAYS);
		String e2 = s.put("d", b("2"), WriteCondition.ALWAYS);
		assertThrows(PreconditionFailed.class, () -> s.delete("d", e1));
		assertTrue(s.head("d").isPresent());
		s.delete("d", e2);
		assertTrue(s.head("d").isEmpty());
		assertThrows(PreconditionFailed.class, () -> s.delete("d", e2));
	}

	@Test
	void aListingHoldsEveryObjectUnderThePrefixInPathOrder() throws Exception {
		ObjectStore s = store();
		for (String p : List.of("wal/00000000000000000002", "wal/00000000000000000001", "sst/a/x.sst",
				"sst/ab/y.sst", "manifest/00000000000000000001", "sst/a/deeper/z.sst"))
			s.put(p, b(p), WriteCondition.IF_ABSENT);
		assertEquals(List.of("wal/00000000000000000001", "wal/00000000000000000002"), paths(s.list("wal/")));
		assertEquals(List.of("sst/a/deeper/z.sst", "sst/a/x.sst"), paths(s.list("sst/a/")));
		assertEquals(List.of("sst/a/deeper/z.sst", "sst/a/x.sst", "sst/ab/y.sst"), paths(s.list("sst/a")),
				"a prefix need not end at a folder");
		assertEquals(6, s.list("").size());
		assertEquals(List.of(), s.list("nothing/"));
		ObjectInfo one = s.list("manifest/").get(0);
		assertEquals(s.head(one.path()).orElseThrow(), one);
		s.delete("wal/00000000000000000001");
		assertEquals(List.of("wal/00000000000000000002"), paths(s.list("wal/")));
	}

	@Test
	void pathsThatCouldClimbOutAreRefused() throws Exception {
		ObjectStore s = store();
		for (String bad : List.of("/abs", "a/../../x", "a//b", "./a", "dir/", "a\\b", ""))
			assertThrows(IllegalArgumentException.class, () -> s.put(bad, b("x"), WriteCondition.ALWAYS), bad);
	}

	@Test
	void racingIfAbsentWritersHaveExactlyOneWinnerPerPath() throws Exception {
		ObjectStore s = store();
		int threads = 4;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			for (int i = 0; i < races(); i++) {
				String path = "race/" + i;
				List<Future<Boolean>> tries = new ArrayList<>();
				for (int t = 0; t < threads; t++) {
					String me = "writer-" + t;
					tries.add(pool.submit(() -> {
						try {
							s.put(path, b(me), WriteCondition.IF_ABSENT);
							return true;
						} catch (PreconditionFailed e) {
							return false;
						}
					}));
				}
				int won = 0;
				String winner = null;
				for (int t = 0; t < threads; t++)
					if (tries.get(t).get()) {
						won++;
						winner = "writer-" + t;
					}
				assertEquals(1, won, path);
				assertEquals(winner, new String(s.get(path), UTF_8));
			}
		} finally {
			pool.shutdownNow();
		}
	}

	@Test
	void ifMatchReadModifyWriteLosesNoUpdate() throws Exception {
		ObjectStore s = store();
		s.put("counter", b("0"), WriteCondition.IF_ABSENT);
		int threads = 4;
		int each = Math.max(5, races() / 4);
		AtomicInteger refused = new AtomicInteger();
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> done = new ArrayList<>();
			for (int t = 0; t < threads; t++)
				done.add(pool.submit(() -> {
					for (int k = 0; k < each; k++)
						while (true) {
							ObjectInfo now = s.head("counter").orElseThrow();
							byte[] bytes = s.get("counter");
							// the bytes read may be newer than the etag: then the write below is refused
							int n = Integer.parseInt(new String(bytes, UTF_8));
							try {
								s.put("counter", b(Integer.toString(n + 1)), WriteCondition.ifMatch(now.etag()));
								break;
							} catch (PreconditionFailed e) {
								if (refused.incrementAndGet() > 100 * threads * each)
									throw new AssertionError("if-match never lands", e);
							}
						}
					return null;
				}));
			for (Future<?> f : done)
				f.get();
		} finally {
			pool.shutdownNow();
		}
		// a write that landed on an etag whose bytes it had not read would lose an increment
		String got = new String(s.get("counter"), UTF_8);
		assertTrue(Integer.parseInt(got) <= threads * each);
		assertEquals(threads * each, Integer.parseInt(got), "refused " + refused);
	}

	private static List<String> paths(List<ObjectInfo> infos) {
		return infos.stream().map(ObjectInfo::path).toList();
	}
}
