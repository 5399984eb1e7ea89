package io.lakestudio.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import io.lakestudio.cli.Lakestudio;
import io.lakestudio.samples.SampleLake;

/**
 * The command line inside Equinox, as the headless application runs it: the sample lake is written (DuckDB and
 * the embedded Delta Kernel), synced (sqlite-jdbc's native library), and answered from, through the bundles'
 * declared imports only.
 */
class CommandLineInOsgiTest {

	@TempDir
	Path home;

	@AfterEach
	void clear() {
		System.clearProperty("lakestudio.home");
	}

	@Test
	void sampleLakeSyncsAndAnswersInsideOsgi() throws Exception {
		Bundle cli = FrameworkUtil.getBundle(Lakestudio.class);
		assertTrue(cli != null, "the command line runs as a bundle here");
		System.setProperty("lakestudio.home", home.toString());
		Path lake = home.resolve("lake");
		SampleLake.write(lake);
		Run sync = run("sync", "--lake", lake.toString(), "--quiet");
		assertEquals(0, sync.exit, sync.out);
		Run ls = run("ls");
		assertEquals(0, ls.exit, ls.out);
		assertTrue(ls.out.contains("Sales"), ls.out);
		Run status = run("status", "--json");
		assertEquals(0, status.exit, status.out);
		assertTrue(status.out.contains("\"tables\""), status.out);
	}

	record Run(int exit, String out) {
	}

	private static Run run(String... args) {
		StringWriter out = new StringWriter();
		int exit = new Lakestudio(new PrintWriter(out), new PrintWriter(out)).run(args);
		return new Run(exit, out.toString());
	}
}
