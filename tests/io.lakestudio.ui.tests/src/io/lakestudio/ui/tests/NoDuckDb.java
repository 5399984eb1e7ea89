package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.Platform;
import org.osgi.framework.Bundle;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Asserts that nothing of DuckDB is loaded in this JVM, three ways: (1) the DuckDB bundle is installed in the test
 * runtime (so it could be loaded) and neither the ui nor the catalog bundle is wired to it; (2) the JVM's own
 * list of every loaded class ({@code jcmd <pid> VM.class_hierarchy}, read from outside the process, no JFR) has no
 * {@code org.duckdb} class, while it does list the view's classes; (3) no DuckDB native library is mapped into the
 * process ({@code /proc/self/maps}).
 */
final class NoDuckDb {

	static final String DUCKDB_BUNDLE = "org.duckdb.duckdb_jdbc";

	private NoDuckDb() {
	}

	static void assertNotLoaded() throws Exception {
		Bundle duck = Platform.getBundle(DUCKDB_BUNDLE);
		assertNotNull(duck, "DuckDB is in the test runtime, so its absence below is not an accident of packaging");
		assertNotEquals(Bundle.ACTIVE, duck.getState(), "DuckDB bundle not started");
		for (String bsn : new String[] { "io.lakestudio.ui", "io.lakestudio.catalog" }) {
			Bundle b = Platform.getBundle(bsn);
			for (BundleWire w : b.adapt(BundleWiring.class).getRequiredWires(null)) {
				assertNotEquals(duck, w.getProvider().getBundle(), bsn + " is wired to DuckDB: " + w);
			}
		}
		String classes = loadedClasses();
		assertTrue(classes.contains("io.lakestudio.ui.tree.OneLakeView"),
				"the class listing sees the view's classes: " + classes.substring(0, Math.min(500, classes.length())));
		assertFalse(classes.contains("org.duckdb"), "an org.duckdb class is loaded");
		String maps = Files.readString(Path.of("/proc/self/maps"), StandardCharsets.UTF_8);
		assertFalse(maps.toLowerCase().contains("duckdb"), "a DuckDB native library is mapped into the process");
		long n = classes.lines().count();
		System.out.println("UI-TEST: no org.duckdb class among " + n + " loaded classes; no DuckDB library mapped");
	}

	/**
	 * jcmd writes to a file, not a pipe this JVM reads: the class listing runs at a safepoint that stops every
	 * Java thread here, so a reader in this JVM could never drain a full pipe and both would wait forever.
	 */
	private static String loadedClasses() throws Exception {
		Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
		Path out = Files.createTempFile("classes", ".txt");
		Process p = new ProcessBuilder(jcmd.toString(), Long.toString(ProcessHandle.current().pid()),
				"VM.class_hierarchy").redirectErrorStream(true).redirectOutput(out.toFile()).start();
		assertTrue(p.waitFor(120, TimeUnit.SECONDS), "jcmd finished");
		String text = Files.readString(out, StandardCharsets.UTF_8);
		assertEquals(0, p.exitValue(), "jcmd VM.class_hierarchy: " + text);
		return text;
	}
}
