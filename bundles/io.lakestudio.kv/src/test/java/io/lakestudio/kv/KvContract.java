package io.lakestudio.kv;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.lakestudio.store.CountingStore;
import io.lakestudio.store.CountingStore.Kind;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/** The KV store's behaviour, run on each object store (memory, local folder). */
@Timeout(120)
abstract class KvContract {

	protected abstract ObjectStore objects() throws Exception;

	static byte[] b(String s) {
		return s.getBytes(UTF_8);
	}

	static String s(byte[] b) {
		return b == null ? null : new String(b, UTF_8);
	}

	/** Small bounds, so a few hundred writes flush and merge. */
	static KvOptions small() {
		return KvOptions.defaults().withMemtable(2048, Duration.ofHours(1)).withMerges(3, 3, 4096);
	}

	static List<String> keys(List<KeyValue> kvs) {
		return kvs.stream().map(kv -> s(kv.key())).toList();
	}

	@Test
	void aBatchLandsWholeAndReadsBackAfterReopen() throws Exception {
		ObjectStore o = objects();
		KvStore kv = KvStore.open(o, KvOptions.defaults()); // abandoned, as a killed process leaves it
		{
			long seq = kv.write(new WriteBatch().put("current", b("a"), b("1")).put("current", b("b"), b("2"))
					.put("history", b("a"), b("old")));
			assertEquals(seq, kv.lastSeq());
			kv.write(new WriteBatch().delete("current", b("b")).put("current", b("c"), b("3")));
			assertEquals("1", s(kv.get("current", b("a"))));
			assertNull(kv.get("current", b("b")));
			assertEquals("old", s(kv.get("history", b("a"))), "each subspace its own tree");
			assertEquals(List.of("a", "c"), keys(kv.scan("current", b(""), null)));
		}
		try (KvStore again = KvStore.open(o, KvOptions.defaults())) {
			assertEquals(List.of("a", "c"), keys(again.scan("current", b(""), null)), "replayed from the WAL");
			assertEquals("old", s(again.get("history", b("a"))));
			assertEquals(0, again.census(false).subspaces().size(), "nothing was flushed: all of it came from the WAL");
		}
		try (KvStore third = KvStore.open(o, KvOptions.defaults())) {
			assertEquals(List.of("a", "c"), keys(third.scan("current", b(""), null)), "flushed on close");
			for (ObjectInfo w : o.list("wal/"))
				assertTrue(w.size() < 40, w + ": only fences are left in the WAL (kept past their flush)");
		}
	}

	@Test
	void scansAreInUnsignedKeyOrderWithinBoundsAndLimit() throws Exception {
		try (KvStore kv = KvStore.open(objects(), small())) {
			WriteBatch w = new WriteBatch();
			for (int i = 0; i < 300; i++)
				w.put("t", new byte[] { (byte) (i >> 8), (byte) i }, b("v" + i));
			kv.write(w);
			kv.flush();
			List<KeyValue> r = kv.scan("t", new byte[] { 0, (byte) 0xF0 }, new byte[] { 1, 5 });
			assertEquals(0xF0, r.get(0).key()[1] & 0xFF);
			assertEquals(16 + 5, r.size(), "0x00F0..0x00FF then 0x0100..0x0104");
			assertEquals("v" + 0x104, s(r.get(r.size() - 1).value()));
			assertEquals(3, kv.scan("t", new byte[0], null, 3).size());
		}
	}

	@Test
	void aReadPointKeepsItsCutThroughFlushesAndMerges() throws Exception {
		try (KvStore kv = KvStore.open(objects(), small())) {
			kv.write(new WriteBatch().put("t", b("k"), b("before")).put("t", b("gone"), b("x")));
			try (ReadPoint rp = kv.readPoint()) {
				for (int i = 0; i < 200; i++)
					kv.write(new WriteBatch().put("t", b("k"), b("after" + i)).delete("t", b("gone")).put("t",
							b("pad" + i), new byte[64]));
				kv.compact(null);
				assertEquals("before", s(rp.get("t", b("k"))));
				assertEquals("x", s(rp.get("t", b("gone"))));
				assertEquals(List.of("gone", "k"), keys(rp.scan("t", b(""), null)));
			}
			assertEquals("after199", s(kv.get("t", b("k"))));
			assertNull(kv.get("t", b("gone")));
		}
	}

