package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakestudio ducklake attach|detach|list} keep a catalog in settings.json, and {@code sql} (a script with
 * {@code -f}, or one statement) then runs in a session that has it attached: create, insert, time travel.
 */
class DuckLakeCommandTest {

	@Test
	void aKeptCatalogIsAttachedInEverySqlSession(@TempDir Path dir) throws Exception {
		Path home = dir.resolve("home");
		Path meta = dir.resolve("lake.sqlite");
		CliRun a = CliRun.run(home, "ducklake", "attach", "lake", "ducklake:sqlite:" + meta, "--data-path",
				dir.resolve("files").toString());
		assertEquals(0, a.exit, a.toString());
		assertTrue(Files.readString(home.resolve("settings.json")).contains("ducklake:sqlite:" + meta), a.toString());
		CliRun list = CliRun.run(home, "ducklake", "list");
		assertTrue(list.out.startsWith("lake\tducklake:sqlite:" + meta), list.toString());

		Path script = dir.resolve("s.sql");
		Files.writeString(script, "USE lake;\nCREATE TABLE t(i INTEGER, s VARCHAR);\n-- two snapshots of rows\n"
				+ "INSERT INTO t VALUES (1, 'a;b');\nINSERT INTO t VALUES (2, 'c');\n");
		CliRun s = CliRun.run(home, "sql", "--in-process", "-f", script.toString());
		assertEquals(0, s.exit, s.toString());
		CliRun q = CliRun.run(home, "sql", "--in-process", "--csv",
				"SELECT i, s FROM lake.t AT (VERSION => 2) ORDER BY i");
		assertEquals(0, q.exit, q.toString());
		assertEquals("i,s\n1,a;b\n", q.out);

		CliRun bad = CliRun.run(home, "ducklake", "attach", "junk", "ducklake:sqlite:" + script);
		assertEquals(3, bad.exit, bad.toString());
		assertTrue(bad.err.contains("not a DuckLake catalog") && bad.err.strip().lines().count() == 1, bad.err);

		assertEquals(0, CliRun.run(home, "ducklake", "detach", "lake").exit);
		assertEquals("", CliRun.run(home, "ducklake", "list").out);
		assertEquals(1, CliRun.run(home, "ducklake", "detach", "lake").exit);
	}
}
