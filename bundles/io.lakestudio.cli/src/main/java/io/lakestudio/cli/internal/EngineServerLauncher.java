package io.lakestudio.cli.internal;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.server.EngineClient;
import io.lakestudio.engine.server.EngineServer;
import io.lakestudio.sync.account.Accounts;
import io.lakestudio.sync.account.EngineStore;

/**
 * Finds the machine's engine server, or starts a headless one: {@code java -cp <this class path>
 * io.lakestudio.cli.Main engine-server} in its own session, its output in {@code logs/engine-server.out}. The class
 * path is this process's ({@code cli/lakestudio} gives {@code sql} every bundle), or the system property
 * {@code lakestudio.engine.classpath}.
 */
final class EngineServerLauncher {

	/**
	 * The engine server's JVM options, but for its heap bound (tests/bench/engine-memory-bench runs on them:
	 * {@link #main} prints them). A server lives for days: the serial collector grows its old generation to take
	 * what survives a young collection rather than collect it, so an engine's churning caches pushed its committed,
	 * touched heap up towards a quarter of the machine's memory. G1 collects the old generation concurrently
	 * instead, from a small initial heap, and gives back what a big statement made it take (free ratios, and a
	 * collection when idle for a minute). G1's default time goal (GCTimeRatio 12) grew the young generation to 230
	 * MB on a busy machine, and 4 still let the heap ratchet up to 270 MB committed; at 1 the heap grows and shrinks
	 * back around 100-160 MB (the Java side's collections are a few ms: 50-60 MB live). G1 gives heap back only at
	 * the end of a concurrent cycle, and its adaptive start threshold let none come while 60 MB lived in 150:
	 * starting one at 30% occupancy holds the committed heap at ~86 MB (engine-memory-bench 20000 1000: 85-86 MB
	 * from 6,000 statements on, against 100-156 MB, and peak RSS at 15,000 345 MB against 396).
	 */
	static final List<String> JVM_OPTIONS = List.of("--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1",
			"-XX:+UseG1GC", "-Xms32m", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30", "-XX:GCTimeRatio=1",
			"-XX:-G1UseAdaptiveIHOP", "-XX:InitiatingHeapOccupancyPercent=30", "-XX:G1PeriodicGCInterval=60000",
			"-XX:-UsePerfData", "-Xss1m");

	/**
	 * {@link #JVM_OPTIONS} and the heap bound ({@code -Xmx}, {@link EngineConfig#heapMb}): the JVM's default, a
	 * quarter of the RAM, let a server's committed heap creep up for days. A log too big for the bound fails its
	 * statement with an error that names the table and the setting; the server goes on.
	 */
	static List<String> jvmOptions(Settings s) {
		List<String> o = new ArrayList<>(JVM_OPTIONS);
		o.add("-Xmx" + EngineConfig.heapMb(s) + "m");
		return o;
	}

	/**
	 * Prints {@link #jvmOptions} for the settings of {@code -Dlakestudio.home}, one a line: cli/lakestudio starts a
	 * hand-run {@code engine-server} on them, and the benchmark that measures a server's memory runs on them.
	 */
	public static void main(String[] args) {
		String home = System.getProperty("lakestudio.home");
		Settings s = home == null ? Settings.load(Path.of(System.getProperty("user.home"), ".lakestudio"))
				: Settings.load(Path.of(home));
		jvmOptions(s).forEach(System.out::println);
	}

	private static final long START_TIMEOUT_MS = Long.getLong("lakestudio.engine.startTimeoutMs", 20_000);

	private EngineServerLauncher() {
	}

	/**
	 * What a headless server for these settings is: what it reads ({@link EngineStore#identity}: another account,
	 * lake or offline setting) and the heap bound it was started with ({@link EngineConfig#heapMb}), so a changed
	 * {@code engineHeapMB} starts a new server rather than going on in the old one's heap.
	 */
	static String identity(Settings s) {
		return EngineStore.identity(s) + "|heap " + EngineConfig.heapMb(s) + " MB";
	}

	/**
	 * A client of a running server for the settings {@code s}, started if need be; empty (said on {@code err}) if
	 * none could start. A headless server for other settings is stopped and replaced; a hosted one (the
	 * workbench's, in its own heap) serves them if it reads the same lake, else it is left alone.
	 */
	static Optional<EngineClient> ensure(Path home, Settings s, PrintWriter err) {
		Path socket = EngineServer.socket(home);
		Optional<EngineClient> running = EngineClient.running(home);
		if (running.isPresent()) {
			try {
				EngineClient.Info info = running.get().info();
				if (info.identity().equals(info.hosted() ? EngineStore.identity(s) : identity(s))) {
					return running;
				}
				if (info.hosted()) {
					err.println("lakestudio: the engine server (pid " + info.pid() + ") serves other settings"
							+ "; running the statement in this process");
					return Optional.empty();
				}
				running.get().stop();
				for (int i = 0; i < 250 && EngineClient.answers(socket); i++) {
					Thread.sleep(20);
				}
			} catch (IOException e) {
				// it went away meanwhile: start one below
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				return Optional.empty();
			}
		}
		Process p;
		try {
			p = launch(home);
		} catch (IOException | RuntimeException e) {
			err.println("lakestudio: could not start the engine server (" + e.getMessage()
					+ "); running the statement in this process");
			return Optional.empty();
		}
		long deadline = System.nanoTime() + START_TIMEOUT_MS * 1_000_000;
		while (System.nanoTime() < deadline) {
			if (EngineClient.answers(socket)) {
				return Optional.of(new EngineClient(socket));
			}
			if (!p.isAlive()) {
				// another process's server may have won the race and made this one leave
				if (EngineClient.answers(socket)) {
					return Optional.of(new EngineClient(socket));
				}
				err.println("lakestudio: the engine server exited at start (exit " + p.exitValue() + ", see "
						+ home.resolve("logs").resolve("engine-server.out") + "); running the statement in this process");
				return Optional.empty();
			}
			try {
				Thread.sleep(20);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		err.println("lakestudio: the engine server did not answer within " + START_TIMEOUT_MS / 1000
				+ " s; running the statement in this process");
		return Optional.empty();
	}

	private static Process launch(Path home) throws IOException {
		String cp = System.getProperty("lakestudio.engine.classpath", System.getProperty("java.class.path"));
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		List<String> cmd = new ArrayList<>();
		if (new File("/usr/bin/setsid").canExecute()) {
			cmd.add("/usr/bin/setsid"); // its own session: a closing terminal does not take it along
		}
		cmd.add(java);
		cmd.addAll(jvmOptions(Settings.load(home)));
		cmd.addAll(List.of("-Dlakestudio.home=" + home, "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-cp", cp,
				"io.lakestudio.cli.Main", "engine-server"));
		String ca = System.getProperty(Accounts.CA_PROPERTY);
		if (ca != null) {
			cmd.add(cmd.indexOf("-cp"), "-D" + Accounts.CA_PROPERTY + "=" + ca); // the CA the lake is trusted with
		}
		String idle = System.getProperty("lakestudio.engine.idleSeconds");
		if (idle != null) {
			cmd.addAll(List.of("--idle-seconds", idle));
		}
		Path out = home.resolve("logs").resolve("engine-server.out");
		Files.createDirectories(out.getParent());
		return new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
				.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())).start();
	}
}
