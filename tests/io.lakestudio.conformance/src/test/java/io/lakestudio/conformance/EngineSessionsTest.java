package io.lakestudio.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.conformance.Outcome.Status;

/**
 * The tool's own path: records through Lakestudio's engine ({@link EngineSessions}) come back as DuckDB's rows and
 * errors, and a file past its time is stopped through the engine's cancel.
 */
class EngineSessionsTest {

	static final Path SUITE = RunnerOnDuckDbTest.SUITE;

	@TempDir
	Path work;

	private Outcome run(String file, Duration timeout) {
		return new Conformance(SUITE, new EngineSessions(), CatalogKind.DUCKDB, timeout, work, false).run(file);
	}

	@Test
	void plainSqlPassesThroughTheEngine() {
		Outcome o = run("test/sql/engine/plain_sql.test", Duration.ofSeconds(60));
		assertEquals(Status.PASS, o.status(), o.detail());
		// the same file on raw DuckDB: its COPY runs there, so the record expecting the engine's refusal fails
		Outcome raw = new Conformance(SUITE, new DuckDbSessions(SUITE), CatalogKind.DUCKDB, Duration.ofSeconds(60),
				work, false).run("test/sql/engine/plain_sql.test");
		assertEquals(Status.SKIP, raw.status(), "raw DuckDB has no ducklake: " + raw.detail());
	}

	@Test
	void namedConnectionsSeeTheAttachmentsOfTheDefaultOneEachInItsOwnTransaction() {
		Outcome o = run("test/sql/engine/connections.test", Duration.ofSeconds(60));
		assertEquals(Status.PASS, o.status(), o.detail());
	}

	@Test
	void aFilePastItsTimeIsStoppedThroughTheEngine() {
		long t0 = System.nanoTime();
		Outcome o = run("test/sql/fail/slow.test", Duration.ofSeconds(3));
		long s = (System.nanoTime() - t0) / 1_000_000_000;
		assertEquals(Status.FAIL, o.status());
		assertTrue(o.detail().startsWith("timed out after 3 s at line 4: rows"), o.detail());
		assertTrue(!o.detail().contains("left running"), "the engine's statement stopped: " + o.detail());
		assertTrue(s < 20, "took " + s + " s");
	}

	@Test
	void aWrongValueThroughTheEngineFailsAtItsRecord() {
		Outcome o = run("test/sql/fail/wrong_value.test", Duration.ofSeconds(60));
		assertEquals(Status.FAIL, o.status());
		// at its query (line 12) once the engine takes CREATE TABLE; at the CREATE TABLE (line 3) while it refuses it
		assertTrue(o.detail().matches("(?s)line (3: ok|12: rows)\n.* expected.*"), o.detail());
	}
}
