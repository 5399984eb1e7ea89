package io.lakestudio.kv;

import static io.lakestudio.kv.KvContract.b;
import static io.lakestudio.kv.KvContract.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.lakestudio.kv.internal.CrashSeam;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectStore;

/**
 * A store stopped at each named point between durable writes (the writer abandoned, as a killed process leaves it)
 * reopens with every acknowledged batch, and the one in flight either whole or not at all; it then goes on working.
 */
@Timeout(120)
class KvCrashTest {

	private static final int KEYS = 4;

	@TempDir
	Path dir;

	@ParameterizedTest
	@CsvSource({ "wal-written,1", "wal-written,40", "flush-ssts-written,1", "flush-ssts-written,3",
			"flush-manifest-written,1", "flush-manifest-written,3", "compaction-output-written,1",
			"compaction-output-written,4", "compaction-manifest-written,1", "compaction-manifest-written,2",
			"gc-partial,1", "gc-partial,2" })
	void aCrashAtANamedPointLosesNoCommittedBatchAndTearsNone(String point, int nth) throws Exception {
		for (String kind : List.of("memory", "folder")) {
			ObjectStore o = kind.equals("memory") ? new MemoryStore() : new FolderStore(dir.resolve(point + nth));
			AtomicInteger reached = new AtomicInteger();
			CrashSeam seam = p -> {
				if (p.equals(point) && reached.incrementAndGet() == nth)
					throw new CrashSeam.Crash(p);
			};
			KvOptions opts = KvContract.small().withMerges(3, 2, 1024);
			KvStore kv = KvStore.open(o, opts.withCrashSeam(seam));
			List<Integer> acked = new ArrayList<>();
			int inFlight = -1;
			try {
				for (int i = 0; i < 400; i++) {
					inFlight = i;
					kv.write(batch(i));
					acked.add(i);
					inFlight = -1;
					if (i % 60 == 59) {
						kv.compact(null);
					}
				}
			} catch (CrashSeam.Crash expected) {
				// the process "died" here: kv is abandoned
			}
			assertTrue(reached.get() >= nth, point + " was never reached (" + kind + ")");
			try (KvStore after = KvStore.open(o, opts)) {
				for (int i : acked)
					assertEquals(KEYS, present(after, i), kind + ": acknowledged batch " + i + " after " + point);
				int last = acked.isEmpty() ? -1 : acked.get(acked.size() - 1);
				if (inFlight >= 0) {
					int n = present(after, inFlight);
					assertTrue(n == 0 || n == KEYS, kind + ": batch " + inFlight + " torn: " + n + " of " + KEYS);
				} else {
					// crashed inside a flush or merge after its batch was acknowledged
					assertEquals(0, present(after, last + 1));
				}
				assertEquals(0, present(after, last + 2), "nothing past the crash");
				for (int i : acked)
					if (i >= 10)
						assertEquals(null, s(after.get("t" + (i % 2), b("gone-" + (i - 10)))), "deletes kept too");
				after.write(batch(1000));
				after.compact(null);
				assertEquals(KEYS, present(after, 1000));
			}
			try (KvStore again = KvStore.open(o, opts)) {
				for (int i : acked)
					assertEquals(KEYS, present(again, i));
				assertEquals(KEYS, present(again, 1000));
			}
		}
	}

	/** Batch i: KEYS puts and the delete of a key batch i-10 put. */
	private static WriteBatch batch(int i) {
		WriteBatch w = new WriteBatch();
		for (int k = 0; k < KEYS; k++)
			w.put("t" + (i % 2), b("b" + i + "-" + k), b("value of " + i + " " + "x".repeat(40)));
		w.put("t" + (i % 2), b("gone-" + i), b("soon deleted"));
		if (i >= 10)
			w.delete("t" + (i % 2), b("gone-" + (i - 10)));
		return w;
	}

	private static int present(KvStore kv, int i) throws KvException {
		int n = 0;
		for (int k = 0; k < KEYS; k++)
			if (kv.get("t" + (i % 2), b("b" + i + "-" + k)) != null)
				n++;
		return n;
	}
}
