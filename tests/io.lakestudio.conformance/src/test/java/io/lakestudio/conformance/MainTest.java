package io.lakestudio.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's report and its check: totals per folder and the last line; exit 0 while every file the list
 * names passes, 1 with the regression named when one doesn't; 2 for a bad command line.
 */
class MainTest {

	static final Path SUITE = RunnerOnDuckDbTest.SUITE;

	@TempDir
	Path dir;

	private record Run(int exit, String out) {
	}

	private Run main(String... args) {
		PrintStream old = System.out;
		ByteArrayOutputStream b = new ByteArrayOutputStream();
		System.setOut(new PrintStream(b, true, StandardCharsets.UTF_8));
		try {
			int exit = Main.run(args, new DuckDbSessions(SUITE));
			return new Run(exit, b.toString(StandardCharsets.UTF_8));
		} finally {
			System.setOut(old);
		}
	}

	@Test
	void theReportTotalsEachFolderAndEndsWithTheCounts() throws IOException {
		Path list = Files.writeString(dir.resolve("passing"), "# must pass\ntest/sql/pass/dialect.test\n");
		Path report = dir.resolve("report.txt");
		Path junit = dir.resolve("junit.xml");
		Run r = main("--quiet", "--passing", list.toString(), "--report", report.toString(), "--junit", junit.toString(),
				SUITE.toString(), "test/sql/pass", "test/sql/skip", "test/sql/fail/wrong_error.test");
		assertEquals(0, r.exit(), r.out());
		String text = Files.readString(report);
		assertTrue(r.out().startsWith(text), "the report is what was printed");
		List<String> lines = text.lines().toList();
		assertEquals("1 passed, 1 failed, 3 skipped", lines.get(lines.size() - 1));
		assertTrue(lines.contains("test/sql/fail\t1\t0\t1\t0\t0"), text);
		assertTrue(lines.contains("test/sql/pass\t1\t1\t0\t0\t0"), text);
		assertTrue(lines.contains("test/sql/skip\t3\t0\t0\t3\t1"), "one unmet require line: " + text);
		assertTrue(text.contains("SKIP test/sql/skip/require_httpfs.test (") && text.contains(
				": require httpfs: the httpfs extension is not available on raw DuckDB\n"), text);
		assertTrue(r.out().contains("all 1 files in " + list + " passed"), r.out());
		String xml = Files.readString(junit);
		assertTrue(xml.contains("tests=\"5\" failures=\"1\" skipped=\"3\""), xml);
		assertTrue(xml.contains("<failure message=\"line 4: error\">"), xml);
	}

	@Test
	void aListedFileThatFailsIsARegression() throws IOException {
		Path list = Files.writeString(dir.resolve("passing"),
				"test/sql/pass/dialect.test\ntest/sql/fail/wrong_value.test\ntest/sql/gone.test\n");
		Run r = main("--quiet", "--passing", list.toString(), "--only-passing", SUITE.toString());
		assertEquals(1, r.exit(), r.out());
		assertTrue(r.out().contains("REGRESSION: 2 of the 3 files in " + list + " did not pass:"), r.out());
		assertTrue(r.out().contains("  test/sql/fail/wrong_value.test: FAIL line 12: rows"), r.out());
		assertTrue(r.out().contains("  test/sql/gone.test: not run"), r.out());
	}

	@Test
	void writePassingListsTheFilesThatPassed() throws IOException {
		Path list = Files.writeString(dir.resolve("passing"), "# header kept\nold/entry.test\n");
		Run r = main("--quiet", "--write-passing", list.toString(), SUITE.toString(), "test/sql/pass",
				"test/sql/fail/row_count.test");
		assertEquals(1, r.exit(), "a file failed: " + r.out());
		assertEquals(List.of("# header kept", "test/sql/pass/dialect.test"), Files.readAllLines(list));
	}

	@Test
	void aBadCommandLineExitsTwo() {
		assertEquals(2, main("--catalog", "postgres", SUITE.toString()).exit());
		assertEquals(2, main("--quiet").exit());
		assertEquals(2, main(dir.toString()).exit(), "a folder with no test/ is not a suite");
	}
}
