package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogFileTest {

	@TempDir
	Path home;

	@Test
	void newCatalogIsWalAndKnowsNothing() throws Exception {
		Path file = Catalogs.catalogFile(home, "me@contoso.com");
		try (Catalog c = Catalogs.open(file, "me@contoso.com")) {
			assertFalse(c.knowsAnything());
			assertTrue(c.openNotice().isEmpty());
			assertEquals("me@contoso.com", c.account());
		}
		try (var conn = DriverManager.getConnection("jdbc:sqlite:" + file);
				var rs = conn.createStatement().executeQuery("PRAGMA journal_mode")) {
			rs.next();
			assertEquals("wal", rs.getString(1));
		}
		assertEquals("catalog-me@contoso.com.sqlite", file.getFileName().toString());
	}

	@Test
	void aFileWithoutSchemaOpensForReading() throws Exception {
		// what a first sync killed before it made the schema leaves: a valid, empty database
		Path file = Catalogs.catalogFile(home, "a");
		try (var conn = DriverManager.getConnection("jdbc:sqlite:" + file);
				var s = conn.createStatement()) {
			s.execute("PRAGMA journal_mode = WAL");
		}
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "a")) {
			assertFalse(c.knowsAnything());
			assertEquals(List.of(), c.workspaces());
			assertTrue(c.openNotice().isEmpty(), "nothing was lost, nothing to say");
		}
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
			assertTrue(c.knowsAnything());
		}
	}

	@Test
	void readingNeverWritesTheFile() throws Exception {
		// a catalog another tool left in rollback-journal mode: answering from it must not convert it to WAL
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
		}
		try (var conn = DriverManager.getConnection("jdbc:sqlite:" + file); var s = conn.createStatement()) {
			s.execute("PRAGMA journal_mode = DELETE");
		}
		byte[] before = Files.readAllBytes(file);
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "a")) {
			assertTrue(c.knowsAnything());
			assertFalse(c.workspaces().isEmpty());
		}
		assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(file)), "the catalog's bytes are as they were");
		try (var conn = DriverManager.getConnection("jdbc:sqlite:" + file);
				var rs = conn.createStatement().executeQuery("PRAGMA journal_mode")) {
			rs.next();
			assertEquals("delete", rs.getString(1));
		}
	}

	@Test
	void truncatedFileIsSetAsideAndKept() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
		}
		long before = Files.size(file);
		try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
			raf.setLength(100);
		}
		Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-wal"));
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "a")) {
			assertTrue(c.openNotice().isPresent(), "a notice says the file was set aside");
			assertTrue(c.openNotice().get().contains("set aside"), c.openNotice().get());
			assertFalse(c.knowsAnything());
			assertEquals(List.of(), c.workspaces());
		}
		List<Path> aside = asideFiles(file);
		assertEquals(1, aside.size(), "the broken file is kept beside the new one");
		assertEquals(100, Files.size(aside.get(0)));
		assertTrue(before > 100);
	}

	@Test
	void garbageFileIsSetAside() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		Files.writeString(file, "this is not a database, just text that someone saved here by mistake".repeat(20));
		try (Catalog c = Catalogs.open(file, "a")) {
			assertTrue(c.openNotice().orElseThrow().contains("not a SQLite database"));
			Fixtures.fill(c);
			assertTrue(c.knowsAnything());
		}
		assertEquals(1, asideFiles(file).size());
	}

	@Test
	void olderSchemaIsSetAside() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
		}
		try (var conn = DriverManager.getConnection("jdbc:sqlite:" + file)) {
			conn.createStatement().execute("PRAGMA user_version = 0");
		}
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "a")) {
			assertTrue(c.openNotice().orElseThrow().contains("older schema"), c.openNotice().get());
			assertFalse(c.knowsAnything());
		}
		assertEquals(1, asideFiles(file).size());
	}

	@Test
	void readOnlyHandleIsNotACatalog() {
		Path file = Catalogs.catalogFile(home, "a");
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "a")) {
			assertFalse(c instanceof Catalog, "the read-only handle has no writes to call");
		}
	}

	private static List<Path> asideFiles(Path file) throws Exception {
		try (Stream<Path> s = Files.list(file.getParent())) {
			return s.filter(p -> p.getFileName().toString().startsWith(file.getFileName() + ".bad-"))
					.filter(p -> !p.toString().endsWith("-wal") && !p.toString().endsWith("-shm")).toList();
		}
	}
}
