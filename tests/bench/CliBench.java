import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;

/**
 * Whole-process timings of cli/lakestudio on a 5,000-table catalog (or {@code --tables N}: one lakehouse of 2,000,
 * the rest spread over 49 more), beside the seed's figures (measured on a real tenant with VS Code open: a metadata
 * answer plus ~170 ms of node start-up). Run with tests/bench/cli-bench [--tables N].
 */
public class CliBench {

	static final int RUNS = 10;
	/** The seed's whole-process figures in ms: the command over the pipe plus ~170 ms of process start. */
	static final Map<String, Integer> SEED = Map.of("exists (yes)", 59 + 170, "exists (no, closest names)", 140 + 170,
			"ls (2,000-table lakehouse)", 63 + 170, "find (everything)", 253 + 170);
	static final Map<String, Integer> GOAL = Map.of("exists (yes)", 100, "exists (no, closest names)", 100,
			"ls (2,000-table lakehouse)", 100, "find (everything)", 150);

	public static void main(String[] args) throws Exception {
		Path launcher = Path.of(args[0]).toAbsolutePath();
		int total = 5000;
		for (int i = 1; i + 1 < args.length; i++) {
			if (args[i].equals("--tables")) {
				total = Integer.parseInt(args[i + 1]);
			}
		}
		if (total < 2049) {
			throw new IllegalArgumentException("--tables: at least 2,049 (one lakehouse of 2,000 and one table each for 49)");
		}
		Path home = Files.createTempDirectory("lakestudio-bench");
		long t0 = System.nanoTime();
		generate(home, total);
		System.out.printf("catalog: %,d tables x 20 columns over 50 lakehouses, written in %d ms (%s, %.1f MB)%n",
				total, (System.nanoTime() - t0) / 1_000_000, Catalogs.catalogFile(home, "local"),
				Files.size(Catalogs.catalogFile(home, "local")) / 1e6);
		String[][] cases = { { "exists (yes)", "exists", "Tenant00/Big/table_1234" },
				{ "exists (no, closest names)", "exists", "Tenant00/Big/table_12x4" },
				{ "ls (2,000-table lakehouse)", "ls", "Tenant00/Big" }, { "find (everything)", "find", "col_07" } };
		run(launcher, home, "status"); // first run: builds the AOT cache
		long[] bare = new long[RUNS];
		for (int i = 0; i < RUNS; i++) {
			bare[i] = bareJvm(home);
		}
		Arrays.sort(bare);
		long bareMedian = (bare[RUNS / 2 - 1] + bare[RUNS / 2]) / 2;
		System.out.printf("bare JVM start on this machine now (java -version, same flags): %d ms median%n", bareMedian);
		System.out.printf("%n%-28s %9s %9s %9s %8s %8s %10s %9s%n", "command (whole process)", "median", "seed",
				"ours/seed", "goal", "met", "peak RSS", "-bare JVM");
		for (String[] c : cases) {
			long[] ms = new long[RUNS];
			long rss = 0;
			for (int i = 0; i < RUNS; i++) {
				long[] r = run(launcher, home, Arrays.copyOfRange(c, 1, c.length));
				ms[i] = r[0];
				rss = Math.max(rss, r[1]);
			}
			Arrays.sort(ms);
			long median = (ms[RUNS / 2 - 1] + ms[RUNS / 2]) / 2;
			int seed = SEED.get(c[0]);
			int goal = GOAL.get(c[0]);
			System.out.printf("%-28s %6d ms %6d ms %9.2f %5d ms %8s %7.1f MB %6d ms%n", c[0], median, seed,
					median / (double) seed, goal, median <= goal ? "yes" : "no", rss / 1024.0, median - bareMedian);
		}
		System.out.println("\nmedians of " + RUNS + " runs each; peak RSS is the largest of the runs (GNU time %M);"
				+ " load average at the end: " + Files.readString(Path.of("/proc/loadavg")).trim());
	}

	/** A JVM that starts and exits, with the launcher's flags: what no Java command line can go below. */
	static long bareJvm(Path home) throws IOException, InterruptedException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		long t = System.nanoTime();
		Process p = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData",
				"-version").redirectErrorStream(true).start();
		p.getInputStream().readAllBytes();
		p.waitFor();
		return (System.nanoTime() - t) / 1_000_000;
	}

	/** Runs the launcher once; returns {wall ms, peak RSS KB}. */
	static long[] run(Path launcher, Path home, String... args) throws IOException, InterruptedException {
		Path rssFile = home.resolve("rss.txt");
		List<String> cmd = new ArrayList<>(List.of("/usr/bin/time", "-o", rssFile.toString(), "-f", "%M",
				launcher.toString()));
		cmd.addAll(List.of(args));
		ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
		pb.environment().put("LAKESTUDIO_HOME", home.toString());
		long t = System.nanoTime();
		Process p = pb.start();
		byte[] out = p.getInputStream().readAllBytes();
		int rc = p.waitFor();
		long ms = (System.nanoTime() - t) / 1_000_000;
		if (rc > 1) {
			throw new IllegalStateException(String.join(" ", args) + " exited " + rc + ": "
					+ new String(out, StandardCharsets.UTF_8));
		}
		String rss = Files.readString(rssFile).trim();
		return new long[] { ms, Long.parseLong(rss.substring(rss.lastIndexOf('\n') + 1).trim()) };
	}

	static void generate(Path home, int total) {
		int rest = total - 2000;
		Instant now = Instant.now();
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "local"), "local")) {
			List<Workspace> workspaces = new ArrayList<>();
			for (int w = 0; w < 5; w++) {
				workspaces.add(new Workspace("Tenant0" + w, "Tenant0" + w));
			}
			c.replaceWorkspaces(workspaces, true, now);
			int lakehouse = 0;
			for (Workspace ws : workspaces) {
				List<Item> items = new ArrayList<>();
				for (int i = 0; i < 10; i++, lakehouse++) {
					String name = lakehouse == 0 ? "Big" : "Lakehouse" + lakehouse;
					items.add(new Item(ws.id() + "/" + name + ".Lakehouse", ws.id(), name, "Lakehouse", false, false,
							null, null));
				}
				c.replaceItems(ws.id(), items, true, now);
				for (Item item : items) {
					// one lakehouse of 2,000 tables; the rest spread over the other 49 (3,000 by default: 61 or 62 each)
					int index = item.name().equals("Big") ? 0 : Integer.parseInt(item.name().replaceAll("\\D", ""));
					int n = item.name().equals("Big") ? 2000 : rest / 49 + (index <= rest % 49 ? 1 : 0);
					List<LakeTable> tables = new ArrayList<>();
					for (int t = 0; t < n; t++) {
						String tn = item.name().equals("Big") ? "table_" + t : "t" + index + "_" + t;
						tables.add(new LakeTable(item.id(), "", tn, "Delta", item.id() + "/Tables/" + tn));
					}
					c.replaceTables(item.id(), tables, true, now);
					for (LakeTable t : tables) {
						List<LakeColumn> cols = new ArrayList<>();
						for (int k = 0; k < 20; k++) {
							cols.add(new LakeColumn(k, String.format("col_%02d_%s", k, k % 3 == 0 ? "id" : "value"),
									k % 2 == 0 ? "long" : "string", true, false));
						}
						c.putTableMetadata(t.id(), new TableMetadata("Delta", 3, now, cols, List.of(), 1 << 20, 4, 1000L),
								now);
					}
				}
			}
			System.out.println("tables: " + c.counts().tables() + ", columns: " + c.counts().columns());
		}
	}
}
