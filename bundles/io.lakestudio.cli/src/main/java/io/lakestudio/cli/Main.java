package io.lakestudio.cli;

import java.io.PrintWriter;

import io.lakestudio.catalog.Catalogs;

/** The plain-Java entry point of {@code cli/lakestudio}: no OSGi, no DuckDB on the way to a metadata answer. */
public final class Main {

	private Main() {
	}

	public static void main(String[] args) {
		Catalogs.warmUp();
		int code = run(args);
		// halt, not exit: nothing is left to shut down, and exit's logging machinery costs start-up time
		Runtime.getRuntime().halt(code);
	}

	/** Runs one command on stdout/stderr and returns its exit code. */
	public static int run(String... args) {
		PrintWriter out = new PrintWriter(new StdoutWriter(System.out), false);
		PrintWriter err = new PrintWriter(System.err, true);
		int code = new Lakestudio(out, err).run(args);
		out.flush();
		err.flush();
		System.out.flush();
		System.err.flush();
		return code;
	}
}
