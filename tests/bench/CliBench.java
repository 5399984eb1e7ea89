import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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
 * answer plus ~170 ms of node start-up). Each run's CPU time (user + sys of the process and its children) is
 * printed beside its wall time: on a machine others load, the wall time says more about them than about us.
 * <p>
 * {@code --compare OTHER}: another build's launcher runs the same commands on a copy of the same catalog, the two
 * interleaved run by run (so both meet the same load), and their outputs must be byte-identical. The catalog is
 * written by OTHER's own code (in a child JVM on its class path), so a newer build meets the file an older one left.
 * {@code --home DIR} keeps the written catalog there for later runs (a 50,000-table one takes minutes to write).
 * Run with tests/bench/cli-bench [--tables N] [--runs R] [--compare LAUNCHER] [--home DIR].
 */
public class CliBench {

	/** The seed's whole-process figures in ms: the command over the pipe plus ~170 ms of process start. */
	static final Map<String, Integer> SEED = Map.of("exists (yes)", 59 + 170, "exists (no, closest names)", 140 + 170,
			"ls (2,000-table lakehouse)", 63 + 170, "find (everything)", 253 + 170);
	static final Map<String, Integer> GOAL = Map.of("exists (yes)", 100, "exists (no, closest names)", 100,
			"ls (2,000-table lakehouse)", 100, "find (everything)", 150);
	static final String[][] CASES = { { "exists (yes)", "exists", "Tenant00/Big/table_1234" },
			{ "exists (no, closest names)", "exists", "Tenant00/Big/table_12x4" },
			{ "ls (2,000-table lakehouse)", "ls", "Tenant00/Big" }, { "find (everything)", "find", "col_07" } };

	/** One process's figures. */
	record Run(long wallMs, long cpuMs, long rssKb, byte[] output) {
	}

	public static void main(String[] args) throws Exception {
		if (args[0].equals("--generate")) {
			generate(Path.of(args[1]), Integer.parseInt(args[2]));
			return;
		}
		List<Path> launchers = new ArrayList<>(List.of(Path.of(args[0]).toAbsolutePath()));
		int total = 5000;
		int runs = 10;
		Path keep = null;
		for (int i = 1; i + 1 < args.length; i += 2) {
			switch (args[i]) {
			case "--tables" -> total = Integer.parseInt(args[i + 1]);
			case "--runs" -> runs = Integer.parseInt(args[i + 1]);
			case "--compare" -> launchers.add(Path.of(args[i + 1]).toAbsolutePath());
			case "--home" -> keep = Path.of(args[i + 1]).toAbsolutePath();
			default -> throw new IllegalArgumentException("unknown option " + args[i]);
			}
		}
		if (total < 2049) {
			throw new IllegalArgumentException("--tables: at least 2,049 (one lakehouse of 2,000 and one table each for 49)");
		}
		Path dir = keep == null ? Files.createTempDirectory("lakestudio-bench") : keep.resolve("tables-" + total);
		Path written = dir.resolve("written");
		Path writer = launchers.get(launchers.size() - 1); // the compared (older) build writes it
		if (!Files.exists(Catalogs.catalogFile(written, "local"))) {
			long t0 = System.nanoTime();
			Files.createDirectories(written);
			Process p = new ProcessBuilder(java(), "--enable-native-access=ALL-UNNAMED", "-cp", classPath(writer),
					sourceFile(), "--generate",
					written.toString(), String.valueOf(total)).inheritIO().start();
			if (p.waitFor() != 0) {
				throw new IllegalStateException("writing the catalog failed");
			}
			System.out.printf("catalog: %,d tables x 20 columns over 50 lakehouses, written by %s in %d ms%n", total,
					writer, (System.nanoTime() - t0) / 1_000_000);
		}
		System.out.printf("catalog: %s, %.1f MB%n", Catalogs.catalogFile(written, "local"),
				Files.size(Catalogs.catalogFile(written, "local")) / 1e6);
		List<Path> homes = new ArrayList<>();
		for (int l = 0; l < launchers.size(); l++) {
			Path home = dir.resolve("home-" + l);
			deleteTree(home);
			Files.createDirectories(home);
			Files.copy(Catalogs.catalogFile(written, "local"), Catalogs.catalogFile(home, "local"),
					StandardCopyOption.COPY_ATTRIBUTES);
			homes.add(home);
			// the first run builds the AOT cache and opens the copy for the first time
			Run first = run(launchers.get(l), home, "status");
			System.out.printf("first run of %s (AOT cache, first open of the catalog): %d ms wall, %d ms CPU%n",
					launchers.get(l), first.wallMs(), first.cpuMs());
		}
		long[] bare = new long[runs];
		for (int i = 0; i < runs; i++) {
			bare[i] = bareJvm();
		}
		long bareMedian = median(bare);
		System.out.printf("bare JVM start on this machine now (java -version, same flags): %d ms median%n", bareMedian);
		System.out.printf("%n%-28s %-6s %9s %9s %9s %8s %5s %10s %9s%n", "command (whole process)", "build", "median",
				"CPU", "seed", "goal", "met", "peak RSS", "-bare JVM");
		boolean differ = false;
		for (String[] c : CASES) {
			long[][] wall = new long[launchers.size()][runs];
			long[][] cpu = new long[launchers.size()][runs];
			long[] rss = new long[launchers.size()];
			byte[][] output = new byte[launchers.size()][];
			for (int i = 0; i < runs; i++) {
				for (int l = 0; l < launchers.size(); l++) { // interleaved: each build meets the same load
					Run r = run(launchers.get(l), homes.get(l), Arrays.copyOfRange(c, 1, c.length));
					wall[l][i] = r.wallMs();
					cpu[l][i] = r.cpuMs();
					rss[l] = Math.max(rss[l], r.rssKb());
					output[l] = r.output();
				}
			}
			for (int l = 0; l < launchers.size(); l++) {
				long median = median(wall[l]);
				int goal = GOAL.get(c[0]);
				System.out.printf("%-28s %-6s %6d ms %6d ms %6d ms %5d ms %5s %7.1f MB %6d ms%n", l == 0 ? c[0] : "",
						l == 0 ? "this" : "other", median, median(cpu[l]), SEED.get(c[0]), goal,
						median <= goal ? "yes" : "no", rss[l] / 1024.0, median - bareMedian);
				if (l > 0 && !Arrays.equals(output[0], output[l])) {
					differ = true;
					System.out.println("  OUTPUT DIFFERS from this build's: this build printed\n"
							+ new String(output[0], StandardCharsets.UTF_8) + "\n  the other printed\n"
							+ new String(output[l], StandardCharsets.UTF_8));
				}
			}
		}
		System.out.println("\nmedians of " + runs + " runs each; CPU is user + sys (bash's time); peak RSS is the"
				+ " largest of the runs (GNU time %M); load average at the end: "
				+ Files.readString(Path.of("/proc/loadavg")).trim());
		if (launchers.size() > 1) {
			System.out.println(differ ? "outputs DIFFER between the builds" : "outputs byte-identical between the builds");
		}
		if (keep == null) {
			deleteTree(dir);
		}
		System.exit(differ ? 1 : 0);
	}