	@Test
	void theMemtableFlushesOnItsSizeBoundAndTheFlushedWalIsDeleted() throws Exception {
		ObjectStore o = objects();
		try (KvStore kv = KvStore.open(o, KvOptions.defaults().withMemtable(4096, Duration.ofHours(1)))) {
			for (int i = 0; i < 100; i++)
				kv.write(new WriteBatch().put("t", b("key" + i), new byte[100]));
			StoreCensus c = kv.census(false);
			StoreCensus.Subspace t = c.subspaces().get(0);
			assertTrue(t.l0Ssts() >= 2, "flushed on size: " + c);
			assertTrue(c.walObjects() < 100, "flushed WAL objects deleted: " + c);
			assertTrue(c.unaccountedBytes() > 0, "the WAL still held and the manifests are outside SSTs");
		}
	}

	@Test
	void theMemtableFlushesOnItsAgeBound() throws Exception {
		try (KvStore kv = KvStore.open(objects(), KvOptions.defaults().withMemtable(1 << 30, Duration.ZERO))) {
			kv.write(new WriteBatch().put("t", b("a"), b("1")));
			assertEquals(1, kv.census(false).subspaces().get(0).l0Ssts());
		}
	}

	@Test
	void onlyAWholeTreeMergeDropsTombstones() throws Exception {
		try (KvStore kv = KvStore.open(objects(), small().withMerges(2, 100, 4096))) {
			for (int i = 0; i < 40; i++)
				kv.write(new WriteBatch().put("t", b("k" + i), new byte[50]));
			kv.flush();
			for (int i = 0; i < 40; i++)
				kv.write(new WriteBatch().delete("t", b("k" + i)));
			kv.flush(); // two L0s: the partial merge puts them in a run, tombstones carried
			StoreCensus.Subspace partial = kv.census(true).subspaces().get(0);
			assertEquals(0, partial.liveEntries());
			assertTrue(partial.versions() >= 40, "tombstones carried by a partial merge: " + partial);
			CompactionReport r = kv.compact(List.of("t"));
			assertEquals(40, r.merges().get(0).tombstonesDropped(), r.toString());
			StoreCensus.Subspace whole = kv.census(true).subspaces().stream().filter(x -> x.name().equals("t"))
					.findFirst().orElse(null);
			assertTrue(whole == null || whole.versions() == 0, "nothing left: " + whole);
			assertEquals(List.of(), kv.scan("t", b(""), null));
		}
	}

	@Test
	void supersededObjectsAreDeletedOnceNothingNeedsThem() throws Exception {
		ObjectStore o = objects();
		try (KvStore kv = KvStore.open(o, small())) {
			for (int i = 0; i < 300; i++)
				kv.write(new WriteBatch().put("t", b("k" + (i % 50)), b("v" + i)));
			kv.compact(null);
			StoreCensus c = kv.census(true);
			Set<String> listed = o.list("sst/").stream().map(ObjectInfo::path).collect(Collectors.toSet());
			assertEquals(1, c.subspaces().get(0).sortedRuns());
			assertEquals(c.subspaces().get(0).ssts(), listed.size(), "only the merged run's SSTs remain: " + listed);
			assertEquals(50, c.subspaces().get(0).liveEntries());
			assertEquals(50, c.subspaces().get(0).versions(), "one version a key after a whole merge");
		}
	}

