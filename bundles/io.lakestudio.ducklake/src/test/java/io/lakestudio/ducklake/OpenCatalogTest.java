package io.lakestudio.ducklake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening catalogs: what isn't DuckLake, is damaged, newer or older than 1.0 is refused with one line naming the
 * file, and the file is left as it was; a commit becomes one snapshot with its changes, author and message, seen
 * at that snapshot and not before.
 */
class OpenCatalogTest {

	private static AttachOptions at(Path dir) {
		return AttachOptions.defaults().withDataPath(dir.resolve("files").toString());
	}

	private static String refusal(Path file, AttachOptions o) {
		DuckLakeException e = assertThrows(DuckLakeException.class,
				() -> DuckLakeCatalog.open("ducklake:sqlite:" + file, o).close());
		assertFalse(e.getMessage().contains("\n"), e.getMessage());
		assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
		return e.getMessage();
	}

	private static void sql(Path file, String... statements) throws Exception {
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = db.createStatement()) {
			for (String x : statements) {
				s.execute(x);
			}
		}
	}

	@Test
	void notDuckLakeDamagedNewerAndOlderFilesAreRefusedAndLeftAsTheyWere(@TempDir Path dir) throws Exception {
		Path text = dir.resolve("notes.sqlite");
		Files.writeString(text, "hello, this is not a database at all");
		byte[] before = Files.readAllBytes(text);
		assertTrue(refusal(text, at(dir)).contains("not a SQLite database"));
		assertArrayEquals(before, Files.readAllBytes(text));

		Path other = dir.resolve("other.sqlite");
		sql(other, "CREATE TABLE t(a INTEGER)");
		before = Files.readAllBytes(other);
		assertTrue(refusal(other, at(dir)).contains("not a DuckLake catalog"));
		assertArrayEquals(before, Files.readAllBytes(other));

		Path newer = dir.resolve("newer.sqlite");
		DuckLakeCatalog.open("ducklake:sqlite:" + newer, at(dir)).close();
		sql(newer, "UPDATE ducklake_metadata SET value = '1.1-dev1' WHERE key = 'version'");
		assertTrue(refusal(newer, at(dir)).contains("newer"));

		Path old = dir.resolve("old.sqlite");
		DuckLakeCatalog.open("ducklake:sqlite:" + old, at(dir)).close();
		sql(old, "UPDATE ducklake_metadata SET value = '0.3' WHERE key = 'version'");
		before = Files.readAllBytes(old);
		assertTrue(refusal(old, at(dir)).contains("DuckLake catalog version mismatch"));
		assertArrayEquals(before, Files.readAllBytes(old));

		Path torn = dir.resolve("torn.sqlite");
		DuckLakeCatalog.open("ducklake:sqlite:" + torn, at(dir)).close();
		sql(torn, "DROP TABLE ducklake_delete_file");
		assertTrue(refusal(torn, at(dir)).contains("no table ducklake_delete_file"));

		Path damaged = dir.resolve("damaged.sqlite");
		DuckLakeCatalog.open("ducklake:sqlite:" + damaged, at(dir)).close();
		byte[] bytes = Files.readAllBytes(damaged);
		for (int i = 4096; i < bytes.length; i++) {
			bytes[i] = (byte) 0xA5; // every page after the first
		}
		Files.write(damaged, bytes);
		assertTrue(refusal(damaged, at(dir)).contains("damaged"));

		Path missing = dir.resolve("missing.sqlite");
		assertTrue(refusal(missing, at(dir).withReadOnly(true)).contains("no DuckLake catalog"));
		assertFalse(Files.exists(missing));
	}

	@Test
	void aCommitIsOneSnapshotWithItsChangesAuthorAndMessageVisibleFromThenOn(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("lake.sqlite");
		try (DuckLakeCatalog c = DuckLakeCatalog.open("ducklake:sqlite:" + file, at(dir))) {
			Snapshot s0 = c.store().latest();
			Commit tx = new Commit(s0).by("ada", "first table");
			long table = tx.catalogId();
			tx.newTables.add(new TableEntry(table, UUID.randomUUID().toString(), 0, 0, "sales", "sales/"));
			tx.newColumns.add(new ColumnEntry(tx.catalogId(), 0, table, 1, "id", "int64", null, null, true));
			tx.changes.add("created_table:\"main\".\"sales\"");
			Snapshot s1 = c.store().commit(tx);
			assertEquals(1, s1.id());
			assertEquals(1, s1.schemaVersion());
			assertEquals(3, s1.nextCatalogId());

			Snapshot read = c.store().latest();
			assertEquals("ada", read.author());
			assertEquals("first table", read.commitMessage());
			assertEquals("created_table:\"main\".\"sales\"", read.changesMade());
			assertTrue(c.store().at(s0).table("main", "sales").isEmpty(), "not there before its snapshot");
			TableEntry t = c.store().at(read).table("MAIN", "Sales").orElseThrow();
			assertEquals(List.of("id"), c.store().at(read).columns(t.id()).stream().map(ColumnEntry::name).toList());

			// a second commit begun on s0 makes a table of the same name: it conflicts, as in the extension
			Commit late = new Commit(s0);
			late.newTables.add(new TableEntry(late.catalogId(), UUID.randomUUID().toString(), 0, 0, "sales", "x/"));
			late.changes.add("created_table:\"main\".\"sales\"");
			DuckLakeException e = assertThrows(DuckLakeException.Conflict.class, () -> c.store().commit(late));
			assertTrue(e.getMessage().contains("has been created by another transaction already"), e.getMessage());
			assertEquals(1, c.store().latest().id(), "nothing written");
		}
		// reopened read-only, at snapshot 0
		try (DuckLakeCatalog c = DuckLakeCatalog.open("ducklake:sqlite:" + file,
				AttachOptions.defaults().withSnapshotVersion(0L))) {
			assertTrue(c.readOnly());
			assertTrue(c.store().at(c.current()).tables().isEmpty());
			assertEquals(dir.resolve("files") + "/", c.dataPath());
		}
	}
}
