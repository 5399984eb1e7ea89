package io.lakestudio.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code tests/ducklake-conformance [--catalog sqlite|duckdb|moraine] [options] <suite folder> [files…]}: runs DuckLake's
 * sqllogictest files on Lakestudio's engine and prints the report. Exit status: 0; 1 when a file listed by
 * {@code --passing} didn't pass (without {@code --passing}: when any file failed); 2 for a bad command line.
 */
public final class Main {

	static final String USAGE = """
			usage: tests/ducklake-conformance [--catalog sqlite|duckdb|moraine] [--timeout SECONDS] [--report FILE]
			         [--junit FILE] [--passing LIST [--only-passing]] [--write-passing LIST] [--keep] [--quiet]
			         <suite folder> [files or folders, relative to the suite folder…]
			  --catalog        the DuckLake catalog database: duckdb (the extension's default), sqlite or
			                   moraine (a moraine folder store)
			  --timeout        per file, in seconds (default 120)
			  --report FILE    the report also into FILE
			  --junit FILE     a JUnit XML report into FILE
			  --passing LIST   the files that must pass: exit 1 when one of them doesn't
			  --only-passing   run just the files LIST names
			  --write-passing  rewrite LIST with the files that passed (after a whole run)
			  --keep           keep each file's folder (state and {TEST_DIR}) under the work folder
			Each connection first runs SET ducklake_default_version = '1.1-dev1': the suite was written for the
			ducklake extension's development build, whose new catalogs are DuckLake 1.1-dev1 (Lakestudio's own
			default is 1.0). A moraine store keeps DuckLake 1.0 whatever the setting.
			""";

	private Main() {
	}

	public static void main(String[] args) {
		System.exit(run(args, new EngineSessions()));
	}

	/**
	 * A path named on the command line: relative to where the user was ({@code CONFORMANCE_PWD}: the script runs
	 * the JVM inside the suite folder).
	 */
	static Path path(String s) {
		String pwd = System.getenv("CONFORMANCE_PWD");
		return pwd == null ? Path.of(s) : Path.of(pwd).resolve(s);
	}

	/** The command line, parsed. */
	record Options(CatalogKind kind, Duration timeout, Path report, Path junit, Path passing, Path writePassing,
			boolean only, boolean keep, boolean quiet, Path suite, List<String> files) {

		static Options parse(String[] args) {
			CatalogKind kind = CatalogKind.DUCKDB;
			Duration timeout = Duration.ofSeconds(120);
			Path report = null;
			Path junit = null;
			Path passing = null;
			Path writePassing = null;
			boolean only = false;
			boolean keep = false;
			boolean quiet = false;
			List<String> rest = new ArrayList<>();
			for (int i = 0; i < args.length; i++) {
				switch (args[i]) {
				case "--catalog" -> kind = CatalogKind.parse(args[++i]);
				case "--timeout" -> timeout = Duration.ofSeconds(Long.parseLong(args[++i]));
				case "--report" -> report = path(args[++i]);
				case "--junit" -> junit = path(args[++i]);
				case "--passing" -> passing = path(args[++i]);
				case "--only-passing" -> only = true;
				case "--write-passing" -> writePassing = path(args[++i]);
				case "--keep" -> keep = true;
				case "--quiet" -> quiet = true;
				default -> {
					if (args[i].startsWith("--")) {
						throw new IllegalArgumentException("unknown option " + args[i]);
					}
					rest.add(args[i]);
				}
				}
			}
			if (rest.isEmpty()) {
				throw new IllegalArgumentException("name the suite folder");
			}
			if (only && passing == null) {
				throw new IllegalArgumentException("--only-passing needs --passing LIST");
			}
			return new Options(kind, timeout, report, junit, passing, writePassing, only, keep, quiet,
					path(rest.get(0)).toAbsolutePath().normalize(), List.copyOf(rest.subList(1, rest.size())));
		}
	}

	static int run(String[] args, SessionFactory factory) {
		if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
			System.out.print(USAGE);
			return 0;
		}
		Options o;
		try {
			o = Options.parse(args);
		} catch (RuntimeException e) {
			System.err.println("ducklake-conformance: " + e.getMessage() + "\n" + USAGE);
			return 2;
		}
		if (!Files.isDirectory(o.suite().resolve("test"))) {
			System.err.println("ducklake-conformance: " + o.suite() + " is not a suite folder (it has no test/)");
			return 2;
		}
		try {
			Set<String> listed = o.passing() == null ? Set.of() : Passing.read(o.passing());
			Path work = Files.createTempDirectory("ducklake-conformance");
			try {
				return run(o, listed, factory, work);
			} finally {
				if (!o.keep()) {
					Conformance.delete(work);
				} else {
					System.out.println("kept: " + work);
				}
			}
		} catch (IOException e) {
			System.err.println("ducklake-conformance: " + e.getMessage());
			return 2;
		}
	}

	private static int run(Options o, Set<String> listed, SessionFactory factory, Path work) throws IOException {
		Conformance c = new Conformance(o.suite(), factory, o.kind(), o.timeout(), work, o.keep());
		// a listed file the suite lacks is not run, and counts as a regression below
		List<String> named = o.only() ? listed.stream().filter(f -> Files.exists(o.suite().resolve(f))).toList()
				: o.files();
		List<String> files = o.only() && named.isEmpty() ? List.of() : c.files(named);
		int[] done = { 0 };
		List<Outcome> outcomes = c.run(files, r -> {
			if (!o.quiet()) {
				System.err.printf("[%d/%d] %s %s%n", ++done[0], files.size(), r.status(), r.file());
			}
		});
		String text = Report.text("DuckLake conformance on " + factory.name() + ", catalog " + o.kind() + ", suite "
				+ o.suite() + ", " + files.size() + " files", outcomes);
		System.out.print(text);
		if (o.report() != null) {
			Files.writeString(o.report(), text);
		}
		if (o.junit() != null) {
			Files.writeString(o.junit(), Report.junit("ducklake-conformance." + o.kind(), outcomes));
		}
		if (o.writePassing() != null) {
			Passing.write(o.writePassing(), outcomes);
		}
		if (o.passing() == null) {
			return outcomes.stream().anyMatch(r -> r.status() == Outcome.Status.FAIL) ? 1 : 0;
		}
		List<String> lost = Passing.regressions(listed, outcomes);
		if (!lost.isEmpty()) {
			System.out.println("\nREGRESSION: " + lost.size() + " of the " + listed.size() + " files in " + o.passing()
					+ " did not pass:");
			lost.forEach(l -> System.out.println("  " + l));
			return 1;
		}
		System.out.println("all " + listed.size() + " files in " + o.passing() + " passed");
		return 0;
	}
}
