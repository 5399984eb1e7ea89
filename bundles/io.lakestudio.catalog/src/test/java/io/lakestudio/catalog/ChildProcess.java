package io.lakestudio.catalog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a test main in a second JVM with this test's classpath: another process on the same catalog file. */
final class ChildProcess {

	private ChildProcess() {
	}

	static Process start(Class<?> main, String... args) throws IOException {
		List<String> cmd = new ArrayList<>();
		cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		cmd.add("-cp");
		cmd.add(System.getProperty("java.class.path"));
		cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
		cmd.add(main.getName());
		cmd.addAll(List.of(args));
		return new ProcessBuilder(cmd).redirectErrorStream(true).start();
	}

	static String output(Process p) {
		try {
			return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		} catch (IOException e) {
			return e.toString();
		}
	}
}
