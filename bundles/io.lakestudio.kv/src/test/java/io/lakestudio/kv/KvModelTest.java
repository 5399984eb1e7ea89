package io.lakestudio.kv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.kv.internal.Bytes;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectStore;

/**
 * A seeded random workload (batches of puts and deletes over three subspaces, flushes, merges partial and whole,
 * reopens, read points held across all of it) answers every get and scan as a TreeMap fed the same batches does.
 */
@Timeout(180)
class KvModelTest {

	private static final String[] SUBSPACES = { "current", "history", "index" };

	@TempDir
	Path dir;

	@ParameterizedTest
	@ValueSource(strings = { "memory", "folder" })
	void answersEqualATreeMapModelUnderARandomWorkload(String kind) throws Exception {
		ObjectStore o = kind.equals("memory") ? new MemoryStore() : new FolderStore(dir.resolve("kv"), false);
		Random rnd = new Random(20261201L);
		Map<String, TreeMap<byte[], byte[]>> model = new HashMap<>();
		for (String s : SUBSPACES)
			model.put(s, new TreeMap<>(Bytes.ORDER));
		KvOptions opts = KvContract.small().withMerges(3, 3, 2048);
		KvStore kv = KvStore.open(o, opts);
		List<Object[]> held = new ArrayList<>(); // {ReadPoint, copy of the model}
		int checks = 0;
		for (int step = 0; step < 1500; step++) {
			int what = rnd.nextInt(100);
			if (what < 80) {
				WriteBatch w = new WriteBatch();
				for (int n = 1 + rnd.nextInt(5); n > 0; n--) {
					String s = SUBSPACES[rnd.nextInt(SUBSPACES.length)];
					byte[] key = key(rnd);
					if (rnd.nextInt(4) == 0) {
						w.delete(s, key);
						model.get(s).remove(key);
					} else {
						byte[] v = new byte[rnd.nextInt(60)];
						rnd.nextBytes(v);
						w.put(s, key, v);
						model.get(s).put(key, v);
					}
				}
				kv.write(w);
			} else if (what < 86) {
				check(kv, model, rnd);
				checks++;
			} else if (what < 89) {
				kv.compact(rnd.nextBoolean() ? null : List.of(SUBSPACES[rnd.nextInt(3)]));
			} else if (what < 92) {
				kv.flush();
			} else if (what < 94) {
				for (Object[] h : held)
					((ReadPoint) h[0]).close();
				held.clear();
				kv.close();
				kv = KvStore.open(o, opts);
			} else if (what < 97 && held.size() < 3) {
				held.add(new Object[] { kv.readPoint(), copy(model) });
			} else if (!held.isEmpty()) {
				Object[] h = held.remove(0);
				@SuppressWarnings("unchecked")
				Map<String, TreeMap<byte[], byte[]>> then = (Map<String, TreeMap<byte[], byte[]>>) h[1];
				try (ReadPoint rp = (ReadPoint) h[0]) {
					check(rp, then, rnd);
				}
			}
		}
		for (Object[] h : held)
			((ReadPoint) h[0]).close();
		check(kv, model, rnd);
		kv.compact(null);
		check(kv, model, rnd);
		kv.close();
		try (KvStore again = KvStore.open(o, opts)) {
			check(again, model, rnd);
			StoreCensus c = again.census(true);
			for (StoreCensus.Subspace s : c.subspaces())
				assertEquals(model.get(s.name()).size(), s.liveEntries(), s.name());
		}
		System.out.println("KV-MODEL " + kind + ": " + checks + " checks passed");
	}

	private static byte[] key(Random rnd) {
		int k = rnd.nextInt(300);
		return new byte[] { (byte) (k >> 8), (byte) k, (byte) (k % 7) };
	}

	private static Map<String, TreeMap<byte[], byte[]>> copy(Map<String, TreeMap<byte[], byte[]>> m) {
		Map<String, TreeMap<byte[], byte[]>> out = new HashMap<>();
		m.forEach((k, v) -> out.put(k, new TreeMap<>(v)));
		return out;
	}

	private static void check(KvReads kv, Map<String, TreeMap<byte[], byte[]>> model, Random rnd) throws Exception {
		for (String s : SUBSPACES) {
			TreeMap<byte[], byte[]> m = model.get(s);
			List<KeyValue> all = kv.scan(s, new byte[0], null);
			assertEquals(m.size(), all.size(), s + " size");
			int i = 0;
			for (Map.Entry<byte[], byte[]> e : m.entrySet()) {
				assertArrayEquals(e.getKey(), all.get(i).key());
				assertArrayEquals(e.getValue(), all.get(i).value());
				i++;
			}
			for (int n = 0; n < 20; n++) {
				byte[] k = key(rnd);
				assertArrayEquals(m.get(k), kv.get(s, k), s + " get " + Arrays.toString(k));
			}
			byte[] from = key(rnd);
			byte[] to = key(rnd);
			if (Bytes.compare(from, to) > 0) {
				byte[] t = from;
				from = to;
				to = t;
			}
			List<KeyValue> range = kv.scan(s, from, to);
			assertEquals(m.subMap(from, true, to, false).size(), range.size(), s + " range");
		}
	}
}
