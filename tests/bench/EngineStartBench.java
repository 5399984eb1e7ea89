import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import io.lakestudio.engine.Engine;

/**
 * See engine-start-bench. Each start is a JVM of its own (DuckDB's library loads once per process): it opens
 * DuckDB from a state folder, as the engine does on its first statement, and answers one statement. Timed from
 * the parent, the whole process; the child prints its own time to the answer.
 */
public class EngineStartBench {

	public static void main(String[] a) throws Exception {
		if (a[0].equals("child")) {
			child(Path.of(a[1]));
			return;
		}
		int runs = Integer.parseInt(a[0]);
		List<String> java = List.of(a).subList(1, a.length);
		Path tmp = Files.createTempDirectory("engine-start-bench");
		try {
			Path kept = tmp.resolve("kept");
			start(java, kept); // the state folder's first start: what the others find
			System.out.printf("written into a new state folder's engine/: %.0f MB%n", bytes(kept.resolve("engine")) / 1e6);
			report("kept state folder", java, runs, i -> kept, false);
			report("new state folder", java, runs, i -> tmp.resolve("new"), true);
		} finally {
			delete(tmp);
		}
	}

	static long bytes(Path dir) throws Exception {
		try (Stream<Path> s = Files.walk(dir)) {
			return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
		}
	}

	static void delete(Path dir) throws Exception {
		try (Stream<Path> s = Files.walk(dir)) {
			s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		}
	}

	interface Home {
		Path at(int run);
	}

	static void report(String what, List<String> java, int runs, Home home, boolean fresh) throws Exception {
		List<Long> wall = new ArrayList<>();
		List<Long> answer = new ArrayList<>();
		for (int i = 0; i < runs; i++) {
			long t0 = System.nanoTime();
			long inside = start(java, home.at(i));
			wall.add((System.nanoTime() - t0) / 1_000_000);
			answer.add(inside);
			if (fresh) {
				delete(home.at(i));
			}
		}
		System.out.printf("%-18s process median %5d ms (min %d, max %d); JVM start to first answer median %5d ms  [%d runs]%n",
				what, median(wall), wall.stream().min(Long::compare).get(), wall.stream().max(Long::compare).get(),
				median(answer), runs);
	}

	static long start(List<String> java, Path home) throws Exception {
		List<String> cmd = new ArrayList<>(java);
		cmd.add("child");
		cmd.add(home.toString());
		Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
		String out = new String(p.getInputStream().readAllBytes()).strip();
		if (p.waitFor() != 0) {
			throw new IllegalStateException("the start failed: " + out);
		}
		return Long.parseLong(out);
	}

	static void child(Path home) throws Exception {
		try (Connection c = Engine.writer(home); Statement s = c.createStatement();
				ResultSet r = s.executeQuery("SELECT 42")) {
			r.next();
			long since = System.currentTimeMillis() - java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
			System.out.println(since);
		}
	}

	static long median(List<Long> xs) {
		List<Long> s = xs.stream().sorted().toList();
		return s.get(s.size() / 2);
	}
}
