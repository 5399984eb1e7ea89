package io.lakestudio.cli.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A child JVM for {@link EngineServerHeapTest}: the engine's cache pattern (an LRU of 1,024 entries, each evicted
 * after surviving a few young collections, so it dies old) churned through ~400 MB, then one big allocation (a big
 * statement's Java side) and a collection. Prints the most heap committed during the churn, whether the big
 * allocation fit, and the heap committed after the collection, in MB.
 */
public final class HeapChurnMain {

	public static void main(String[] args) throws Exception {
		MemoryMXBean m = ManagementFactory.getMemoryMXBean();
		Map<Integer, byte[]> lru = new LinkedHashMap<>(1024, 0.75f, true) {
			private static final long serialVersionUID = 1L;

			@Override
			protected boolean removeEldestEntry(Map.Entry<Integer, byte[]> e) {
				return size() > 1024;
			}
		};
		long most = 0;
		for (int i = 0; i < 24_000; i++) {
			// at ~50 MB/s, a busy engine's pace (~10 MB of garbage a statement), not as fast as a loop allocates
			java.util.concurrent.locks.LockSupport.parkNanos(200_000);
			lru.put(i, new byte[16 * 1024]);
			lru.get(i / 2); // touched again: lives on, as a view a statement reads again
			if (i % 500 == 0) {
				most = Math.max(most, m.getHeapMemoryUsage().getCommitted());
			}
		}
		lru.clear();
		byte[] big = new byte[256 << 20];
		big[big.length - 1] = 1;
		boolean fit = big[big.length - 1] == 1;
		big = null;
		System.gc();
		Thread.sleep(500);
		System.out.println((most >> 20) + " " + fit + " " + (m.getHeapMemoryUsage().getCommitted() >> 20));
	}
}