	@Test
	void transactionsConflictOnWhatTheyReadScannedOrWrite() throws Exception {
		ObjectStore o = objects();
		try (KvStore kv = KvStore.open(o, KvOptions.defaults())) {
			kv.write(new WriteBatch().put("t", b("x"), b("0")).put("t", b("y"), b("0")));
			Transaction t1 = kv.begin();
			Transaction t2 = kv.begin();
			assertEquals("0", s(t1.get("t", b("x"))));
			t1.put("t", b("y"), b("t1"));
			t2.put("t", b("x"), b("t2"));
			t2.commit();
			long before = kv.lastSeq();
			assertThrows(Conflict.class, t1::commit, "t1 read x, which t2 wrote since");
			assertEquals(before, kv.lastSeq(), "nothing written");
			assertEquals("0", s(kv.get("t", b("y"))));

			Transaction scan = kv.begin();
			assertEquals(2, scan.scan("t", b("a"), b("z")).size());
			kv.write(new WriteBatch().put("t", b("m"), b("phantom")));
			scan.put("t", b("count"), b("2"));
			assertThrows(Conflict.class, scan::commit, "a key appeared in the scanned range");

			Transaction w1 = kv.begin();
			Transaction w2 = kv.begin();
			w1.put("t", b("z"), b("1"));
			w2.put("t", b("z"), b("2"));
			w1.commit();
			assertThrows(Conflict.class, w2::commit, "write-write on z");

			Transaction a = kv.begin();
			Transaction c = kv.begin();
			a.get("t", b("x"));
			a.put("t", b("p"), b("a"));
			c.put("t", b("q"), b("c"));
			c.commit();
			a.commit();
			assertEquals("a", s(kv.get("t", b("p"))), "disjoint transactions both land");
			assertEquals("c", s(kv.get("t", b("q"))));

			Transaction own = kv.begin();
			own.put("t", b("new"), b("mine"));
			own.delete("t", b("x"));
			assertEquals("mine", s(own.get("t", b("new"))), "a transaction reads its own writes");
			assertEquals(List.of("m", "new", "p", "q", "y", "z"), keys(own.scan("t", b(""), null)));
			own.close();
			assertNull(kv.get("t", b("new")), "closed without commit: nothing written");
		}
	}

	@Test
	void aWriterFencedWhileQuietIsRefusedEvenAfterItsSuccessorsFlushed() throws Exception {
		ObjectStore o = objects();
		KvStore quiet = KvStore.open(o, KvOptions.defaults());
		quiet.write(new WriteBatch().put("t", b("a"), b("acknowledged")));
		for (int generation = 0; generation < 3; generation++)
			try (KvStore next = KvStore.open(o, KvOptions.defaults())) {
				next.write(new WriteBatch().put("t", b("g" + generation), b("x")));
				next.flush(); // deletes the WAL its batches were in
			}
		assertThrows(Fenced.class, () -> quiet.write(new WriteBatch().put("t", b("b"), b("lost if it landed"))),
				"its next WAL name is its successor's fence, still there");
		try (KvStore last = KvStore.open(o, KvOptions.defaults())) {
			assertEquals("acknowledged", s(last.get("t", b("a"))));
			assertNull(last.get("t", b("b")));
		}
	}

	@Test
	void aSecondWriterFencesTheFirstWhichWritesNothingMore() throws Exception {
		ObjectStore o = objects();
		KvStore first = KvStore.open(o, KvOptions.defaults());
		first.write(new WriteBatch().put("t", b("a"), b("first")));
		KvStore second = KvStore.open(o, KvOptions.defaults());
		assertTrue(second.epoch() > first.epoch());
		assertEquals("first", s(second.get("t", b("a"))), "the fenced writer's acknowledged batch is kept");
		List<ObjectInfo> before = o.list("");
		Fenced f = assertThrows(Fenced.class, () -> first.write(new WriteBatch().put("t", b("b"), b("late"))));
		assertEquals(first.epoch(), f.epoch());
		assertEquals(second.epoch(), f.newerEpoch());
		assertThrows(Fenced.class, first::flush);
		assertThrows(Fenced.class, () -> first.compact(null));
		assertEquals(paths(before), paths(o.list("")), "the fenced writer wrote nothing");
		second.write(new WriteBatch().put("t", b("b"), b("second")));
		second.close();
		try (KvStore third = KvStore.open(o, KvOptions.defaults())) {
			assertEquals("first", s(third.get("t", b("a"))));
			assertEquals("second", s(third.get("t", b("b"))));
		}
	}

