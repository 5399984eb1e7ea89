import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import io.lakestudio.kv.CompactionReport;
import io.lakestudio.kv.KvOptions;
import io.lakestudio.kv.KvReader;
import io.lakestudio.kv.KvStore;
import io.lakestudio.kv.StoreCensus;
import io.lakestudio.kv.WriteBatch;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.WriteCondition;

/**
 * io.lakestudio.kv on a local FolderStore, each figure beside its floor measured in the same run: durable
 * single-put batches vs raw if-absent object writes (one WAL object each), batched puts, point gets warm and cold vs
 * a TreeMap, full and short scans, a whole-tree merge, reopen with a WAL tail. Run with tests/bench/kv-bench [keys].
 */
public class KvBench {

	public static void main(String[] args) throws Exception {
		int keys = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
		Path dir = Files.createTempDirectory("kv-bench");
		byte[] value = new byte[100];
		new Random(1).nextBytes(value);
		KvOptions opts = KvOptions.defaults();

		// floor: raw if-absent writes of WAL-sized objects
		FolderStore raw = new FolderStore(dir.resolve("raw"));
		int singles = 2000;
		long t = System.nanoTime();
		for (int i = 0; i < singles; i++)
			raw.put("o/" + i, value, WriteCondition.IF_ABSENT);
		double rawPerSec = singles / secs(t);

		FolderStore objects = new FolderStore(dir.resolve("kv"));
		KvStore kv = KvStore.open(objects, opts);
		t = System.nanoTime();
		for (int i = 0; i < singles; i++)
			kv.write(new WriteBatch().put("single", key(i), value));
		double singlePerSec = singles / secs(t);
		System.out.printf("durable single-put batches: %,.0f/s; raw if-absent object writes %,.0f/s; ratio %.2f%n",
				singlePerSec, rawPerSec, singlePerSec / rawPerSec);
		try (KvStore unsynced = KvStore.open(new FolderStore(dir.resolve("nosync"), false), opts)) {
			t = System.nanoTime();
			for (int i = 0; i < singles; i++)
				unsynced.write(new WriteBatch().put("single", key(i), value));
			System.out.printf("single-put batches without fsync (FolderStore(root, false)): %,.0f/s%n",
					singles / secs(t));
		}

		t = System.nanoTime();
		for (int i = 0; i < keys; i += 1000) {
			WriteBatch w = new WriteBatch();
			for (int k = i; k < Math.min(keys, i + 1000); k++)
				w.put("bulk", key(k * 7919L % keys), value);
			kv.write(w);
		}
		kv.flush();
		double bulkPerSec = keys / secs(t);
		StoreCensus before = kv.census(false);
		System.out.printf("batched puts (1,000 a batch): %,.0f keys/s; %s%n", bulkPerSec, shape(before, "bulk"));

		TreeMap<byte[], byte[]> model = new TreeMap<>(java.util.Arrays::compareUnsigned);
		for (int k = 0; k < keys; k++)
			model.put(key(k), value);
		Random rnd = new Random(2);
		int gets = 100_000;
		double getsBefore = gets(kv, keys, gets, rnd);
		t = System.nanoTime();
		long sink = 0;
		for (int i = 0; i < gets; i++)
			sink += model.get(key(rnd.nextInt(keys))).length;
		double treeGets = gets / secs(t);
		System.out.printf("point gets over L0s and runs (warm): %,.0f/s; TreeMap %,.0f/s; ratio %.3f%n", getsBefore,
				treeGets, getsBefore / treeGets);

		t = System.nanoTime();
		CompactionReport r = kv.compact(List.of("bulk"));
		double mergeSecs = secs(t);
		CompactionReport.SubspaceMerge m = r.merges().get(0);
		System.out.printf("whole-tree merge: %d SSTs (%.1f MB) -> %d SSTs (%.1f MB) in %.2f s, %.1f MB/s%n", m.sstsIn(),
				m.bytesIn() / 1e6, m.sstsOut(), m.bytesOut() / 1e6, mergeSecs, m.bytesIn() / 1e6 / mergeSecs);
		double getsAfter = gets(kv, keys, gets, rnd);
		System.out.printf("point gets after the merge (one run, warm): %,.0f/s; ratio to before %.2f%n", getsAfter,
				getsAfter / getsBefore);

		t = System.nanoTime();
		int scanned = kv.scan("bulk", new byte[0], null).size();
		double scanPerSec = scanned / secs(t);
		t = System.nanoTime();
		int shortScans = 2000;
		for (int i = 0; i < shortScans; i++)
			kv.scan("bulk", key(rnd.nextInt(keys)), null, 100);
		double shortPerSec = shortScans / secs(t);
		System.out.printf("full scan: %,.0f keys/s (%,d keys); 100-key scans: %,.0f/s%n", scanPerSec, scanned,
				shortPerSec);
		for (int i = 0; i < 500; i++)
			kv.write(new WriteBatch().put("tail", key(i), value));
		// abandoned, not closed (close would flush): the next open replays the 500-batch tail

		t = System.nanoTime();
		KvStore again = KvStore.open(objects, opts); // fences kv
		double openMs = secs(t) * 1000;
		t = System.nanoTime();
		double cold = gets(again, keys, 10_000, rnd);
		System.out.printf("reopen with a 500-batch WAL tail: %.0f ms; cold point gets %,.0f/s%n", openMs, cold);
		t = System.nanoTime();
		KvReader reader = KvReader.follow(objects, opts);
		double followMs = secs(t) * 1000;
		again.write(new WriteBatch().put("tail", key(9999), value));
		t = System.nanoTime();
		reader.refresh();
		double refreshMs = secs(t) * 1000;
		System.out.printf("following reader: open %.0f ms, refresh after one commit %.1f ms%n", followMs, refreshMs);
		reader.close();
		again.close();
		if (sink == 42)
			System.out.println();
	}

	private static double gets(KvStore kv, int keys, int n, Random rnd) throws Exception {
		long t = System.nanoTime();
		for (int i = 0; i < n; i++)
			if (kv.get("bulk", key(rnd.nextInt(keys))) == null)
				throw new IllegalStateException("lost a key");
		return n / secs(t);
	}

	private static String shape(StoreCensus c, String subspace) {
		for (StoreCensus.Subspace s : c.subspaces())
			if (s.name().equals(subspace))
				return s.l0Ssts() + " L0 SSTs, " + s.sortedRuns() + " sorted runs, " + s.ssts() + " SSTs, "
						+ String.format("%.1f MB", s.sstBytes() / 1e6);
		return "";
	}

	private static byte[] key(long k) {
		return String.format("key%010d", k).getBytes();
	}

	private static double secs(long t0) {
		return (System.nanoTime() - t0) / 1e9;
	}
}
