package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakestudio demo} in a JVM of its own: it writes the sample lake with DuckDB's library loaded from the state
 * folder, where the engine keeps it, and leaves no 71 MB copy of it in tmp.
 */
@Timeout(150)
class DemoProcessTest {

	@TempDir
	Path dir;

	@Test
	void demoWritesTheSampleLakeWithoutCopyingDuckDbToTmp() throws Exception {
		Path tmp = Files.createDirectories(dir.resolve("tmp"));
		Path home = dir.resolve("home");
		CliProcess demo = CliProcess.run(Map.of(),
				Map.of("lakestudio.home", home.toString(), "java.io.tmpdir", tmp.toString()), "demo");
		assertEquals(0, demo.exit, demo::toString);
		assertTrue(demo.out.contains("Sales"), demo::toString);
		assertTrue(Files.isDirectory(home.resolve("sample-lake/Sales/Orders.Lakehouse/Tables/orders/_delta_log")));
		sqlShown(demo.out);
		try (Stream<Path> s = Files.walk(tmp)) {
			assertEquals(List.of(), s.filter(p -> p.getFileName().toString().contains("duckdb")).toList(),
					"DuckDB's library copied to tmp");
		}
		try (Stream<Path> s = Files.walk(home.resolve("engine"))) {
			assertTrue(s.anyMatch(p -> p.getFileName().toString().startsWith("libduckdb_java")),
					"the library is kept in the state folder");
		}
	}

	/**
	 * The demo's SQL: a statement through the engine with its time, a time-travel read of the previous version
	 * (fewer rows than now: the sample's orders grew by an append), and the same statement with the lake refused,
	 * the same rows from what is held, saying how old it is.
	 */
	private static void sqlShown(String out) {
		Map<String, String> steps = new java.util.LinkedHashMap<>();
		for (String step : out.split("\n\\$ lakestudio ")) {
			int nl = step.indexOf('\n');
			if (step.startsWith("sql ") && nl > 0) {
				steps.put(step.substring(0, nl), step.substring(nl + 1));
			}
		}
		assertEquals(4, steps.size(), () -> "four SQL steps: " + out);
		List<String> cmds = List.copyOf(steps.keySet());
		List<String> answers = List.copyOf(steps.values());
		assertTrue(cmds.get(0).startsWith("sql --in-process 'SELECT"), cmds.get(0));
		assertTrue(answers.get(0).matches("(?s).*\\(\\d+ rows?\\)\n\\(\\d+ ms\\).*"), "timed: " + answers.get(0));
		assertTrue(cmds.get(1).contains(" AT (VERSION => "), cmds.get(1));
		long then = count(answers.get(1));
		long now = count(answers.get(2));
		assertTrue(then > 0 && then < now, "time travel reads the older version: " + then + " then, " + now + " now");
		assertTrue(cmds.get(3).startsWith("sql --offline "), cmds.get(3));
		assertEquals(cmds.get(0).substring("sql --in-process ".length()), cmds.get(3).substring("sql --offline ".length()));
		assertEquals(rows(answers.get(0)), rows(answers.get(3)), "the same rows with the lake refused");
		assertTrue(answers.get(3).contains("is read from the snapshot held since"), "with its age: " + answers.get(3));
	}

	/** A step's table up to its "(n rows)", without the notices. */
	private static List<String> rows(String answer) {
		List<String> out = new java.util.ArrayList<>();
		for (String l : answer.lines().filter(l -> !l.startsWith("lakestudio: ") && !l.isBlank()).toList()) {
			out.add(l);
			if (l.matches("\\(\\d+ rows?\\)")) {
				break;
			}
		}
		return out;
	}

	private static long count(String answer) {
		List<String> r = rows(answer); // row_count, a rule, the count, "(1 row)"
		return Long.parseLong(r.get(2).trim());
	}
}
