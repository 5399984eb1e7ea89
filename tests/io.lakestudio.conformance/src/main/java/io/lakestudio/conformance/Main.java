package io.lakestudio.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code tests/ducklake-conformance [--catalog sqlite|duckdb] [options] <suite folder> [files…]}: runs DuckLake's
 * sqllogictest files on Lakestudio's engine and prints the report. Exit status: 0; 1 when a file listed by
 * {@code --passing} didn't pass (without {@code --passing}: when any file failed); 2 for a bad command line.
 */
public final class Main {

	static final String USAGE = """
			usage: tests/ducklake-conformance [--catalog sqlite|duckdb] [--timeout SECONDS] [--report FILE]
			         [--junit FILE] [--passing LIST [--only-passing]] [--write-passing LIST] [--keep] [--quiet]
			         <suite folder> [files or folders, relative to the suite folder…]
			  --catalog        the DuckLake catalog database: duckdb (the extension's default) or sqlite
			  --timeout        per file, in seconds (default 120)
			  --report FILE    the report also into FILE
			  --junit FILE     a JUnit XML report into FILE
			  --passing LIST   the files that must pass: exit 1 when one of them doesn't
			  --only-passing   run just the files LIST names
			  --write-passing  rewrite LIST with the files that passed (after a whole run)
			  --keep           keep each file's folder (state and {TEST_DIR}) under the work folder
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

	static int run(String[] args, SessionFactory factory) {
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
		try {
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
				case "-h", "--help" -> {
					System.out.print(USAGE);
					return 0;
				}
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
		} catch (RuntimeException e) {
			System.err.println("ducklake-conformance: " + e.getMessage() + "\n" + USAGE);
			return 2;
		}
		Path suite = path(rest.get(0)).toAbsolutePath().normalize();
		if (!Files.isDirectory(suite.resolve("test"))) {
			System.err.println("ducklake-conformance: " + suite + " is not a suite folder (it has no test/)");
			return 2;
		}
		try {
			Set<String> listed = passing == null ? Set.of() : Passing.read(passing);
			Path work = Files.createTempDirectory("ducklake-conformance");
			Conformance c = new Conformance(suite, factory, kind, timeout, work, keep);
			// a listed file the suite lacks is not run, and counts as a regression below
			List<String> named = only ? listed.stream().filter(f -> Files.exists(suite.resolve(f))).toList()
					: rest.subList(1, rest.size());
			List<String> files = only && named.isEmpty() ? List.of() : c.files(named);
			int[] done = { 0 };
			boolean q = quiet;
			List<Outcome> outcomes = c.run(files, o -> {
				if (!q) {
					System.err.printf("[%d/%d] %s %s%n", ++done[0], files.size(), o.status(), o.file());
				}
			});
			String header = "DuckLake conformance on " + factory.name() + ", catalog " + kind + ", suite " + suite
					+ ", " + files.size() + " files";
			String text = Report.text(header, outcomes);
			System.out.print(text);
			if (report != null) {
				Files.writeString(report, text);
			}
			if (junit != null) {
				Files.writeString(junit, Report.junit("ducklake-conformance." + kind, outcomes));
			}
			if (writePassing != null) {
				Passing.write(writePassing, outcomes);
			}
			if (!keep) {
				Conformance.delete(work);
			} else {
				System.out.println("kept: " + work);
			}
			if (passing != null) {
				List<String> lost = Passing.regressions(listed, outcomes);
				if (!lost.isEmpty()) {
					System.out.println("\nREGRESSION: " + lost.size() + " of the " + listed.size() + " files in "
							+ passing + " did not pass:");
					lost.forEach(l -> System.out.println("  " + l));
					return 1;
				}
				System.out.println("all " + listed.size() + " files in " + passing + " passed");
				return 0;
			}
			return outcomes.stream().anyMatch(o -> o.status() == Outcome.Status.FAIL) ? 1 : 0;
		} catch (IOException e) {
			System.err.println("ducklake-conformance: " + e.getMessage());
			return 2;
		}
	}
}