	@Test
	void aPinnedReaderReadsItsCheckpointAndWritesNothing() throws Exception {
		CountingStore o = new CountingStore(objects());
		String cp;
		try (KvStore kv = KvStore.open(o, small())) {
			kv.write(new WriteBatch().put("t", b("a"), b("1")).put("t", b("b"), b("1")));
			cp = kv.createCheckpoint(Duration.ofHours(1));
			assertTrue(kv.checkpoints().stream().anyMatch(c -> c.id().equals(cp)));
			for (int i = 0; i < 200; i++)
				kv.write(new WriteBatch().put("t", b("a"), b("2")).delete("t", b("b")).put("t", b("pad" + i),
						new byte[40]));
			kv.compact(null);
			long puts = o.requests(Kind.PUT);
			long deletes = o.requests(Kind.DELETE);
			try (KvReader r = KvReader.pinned(o, cp, KvOptions.defaults())) {
				assertEquals("1", s(r.get("t", b("a"))), "the cut, not the head");
				assertEquals(List.of("a", "b"), keys(r.scan("t", b(""), null)));
				r.refresh();
				assertEquals("1", s(r.get("t", b("b"))));
			}
			assertEquals(puts, o.requests(Kind.PUT), "a pinned reader PUTs nothing");
			assertEquals(deletes, o.requests(Kind.DELETE), "and DELETEs nothing");
			kv.deleteCheckpoint(cp);
			assertThrows(KvException.class, () -> KvReader.pinned(o, cp, KvOptions.defaults()));
			assertEquals(kv.census(false).subspaces().get(0).ssts(), o.list("sst/").size(),
					"the checkpoint's SSTs collected once it went");
		}
	}

	@Test
	void aFollowingReaderSeesEachCommitAfterRefreshAndPinsWhatItReads() throws Exception {
		ObjectStore o = objects();
		try (KvStore kv = KvStore.open(o, small())) {
			kv.write(new WriteBatch().put("t", b("a"), b("1")));
			KvReader r = KvReader.follow(o, small());
			assertEquals("1", s(r.get("t", b("a"))));
			assertEquals(1, kv.checkpoints().size(), "the reader's checkpoint");
			kv.write(new WriteBatch().put("t", b("a"), b("2")));
			assertEquals("1", s(r.get("t", b("a"))), "until it refreshes");
			r.refresh();
			assertEquals("2", s(r.get("t", b("a"))), "replayed from the WAL tail");
			for (int i = 0; i < 300; i++)
				kv.write(new WriteBatch().put("t", b("k" + i), new byte[30]));
			kv.compact(null);
			assertEquals("2", s(r.get("t", b("a"))), "its SSTs were kept for it");
			r.refresh();
			assertEquals(301, r.scan("t", b(""), null).size());
			r.close();
			assertEquals(0, kv.checkpoints().size(), "closed: its checkpoint is gone");
		}
	}

	@Test
	void aCensusReportsEverySubspaceFromTheManifestAndOneListing() throws Exception {
		CountingStore o = new CountingStore(objects());
		try (KvStore kv = KvStore.open(o, KvOptions.defaults())) {
			kv.write(new WriteBatch().put("current", b("a"), b("1")).put("history", b("a"), b("1")));
			kv.flush();
			kv.write(new WriteBatch().put("current", b("b"), b("2")));
			long lists = o.requests(Kind.LIST);
			long gets = o.requests(Kind.GET) + o.requests(Kind.HEAD);
			StoreCensus c = kv.census(false);
			assertEquals(lists + 1, o.requests(Kind.LIST), "one listing");
			assertEquals(gets, o.requests(Kind.GET) + o.requests(Kind.HEAD), "no reads: the manifest is held");
			assertEquals(List.of("current", "history"),
					c.subspaces().stream().map(StoreCensus.Subspace::name).toList());
			assertEquals(1, c.subspaces().get(0).versions(), "the batch still in the WAL is in no SST");
			assertTrue(c.walObjects() >= 1 && c.unaccountedBytes() >= c.walBytes());
			long sum = c.subspaces().stream().mapToLong(StoreCensus.Subspace::sstBytes).sum();
			assertEquals(c.totalBytes(), sum + c.unaccountedBytes());
			StoreCensus live = kv.census(true);
			assertEquals(2, live.subspaces().get(0).liveEntries(), "a scan counts the WAL's batch too");
		}
	}

