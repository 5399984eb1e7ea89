package io.lakestudio.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** Runs the command line in this JVM against a given state folder and keeps what it printed. */
final class CliRun {

	final int exit;
	final String out;
	final String err;

	private CliRun(int exit, String out, String err) {
		this.exit = exit;
		this.out = out;
		this.err = err;
	}

	static CliRun run(Path home, String... args) {
		String old = System.getProperty("lakestudio.home");
		System.setProperty("lakestudio.home", home.toString());
		try {
			StringWriter out = new StringWriter();
			StringWriter err = new StringWriter();
			int exit = new Lakestudio(new PrintWriter(out), new PrintWriter(err)).run(args);
			return new CliRun(exit, out.toString(), err.toString());
		} finally {
			if (old == null) {
				System.clearProperty("lakestudio.home");
			} else {
				System.setProperty("lakestudio.home", old);
			}
		}
	}

	@Override
	public String toString() {
		return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
	}
}
