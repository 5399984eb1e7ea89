package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.internal.Sqlite;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.WriteCondition;

/**
 * A data file altered with its size kept (one byte flipped): the frozen catalog's fdl_data_file hashes it, so
 * readers, verify and pushes each refuse it naming the file and the version, where a size alone let it through.
 */
class AlteredDataTest {

	@TempDir
	Path dir;

	private final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
	private final Signing key = Signing.generate();

	/** A byte of {@code file} flipped in place: the same size, other bytes. */
	static void flip(Path file) throws Exception {
		byte[] b = Files.readAllBytes(file);
		b[b.length / 2] ^= 0x5a;
		Files.write(file, b);
	}

	@Test
	void theCatalogHashesEveryDataFileAsAPlainReadSees() throws Exception {
		Path root = dir.resolve("repo");
		Repository repo = Repository.init(new FolderStore(root), root + "/");
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
			w.insert(200);
			Writer.Committed c = new Writer(repo, key, "Ada", clock).commit(w.catalog(), "main", "m", dir.resolve("t"), false);
			try (Connection db = Sqlite.open(root.resolve(Layout.catalog(c.record().catalogSha256())), true);
					ResultSet r = db.createStatement().executeQuery("SELECT path, size, sha256 FROM fdl_data_file")) {
				int n = 0;
				while (r.next()) {
					n++;
					Path file = root.resolve(r.getString(1));
					assertEquals(Files.size(file), r.getLong(2), r.getString(1));
					assertEquals(java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
							.digest(Files.readAllBytes(file))), r.getString(3), r.getString(1));
				}
				assertEquals(2, n);
			}
		}
	}

	@Test
	void verifyNamesASameSizeAlteration() throws Exception {
		MemoryStore store = new MemoryStore(clock);
		Repository repo = Repository.init(store, "mem:/");
		String altered;
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
			altered = "data/" + w.insert(200);
			new Writer(repo, key, "Ada", clock).commit(w.catalog(), "main", "m", dir.resolve("t"), false);
		}
		assertTrue(new Verifier(repo, Trust.of(key.publicKey())).verify().ok());
		byte[] b = store.get(altered);
		b[7] ^= 1;
		store.put(altered, b, WriteCondition.ALWAYS);
		Verifier.Report bad = new Verifier(repo, Trust.of(key.publicKey())).verify();
		assertEquals(1, bad.problems().size(), bad.problems().toString());
		assertEquals(altered, bad.problems().get(0).path());
		assertTrue(bad.problems().get(0).what().contains("altered") && bad.problems().get(0).what().contains("SHA-256"),
				bad.problems().get(0).what());
	}

	@Test
	void aReaderRefusesAnAlteredFileBeforeUsingItAndStampsTheOthers() throws Exception {
		Path root = dir.resolve("repo");
		Repository repo = Repository.init(new FolderStore(root), root + "/");
		String altered;
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
			altered = "data/" + w.insert(200);
			new Writer(repo, key, "Ada", clock).commit(w.catalog(), "main", "m", dir.resolve("t"), false);
		}
		Path stamps = dir.resolve("state/checked");
		Reader.Opened v = new Reader(repo, Trust.of(key.publicKey()), dir.resolve("cache")).open("main", false);
		CheckedFiles.of(v, root, stamps).checkAll();
		assertEquals(2, Files.readAllLines(stamps).size(), "a stamp for each file checked");

		flip(root.resolve(altered));
		CheckedFiles files = CheckedFiles.of(v, root, stamps);
		FdlException e = assertThrows(FdlException.class, () -> files.check(root.resolve(altered)));
		assertEquals(Refusal.MALFORMED, e.refusal());
		assertEquals(altered, e.path());
		assertTrue(e.getMessage().contains("altered") && e.getMessage().contains(Refs.short8(v.id())), e.getMessage());

		// a copy fetched from the store is checked as it is fetched: nothing altered is left in the copy
		Path mirror = dir.resolve("mirror");
		FdlException fetched = assertThrows(FdlException.class,
				() -> new Reader(repo, Trust.of(key.publicKey()), dir.resolve("cache")).copyData(v, mirror));
		assertEquals(altered, fetched.path());
		assertTrue(Files.notExists(mirror.resolve(altered)));
	}

	@Test
	void aPushOfAnAlteredDataFileIsRefused() throws Exception {
		MemoryStore a = new MemoryStore(clock), b = new MemoryStore(clock);
		Repository local = Repository.init(a, "mem:/a/"), remote = Repository.init(b, "mem:/b/");
		String altered;
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
			altered = "data/" + w.insert(200);
			new Writer(local, key, "Ada", clock).commit(w.catalog(), "main", "m", dir.resolve("t"), false);
		}
		byte[] bytes = a.get(altered);
		bytes[3] ^= 1;
		a.put(altered, bytes, WriteCondition.ALWAYS);
		FdlException e = assertThrows(FdlException.class, () -> new Transfer(local, remote).branch("main", false));
		assertEquals(altered, e.path());
		assertTrue(e.getMessage().contains("altered"), e.getMessage());
		assertTrue(remote.ref(Layout.branch("main")).isEmpty(), "the branch is not written");
		assertTrue(b.head(altered).isEmpty(), "the altered file is not sent");
	}

	@Test
	void aCommitOfAFileAlteredSinceTheParentNamedItIsRefused() throws Exception {
		MemoryStore store = new MemoryStore(clock);
		Repository repo = Repository.init(store, "mem:/");
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
			String kept = w.insert(200);
			Writer writer = new Writer(repo, key, "Ada", clock);
			String first = writer.commit(w.catalog(), "main", "1", dir.resolve("t"), false).id();
			// the local copy altered in place: the repository has the parent's bytes at that path
			flip(dir.resolve("w/files").resolve(kept));
			w.insert(300);
			FdlException e = assertThrows(FdlException.class,
					() -> writer.commit(w.catalog(), "main", "2", dir.resolve("t"), false));
			assertEquals("data/" + kept, e.path());
			assertTrue(e.getMessage().contains("altered") && e.getMessage().contains(Refs.short8(first)), e.getMessage());
			assertEquals(first, repo.resolve("main"), "the branch did not move");
		}
		assertTrue(new Verifier(repo, Trust.of(key.publicKey())).verify().ok());
	}
}