	@Test
	void aDamagedSstIsRefusedNotMisread() throws Exception {
		ObjectStore o = objects();
		try (KvStore kv = KvStore.open(o, KvOptions.defaults())) {
			kv.write(new WriteBatch().put("t", b("a"), b("value")));
			kv.flush();
		}
		String sst = o.list("sst/").get(0).path();
		byte[] bytes = o.get(sst);
		bytes[3] ^= 0x40;
		o.put(sst, bytes, WriteCondition.ALWAYS);
		try (KvStore kv = KvStore.open(o, KvOptions.defaults())) {
			KvException e = assertThrows(KvException.class, () -> kv.get("t", b("a")));
			assertTrue(e.getMessage().contains("damaged"), e.getMessage());
			assertEquals(StoreException.Kind.DAMAGED, ((StoreException) e.getCause()).kind());
		}
	}

	@Test
	void aStoreOfANewerLayoutIsRefusedNotMisread() throws Exception {
		ObjectStore o = objects();
		try (KvStore kv = KvStore.open(o, KvOptions.defaults())) {
			kv.write(new WriteBatch().put("t", b("a"), b("1")));
		}
		io.lakestudio.kv.internal.Manifest m = new io.lakestudio.kv.internal.ManifestLog(o).latest().orElseThrow();
		io.lakestudio.kv.internal.Manifest newer = new io.lakestudio.kv.internal.Manifest(m.version() + 1,
				io.lakestudio.kv.internal.Manifest.LAYOUT + 1, m.epoch(), m.walFlushed(), m.nextSeq(), m.trees(),
				m.checkpoints());
		o.put(io.lakestudio.kv.internal.Manifest.path(newer.version()), newer.encode(), WriteCondition.IF_ABSENT);
		List<ObjectInfo> before = o.list("");
		KvException e = assertThrows(KvException.class, () -> KvStore.open(o, KvOptions.defaults()));
		assertTrue(e.getMessage().contains("newer than this build"), e.getMessage());
		assertThrows(KvException.class, () -> KvReader.follow(o, KvOptions.defaults()));
		assertEquals(paths(before), paths(o.list("")), "nothing written to it");
	}

	@Test
	void aCheckpointPinsItsCutUntilItExpires() throws Exception {
		ObjectStore o = objects();
		MutableClock clock = new MutableClock();
		KvOptions opts = small().withClock(clock);
		try (KvStore kv = KvStore.open(o, opts)) {
			kv.write(new WriteBatch().put("t", b("a"), b("1")));
			String cp = kv.createCheckpoint(Duration.ofMinutes(5));
			for (int i = 0; i < 100; i++)
				kv.write(new WriteBatch().put("t", b("a"), b("2")).put("t", b("p" + i), new byte[40]));
			kv.compact(null);
			try (KvReader r = KvReader.pinned(o, cp, opts)) {
				assertEquals("1", s(r.get("t", b("a"))), "kept through the merge");
			}
			clock.advance(Duration.ofMinutes(6));
			assertThrows(KvException.class, () -> KvReader.pinned(o, cp, opts), "expired");
			kv.write(new WriteBatch().put("t", b("b"), b("x")));
			kv.compact(null);
			assertTrue(kv.checkpoints().isEmpty());
			assertEquals(kv.census(false).subspaces().get(0).ssts(), o.list("sst/").size(),
					"its SSTs collected once it expired");
		}
	}

	/** A clock a test moves by hand. */
	static final class MutableClock extends java.time.Clock {
		private java.time.Instant now = java.time.Instant.parse("2026-06-01T00:00:00Z");

		void advance(Duration d) {
			now = now.plus(d);
		}

		@Override
		public java.time.ZoneId getZone() {
			return java.time.ZoneOffset.UTC;
		}

		@Override
		public java.time.Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public java.time.Instant instant() {
			return now;
		}
	}

	@Test
	void badSubspaceNamesAreRefused() throws Exception {
		try (KvStore kv = KvStore.open(objects(), KvOptions.defaults())) {
			for (String bad : List.of("", "a/b", "..", ".hidden", "sp ace"))
				assertThrows(IllegalArgumentException.class, () -> kv.get(bad, b("k")), bad);
		}
	}

	static List<String> paths(List<ObjectInfo> l) {
		return l.stream().map(ObjectInfo::path).collect(Collectors.toCollection(TreeSet::new)).stream().toList();
	}
}
