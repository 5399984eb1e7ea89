import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.lakestudio.catalog.Settings;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.sync.account.Accounts;

/**
 * See dfs-read-bench. CPU per ranged read through the lake's store (DfsStore.read), the emulator in this process:
 * its threads (the HTTPS server's dispatcher and the virtual threads' carriers) are counted apart from the client's
 * (our code, the SDK, the JDK HTTP client, TLS) and from the JVM's own (GC, JIT) work.
 */
public class DfsReadBench {

	public static void main(String[] a) throws Exception {
		int reads = Integer.parseInt(a[0]);
		int size = Integer.parseInt(a[1]);
		int parallel = Integer.parseInt(a[2]);
		int rounds = a.length > 3 ? Integer.parseInt(a[3]) : 3;
		Path tmp = Files.createTempDirectory("dfs-read-bench");
		Path file = tmp.resolve("lake/Bench/Big.Lakehouse/Files/blob.bin");
		Files.createDirectories(file.getParent());
		long fileSize = 64L << 20;
		byte[] junk = new byte[1 << 20];
		new Random(1).nextBytes(junk);
		try (var out = Files.newOutputStream(file)) {
			for (long w = 0; w < fileSize; w += junk.length) {
				out.write(junk);
			}
		}
		System.setProperty(Accounts.SECRET_PROPERTY, Tokens.CLIENT_SECRET);
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
		try (Emulator emu = Emulator.start(tmp.resolve("lake"))) {
			System.setProperty(Accounts.CA_PROPERTY, emu.dfsCaFile().toString());
			Settings s = Settings.load(tmp.resolve("home")).set(Settings.ACCOUNT, "emu")
					.set(Accounts.FABRIC_ENDPOINT, emu.fabricUrl()).set(Accounts.ONELAKE_ENDPOINT, emu.dfsUrl())
					.set(Accounts.TOKEN_ENDPOINT, emu.tokenUrl()).set(Accounts.CLIENT_ID, Tokens.CLIENT_ID);
			Accounts.mark(s, "emu", true);
			try (Lake l = Accounts.open(s, m -> {}); ExecutorService pool = Executors.newFixedThreadPool(parallel)) {
				LakeStore store = l.store();
				String path = "Bench/Big.Lakehouse/Files/blob.bin";
				run(store, path, pool, Math.max(200, reads), size, fileSize); // warm-up: the JIT, connections, a token
				String jfr = System.getenv("DFS_READ_BENCH_JFR");
				jdk.jfr.Recording rec = null;
				if (jfr != null) { // after the warm-up: the measured rounds only
					rec = new jdk.jfr.Recording();
					rec.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(1));
					rec.start();
				}
				System.out.printf("%d ranged reads of %d bytes, %d at a time, %d rounds%n", reads, size, parallel, rounds);
				System.out.printf("%8s %10s %12s %12s %12s %12s%n", "round", "wall ms", "cpu ms/read", "client", "emulator",
						"jvm");
				for (int r = 0; r < rounds; r++) {
					Map<Long, Long> before = cpu(threads, true);
					Map<Long, Long> beforeClient = cpu(threads, false);
					long p0 = os.getProcessCpuTime();
					long w0 = System.nanoTime();
					run(store, path, pool, reads, size, fileSize);
					double wall = (System.nanoTime() - w0) / 1e6;
					double process = (os.getProcessCpuTime() - p0) / 1e6;
					double server = since(threads, before, true) / 1e6;
					double client = since(threads, beforeClient, false) / 1e6;
					System.out.printf("%8d %10.0f %12.3f %12.3f %12.3f %12.3f%n", r + 1, wall, process / reads,
							client / reads, server / reads, (process - server - client) / reads);
				}
				if (rec != null) {
					rec.stop();
					rec.dump(Path.of(jfr));
				}
			}
		}
		System.out.println("cpu: the process's; emulator: its threads (HTTP-Dispatcher, the virtual threads' carriers);"
				+ " client: every other Java thread (ours, the SDK's, the JDK HTTP client's); jvm: the rest (JIT, GC)."
				+ " Load average: " + Files.readString(Path.of("/proc/loadavg")).trim());
		try (var w = Files.walk(tmp)) {
			w.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		}
	}

	static void run(LakeStore store, String path, ExecutorService pool, int reads, int size, long fileSize)
			throws Exception {
		List<Future<byte[]>> all = new ArrayList<>();
		long slots = fileSize / size;
		for (int i = 0; i < reads; i++) {
			long at = (i * 7919L % slots) * size;
			all.add(pool.submit(() -> store.read(path, at, size)));
		}
		for (Future<byte[]> f : all) {
			if (f.get().length != size) {
				throw new IllegalStateException("short read");
			}
		}
	}

	/** CPU ns of each live Java thread of the emulator's (or else of the client's). */
	static Map<Long, Long> cpu(ThreadMXBean threads, boolean emulator) {
		Map<Long, Long> m = new HashMap<>();
		for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
			if (t != null && emulator(t.getThreadName()) == emulator) {
				m.put(t.getThreadId(), threads.getThreadCpuTime(t.getThreadId()));
			}
		}
		return m;
	}

	static long since(ThreadMXBean threads, Map<Long, Long> before, boolean emulator) {
		long sum = 0;
		for (Map.Entry<Long, Long> e : cpu(threads, emulator).entrySet()) {
			sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
		}
		return sum;
	}

	/** The HTTPS server's own thread and the carriers of its virtual threads (the client runs on none). */
	static boolean emulator(String name) {
		return name.startsWith("HTTP-Dispatcher") || name.startsWith("ForkJoinPool-");
	}
}
