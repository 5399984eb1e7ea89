package io.lakestudio.cli;

import java.io.PrintWriter;

/** The plain-Java entry point of {@code cli/lakestudio}: no OSGi, no DuckDB on the way to a metadata answer. */
public final class Main {

	private Main() {
	}

	public static void main(String[] args) {
		PrintWriter out = new PrintWriter(System.out, false);
		PrintWriter err = new PrintWriter(System.err, true);
		int code = new Lakestudio(out, err).run(args);
		out.flush();
		System.exit(code);
	}
}
