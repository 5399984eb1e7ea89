package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * Issue 10 §5 for catalogs in a DuckDB file, through a session's ATTACH (the SQLite ones are OpenCatalogTest's):
 * a DuckDB database that isn't DuckLake, a DuckLake catalog newer than this code, a file that is DuckDB's only in
 * its header, and a text file: each refused in one line naming the file, the file's bytes as they were.
 */
class DuckLakeBadCatalogTest {

	@TempDir
	Path dir;

	@Test
	void badDuckDbCatalogFilesAreRefusedInOneLineAndLeftAsTheyWere() throws Exception {
		Path plain = dir.resolve("plain.db");
		try (Connection d = DriverManager.getConnection("jdbc:duckdb:" + plain); Statement s = d.createStatement()) {
			s.execute("CREATE TABLE sales(i INTEGER)");
			s.execute("INSERT INTO sales VALUES (1)");
		}
		Path newer = dir.resolve("newer.db");
		Path headerOnly = dir.resolve("header.db");
		Path text = dir.resolve("text.db");
		Files.writeString(text, "hello, not a database\n");
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(dir.resolve("state"), "b"), "b");
				Engine engine = DuckLakeEngines.small(dir.resolve("state"), c);
				EngineSession s = engine.openSession("t")) {
			s.execute("ATTACH 'ducklake:" + newer + "' AS n").close();
			s.execute("CREATE TABLE n.t(i INTEGER)").close();
			s.execute("DETACH n").close();
			try (Connection d = DriverManager.getConnection("jdbc:duckdb:" + newer); Statement st = d.createStatement()) {
				st.execute("UPDATE ducklake_metadata SET value = '9.9' WHERE key = 'version'");
			}
			byte[] good = Files.readAllBytes(plain);
			byte[] broken = java.util.Arrays.copyOf(good, good.length);
			java.util.Arrays.fill(broken, 4096, broken.length, (byte) 0x5a);
			Files.write(headerOnly, broken);

			refused(s, plain, "not a DuckLake catalog");
			refused(s, newer, "newer");
			refused(s, headerOnly, null);
			refused(s, text, "not a DuckLake catalog");
			// and the session goes on: a good catalog still attaches after the refusals
			s.execute("ATTACH 'ducklake:" + dir.resolve("good.db") + "' AS g").close();
			s.execute("CREATE TABLE g.t(i INTEGER)").close();
		}
	}

	private void refused(EngineSession s, Path file, String why) throws Exception {
		byte[] before = Files.readAllBytes(file);
		EngineException e = assertThrows(EngineException.class, () -> s.execute("ATTACH 'ducklake:" + file
				+ "' AS bad").close(), file.toString());
		String m = e.getMessage();
		assertTrue(m.contains(file.toString()), "names the file: " + m);
		assertFalse(m.contains("\n"), "one line: " + m);
		if (why != null) {
			assertTrue(m.contains(why), m);
		}
		assertArrayEquals(before, Files.readAllBytes(file), file + " was written");
		assertFalse(Files.exists(Path.of(file + ".wal")), file + ".wal was made");
	}
}
