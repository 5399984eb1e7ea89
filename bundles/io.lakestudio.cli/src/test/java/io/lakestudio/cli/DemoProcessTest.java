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
		try (Stream<Path> s = Files.walk(tmp)) {
			assertEquals(List.of(), s.filter(p -> p.getFileName().toString().contains("duckdb")).toList(),
					"DuckDB's library copied to tmp");
		}
		try (Stream<Path> s = Files.walk(home.resolve("engine"))) {
			assertTrue(s.anyMatch(p -> p.getFileName().toString().startsWith("libduckdb_java")),
					"the library is kept in the state folder");
		}
	}
}
