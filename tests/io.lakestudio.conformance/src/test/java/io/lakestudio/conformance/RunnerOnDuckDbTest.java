package io.lakestudio.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.conformance.Outcome.Status;

/**
 * The runner's own logic on raw DuckDB, over hand-written files (src/test/resources/suite): a file that uses every
 * directive and result rule the DuckLake suite uses passes; each wrong file fails at its first wrong record, saying
 * what was expected and what came; an unmet require skips and says why; a file past its time is stopped.
 */
class RunnerOnDuckDbTest {

	static final Path SUITE = Path.of("src/test/resources/suite").toAbsolutePath();

	@TempDir
	Path work;

	private Outcome run(String file) {
		return run(file, Duration.ofSeconds(60));
	}

	private Outcome run(String file, Duration timeout) {
		return new Conformance(SUITE, new DuckDbSessions(SUITE), CatalogKind.DUCKDB, timeout, work, false).run(file);
	}

	@Test
	void aFileUsingEveryDirectivePassesOnDuckDb() {
		Outcome o = run("test/sql/pass/dialect.test");
		assertEquals(Status.PASS, o.status(), o.detail());
	}

	@Test
	void aWrongValueFailsAtItsRecordWithExpectedAndGot() {
		Outcome o = run("test/sql/fail/wrong_value.test");
		assertEquals(Status.FAIL, o.status());
		assertTrue(o.detail().startsWith("line 12: rows\n   SELECT max(i) FROM t\n"), o.detail());
		assertTrue(o.detail().contains("row 1, column 1: expected 3, got 2"), o.detail());
		assertTrue(!o.detail().contains("not reached"), "stops at the first failing record: " + o.detail());
	}

	@Test
	void anErrorOtherThanTheExpectedOneFails() {
		Outcome o = run("test/sql/fail/wrong_error.test");
		assertEquals(Status.FAIL, o.status());
		assertTrue(o.detail().startsWith("line 4: error"), o.detail());
		assertTrue(o.detail().contains("expected error: some other message"), o.detail());
		assertTrue(o.detail().contains("got error: Catalog Error: Table with name nowhere does not exist"), o.detail());
	}

	@Test
	void aStatementThatShouldFailButRunsFails() {
		Outcome o = run("test/sql/fail/unexpected_success.test");
		assertEquals(Status.FAIL, o.status());
		assertTrue(o.detail().contains("expected: an error containing: should have failed\n got: success"), o.detail());
	}

	@Test
	void tooFewExpectedRowsFail() {
		Outcome o = run("test/sql/fail/row_count.test");
		assertEquals(Status.FAIL, o.status());
		assertTrue(o.detail().contains("expected 2 rows, got 3"), o.detail());
		assertTrue(o.detail().contains("   5\t6\n"), "shows what came: " + o.detail());
	}

	@Test
	void aLineOutsideTheDialectFailsTheFileNamingIt() {
		Outcome o = run("test/sql/fail/not_dialect.test");
		assertEquals(Status.FAIL, o.status());
		assertEquals("not the sqllogictest dialect: line 4: unknown directive 'frobnicate'", o.detail());
	}

	@Test
	void anUnmetRequireSkipsTheFileAndSaysWhy() {
		Outcome o = run("test/sql/skip/require_httpfs.test");
		assertEquals(Status.SKIP, o.status());
		assertEquals("require httpfs: the httpfs extension is not available on raw DuckDB", o.detail());
		assertEquals(1, o.unmet());
		Outcome env = run("test/sql/skip/require_env.test");
		assertEquals(Status.SKIP, env.status());
		assertEquals("require-env LAKESTUDIO_CONFORMANCE_NEVER_SET: not set", env.detail());
	}

	@Test
	void aFileThatRanNoQueryIsASkipNotAPass() {
		Outcome o = run("test/sql/skip/no_query.test");
		assertEquals(Status.SKIP, o.status(), o.detail());
		assertEquals("ran no query, so no result was compared (1 statement ok, 1 statement error as expected)",
				o.detail());
	}

	@Test
	void aFilePastItsTimeIsStoppedAndFailsNamingItsRecord() throws IOException {
		long t0 = System.nanoTime();
		Outcome o = run("test/sql/fail/slow.test", Duration.ofSeconds(3));
		long s = (System.nanoTime() - t0) / 1_000_000_000;
		assertEquals(Status.FAIL, o.status());
		assertTrue(o.detail().startsWith("timed out after 3 s at line 4: rows"), o.detail());
		assertTrue(!o.detail().contains("left running"), "the statement stopped when cancelled: " + o.detail());
		assertTrue(s < 15, "stopped within the timeout and the grace, took " + s + " s");
		try (Stream<Path> left = Files.list(work)) {
			assertEquals(0, left.count(), "the file's folder is deleted after it");
		}
	}
}
