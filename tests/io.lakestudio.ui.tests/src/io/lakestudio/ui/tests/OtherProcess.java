package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.FileLocator;
import org.eclipse.core.runtime.Platform;
import org.osgi.framework.Bundle;

/**
 * Writes the catalog from a separate JVM, as the command line or another workbench would: the catalog bundle and
 * its libraries on a plain class path, and a one-file program run by the {@code java} source launcher.
 */
final class OtherProcess {

	private static final String ADD_TABLES = """
			import io.lakestudio.catalog.*;
			import java.nio.file.Path;
			import java.time.Instant;
			import java.util.ArrayList;
			import java.util.List;

			public class AddTables {
				public static void main(String[] a) {
					try (Catalog c = Catalogs.open(Path.of(a[0]), a[1])) {
						List<LakeTable> added = new ArrayList<>();
						for (int i = 3; i < a.length; i++) {
							added.add(new LakeTable(a[2], "", a[i], LakeTable.DELTA, a[2] + "/Tables/" + a[i]));
						}
						c.replaceTables(a[2], added, false, Instant.now());
					}
				}
			}
			""";

	private OtherProcess() {
	}

	/** Adds tables to an item's listing (not a complete listing, so nothing else changes) from another JVM. */
	static void addTables(Path catalogFile, String account, String itemId, String... tables) throws Exception {
		Path dir = Files.createTempDirectory("writer");
		Path source = dir.resolve("AddTables.java");
		Files.writeString(source, ADD_TABLES, StandardCharsets.UTF_8);
		List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Djava.io.tmpdir=" + dir, "-cp", classPath(), source.toString(), catalogFile.toString(), account,
				itemId));
		cmd.addAll(List.of(tables));
		Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
		String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the writer finished");
		assertEquals(0, p.exitValue(), "the writer failed: " + out);
	}

	private static String classPath() throws Exception {
		List<String> parts = new ArrayList<>();
		for (String bsn : new String[] { "io.lakestudio.catalog", "org.xerial.sqlite-jdbc",
				"com.fasterxml.jackson.core.jackson-core" }) {
			Bundle b = Platform.getBundle(bsn);
			assertNotNull(b, bsn + " in the test runtime");
			File f = FileLocator.getBundleFile(b);
			parts.add(f.isDirectory() && new File(f, "target/classes").isDirectory() ? f + "/target/classes"
					: f.toString());
		}
		return String.join(File.pathSeparator, parts);
	}
}
