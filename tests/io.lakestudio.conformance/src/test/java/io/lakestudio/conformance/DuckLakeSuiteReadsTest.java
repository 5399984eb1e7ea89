package io.lakestudio.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * When DuckLake's suite is at hand (its folder in LAKESTUDIO_DUCKLAKE_SUITE; tests/run sets it): every one of its files is read by this runner, so no directive or form of it is left unknown, and each
 * of its require lines is one the engine's sessions meet.
 */
class DuckLakeSuiteReadsTest {

	static Path suite() {
		String env = System.getenv("LAKESTUDIO_DUCKLAKE_SUITE");
		Path p = env == null || env.isBlank() ? null : Path.of(env);
		return p != null && Files.isDirectory(p.resolve("test")) ? p : null;
	}

	@Test
	void everyFileOfTheSuiteReads() throws Exception {
		Path suite = suite();
		Assumptions.assumeTrue(suite != null, "DuckLake's suite is not here: set LAKESTUDIO_DUCKLAKE_SUITE");
		Conformance c = new Conformance(suite, new EngineSessions(), CatalogKind.DUCKDB, java.time.Duration.ZERO,
				Path.of("unused"), false);
		List<String> files = c.files(List.of());
		assertTrue(files.size() > 100, "the suite's files: " + files.size());
		List<String> bad = new ArrayList<>();
		int unmet = 0;
		for (String f : files) {
			try {
				unmet += FileRun.unmet(Script.read(suite.resolve(f)), new EngineSessions());
			} catch (Script.BadScript e) {
				bad.add(f + ": " + e.getMessage());
			}
		}
		assertEquals(List.of(), bad);
		assertEquals(0, unmet, "require lines the engine's sessions can't meet");
	}
}
