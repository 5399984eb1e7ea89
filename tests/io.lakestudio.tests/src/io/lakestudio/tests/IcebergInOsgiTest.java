package io.lakestudio.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import io.lakestudio.cli.Lakestudio;

/**
 * An Iceberg table (Trino's time-travel table, testdata/iceberg_timetravel) synced and queried inside Equinox:
 * iceberg-core embedded in io.lakestudio.iceberg plans it from the mirror, DuckDB reads it, latest and AT VERSION.
 */
class IcebergInOsgiTest {

	@TempDir
	Path home;

	@AfterEach
	void clear() {
		System.clearProperty("lakestudio.home");
	}

	@Test
	void anIcebergTableAnswersInsideOsgi() throws Exception {
		System.setProperty("lakestudio.home", home.toString());
		Path table = home.resolve("lake/Ice/Lake.Lakehouse/Tables/timetravel");
		Bundle me = FrameworkUtil.getBundle(IcebergInOsgiTest.class);
		Enumeration<URL> files = me.findEntries("testdata/iceberg_timetravel", "*", true);
		while (files.hasMoreElements()) {
			URL u = files.nextElement();
			String rel = u.getPath().substring(u.getPath().indexOf("iceberg_timetravel/") + "iceberg_timetravel/".length());
			if (rel.isEmpty() || rel.endsWith("/")) {
				continue;
			}
			Path p = table.resolve(rel);
			Files.createDirectories(p.getParent());
			try (InputStream in = u.openStream()) {
				Files.copy(in, p);
			}
		}
		Run sync = run("sync", "--lake", home.resolve("lake").toString(), "--quiet");
		assertEquals(0, sync.exit, sync.out);
		Run latest = run("sql", "--in-process", "--csv", "SELECT count(*) AS n, sum(data) AS s FROM \"Ice/Lake\".timetravel");
		assertEquals(0, latest.exit, latest.out);
		assertTrue(latest.out.replace("\r", "").contains("n,s\n3,6\n"), latest.out);
		Run first = run("sql", "--in-process", "--csv",
				"SELECT count(*) AS n FROM \"Ice/Lake\".timetravel AT (VERSION => 583816926071139654)");
		assertEquals(0, first.exit, first.out);
		assertTrue(first.out.replace("\r", "").contains("n\n1\n"), first.out);
	}

	/** A version bump that adds or drops a jar of iceberg-core's closure fails here, not at a user's first read. */
	@Test
	void embeddedJarsMatchBundleClassPath() {
		Bundle b = java.util.Arrays.stream(FrameworkUtil.getBundle(IcebergInOsgiTest.class).getBundleContext()
				.getBundles()).filter(x -> x.getSymbolicName().equals("io.lakestudio.iceberg")).findFirst().orElseThrow();
		java.util.TreeSet<String> embedded = new java.util.TreeSet<>();
		Enumeration<URL> e = b.findEntries("lib", "*.jar", false);
		while (e != null && e.hasMoreElements()) {
			embedded.add(e.nextElement().getPath().replaceFirst("^/", ""));
		}
		java.util.TreeSet<String> declared = new java.util.TreeSet<>();
		for (String entry : b.getHeaders().get("Bundle-ClassPath").split(",")) {
			if (!entry.trim().equals(".")) {
				declared.add(entry.trim());
			}
		}
		assertTrue(embedded.size() >= 20, "embedded: " + embedded);
		assertEquals(declared, embedded);
	}

	record Run(int exit, String out) {
	}

	private static Run run(String... args) {
		StringWriter out = new StringWriter();
		int exit = new Lakestudio(new PrintWriter(out), new PrintWriter(out)).run(args);
		return new Run(exit, out.toString());
	}
}