	static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/** This source file, as tests/bench/cli-bench gives it (a source-file program has no class file to find). */
	static String sourceFile() {
		return System.getProperty("cli.bench.source");
	}

	/** The class path a launcher runs its metadata commands on. */
	static String classPath(Path launcher) throws IOException, InterruptedException {
		ProcessBuilder pb = new ProcessBuilder(launcher.toString());
		pb.environment().put("LAKESTUDIO_PRINT_CP", "1");
		Process p = pb.redirectError(ProcessBuilder.Redirect.INHERIT).start();
		String cp = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		if (p.waitFor() != 0) {
			throw new IllegalStateException(launcher + " gave no class path");
		}
		return cp;
	}

	static long median(long[] values) {
		long[] v = values.clone();
		Arrays.sort(v);
		return (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
	}

	/** A JVM that starts and exits, with the launcher's flags: what no Java command line can go below. */
	static long bareJvm() throws IOException, InterruptedException {
		long t = System.nanoTime();
		Process p = new ProcessBuilder(java(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData",
				"-version").redirectErrorStream(true).start();
		p.getInputStream().readAllBytes();
		p.waitFor();
		return (System.nanoTime() - t) / 1_000_000;
	}

	/** Runs the launcher once, under bash's time (CPU in ms) and GNU time (peak RSS). */
	static Run run(Path launcher, Path home, String... args) throws IOException, InterruptedException {
		Path rssFile = home.resolve("rss.txt");
		Path cpuFile = home.resolve("cpu.txt");
		// $0 and $1 of the script are the two files; bash's time reports on the group's stderr, the command's goes on
		List<String> cmd = new ArrayList<>(List.of("bash", "-c", "f=$1; shift; TIMEFORMAT='%3U %3S';"
				+ " { time /usr/bin/time -o \"$0\" -f %M \"$@\" 2>&3; } 3>&2 2>\"$f\"", rssFile.toString(),
				cpuFile.toString(), launcher.toString()));
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
		String[] cpu = Files.readString(cpuFile).trim().split("\\s+");
		long cpuMs = Math.round((Double.parseDouble(cpu[cpu.length - 2]) + Double.parseDouble(cpu[cpu.length - 1])) * 1000);
		return new Run(ms, cpuMs, Long.parseLong(rss.substring(rss.lastIndexOf('\n') + 1).trim()), out);
	}

	static void deleteTree(Path dir) throws IOException {
		if (Files.exists(dir)) {
			try (Stream<Path> s = Files.walk(dir)) {
				for (Path p : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
					Files.delete(p);
				}
			}
		}
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
