package io.lakestudio.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The command line in a new JVM (as {@code cli/lakestudio} runs it): its own memory, environment and home. */
final class CliProcess {

	final int exit;
	final String out;

	private CliProcess(int exit, String out) {
		this.exit = exit;
		this.out = out;
	}

	/**
	 * Starts {@code lakestudio args} with {@code env} changed (a null value removes the variable) and the given
	 * system properties; the result once it exited, within 90 s.
	 */
	static CompletableFuture<CliProcess> start(Map<String, String> env, Map<String, String> props, String... args)
			throws IOException {
		List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
				"-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")));
		props.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
		cmd.add(Main.class.getName());
		cmd.addAll(List.of(args));
		ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
		env.forEach((k, v) -> {
			if (v == null) {
				b.environment().remove(k);
			} else {
				b.environment().put(k, v);
			}
		});
		Process p = b.start();
		return CompletableFuture.supplyAsync(() -> {
			try {
				String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
				if (!p.waitFor(90, TimeUnit.SECONDS)) {
					p.destroyForcibly();
					return new CliProcess(-1, out);
				}
				return new CliProcess(p.exitValue(), out);
			} catch (IOException | InterruptedException e) {
				p.destroyForcibly();
				return new CliProcess(-1, e.toString());
			}
		}, r -> Thread.ofPlatform().daemon().start(r));
	}

	static CliProcess run(Map<String, String> env, Map<String, String> props, String... args) throws Exception {
		return start(env, props, args).get(120, TimeUnit.SECONDS);
	}

	@Override
	public String toString() {
		return "exit " + exit + ":\n" + out;
	}
}
