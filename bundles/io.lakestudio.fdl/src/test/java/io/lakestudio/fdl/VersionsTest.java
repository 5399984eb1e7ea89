package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.internal.Sqlite;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.WriteCondition;

/** A working catalog frozen into a version, read back and checked as a reader must check it. */
class VersionsTest {

	@TempDir
	Path dir;

	final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
	final MemoryStore store = new MemoryStore(clock);

	@Test
	void initWritesTheMarkerOnceAndRefusesAStrangerOne() throws Exception {
		Repository.init(store, "mem:/r/");
		assertEquals("{\"format\":\"fdl\",\"version\":\"0.1\"}", new String(store.get("FDL"), StandardCharsets.UTF_8));
		Repository.init(store, "mem:/r/");
		MemoryStore other = new MemoryStore();
		other.put("FDL", "{\"format\":\"fdl\",\"version\":\"9.9\"}".getBytes(), WriteCondition.IF_ABSENT);
		FdlException e = assertThrows(FdlException.class, () -> Repository.init(other, "mem:/o/"));
		assertTrue(e.getMessage().contains("9.9"), e.getMessage());
		FdlException none = assertThrows(FdlException.class, () -> new Repository(new MemoryStore(), "mem:/x/").marker());
		assertEquals(Refusal.NOT_FOUND, none.refusal());
	}

	@Test
	void aCommitFreezesTheCatalogWithRelativePathsAndASignedRecord() throws Exception {
		Repository repo = Repository.init(store, "/srv/repo/");
		Signing key = Signing.inFolder(dir.resolve("state/fdl"));
		assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("state/fdl/ed25519"))));
		String sales, elsewhere;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("work"))) {
			long t = w.table("sales");
			sales = w.insert(t, "sales", 1000);
			// a file the catalog names by an absolute path inside its data folder
			Path abs = w.data.resolve("main/sales/added.parquet");
			Files.write(abs, new byte[300]);
			w.addAbsolute(t, abs);
			elsewhere = "main/sales/added.parquet";
			Writer.Committed c = new Writer(repo, key, "Ada", clock).commit(w.catalog, "main", "first load", dir.resolve("tmp"), false);

			byte[] stored = store.get("versions/" + c.id());
			assertEquals(c.id(), VersionRecord.sha256(stored));
			VersionRecord r = repo.record(c.id(), Trust.of(key.publicKey()));
			assertEquals(List.of(), r.parents());
			assertEquals("0.3", r.ducklakeVersion());
			assertEquals(w.snapshot(), r.snapshot());
			assertEquals(2, r.dataFiles());
			assertEquals(1300, r.dataBytes());
			assertEquals("first load", r.message());
			assertEquals(Ref.parse(store.get("refs/heads/main"), "main").version(), c.id());
			assertArrayEquals(Files.readAllBytes(w.data.resolve(sales)), store.get("data/" + sales));
			assertEquals(300, store.get("data/" + elsewhere).length);

			// the frozen catalog, read by SQLite itself: data path data/, every path relative, rows as they were
			byte[] catalog = store.get("catalogs/" + r.catalogSha256());
			assertEquals(r.catalogSize(), catalog.length);
			Path copy = dir.resolve("copy.sqlite");
			Files.write(copy, catalog);
			try (Connection sql = Sqlite.open(copy, true); var s = sql.createStatement()) {
				ResultSet m = s.executeQuery("SELECT value FROM ducklake_metadata WHERE key = 'data_path'");
				m.next();
				assertEquals("data/", m.getString(1));
				List<String> paths = new ArrayList<>();
				ResultSet f = s.executeQuery("SELECT path, path_is_relative FROM ducklake_data_file ORDER BY data_file_id");
				while (f.next()) {
					paths.add(f.getString(1));
					assertTrue(f.getBoolean(2));
				}
				assertEquals(List.of(sales.substring("main/sales/".length()), "added.parquet"), paths);
				ResultSet n = s.executeQuery("SELECT count(*) FROM ducklake_snapshot");
				n.next();
				assertEquals(w.snapshot() + 1, n.getLong(1));
			}
			// the working catalog is untouched
			try (Connection sql = Sqlite.open(w.catalog, true); var s = sql.createStatement()) {
				ResultSet m = s.executeQuery("SELECT value FROM ducklake_metadata WHERE key = 'data_path'");
				m.next();
				assertEquals(w.data.toAbsolutePath() + "/", m.getString(1));
			}
		}
	}

	@Test
	void aFileOutsideTheDataFolderCantBeFrozen() throws Exception {
		Repository repo = Repository.init(store, "/srv/repo/");
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("work"))) {
			long t = w.table("sales");
			Path outside = dir.resolve("elsewhere.parquet");
			Files.write(outside, new byte[10]);
			w.addAbsolute(t, outside);
			FdlException e = assertThrows(FdlException.class,
					() -> new Writer(repo, Signing.generate(), "Ada", clock).commit(w.catalog, "main", "", dir.resolve("tmp"), false));
			assertTrue(e.getMessage().contains("outside the data folder"), e.getMessage());
			assertTrue(store.list("versions/").isEmpty() && store.list("refs/").isEmpty());
		}
	}

	@Test
	void readingChecksHashSignatureTrustAndCatalog() throws Exception {
		Repository repo = Repository.init(store, "/srv/repo/");
		Signing key = Signing.generate();
		Writer.Committed c;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("work"))) {
			w.insert(w.table("sales"), "sales", 500);
			c = new Writer(repo, key, "Ada", clock).commit(w.catalog, "main", "one", dir.resolve("tmp"), false);
		}
		Reader reader = new Reader(repo, Trust.of(key.publicKey()), dir.resolve("cache"));
		Reader.Opened o = reader.open(null, false);
		assertEquals(c.id(), o.id());
		assertEquals("/srv/repo/data/", o.dataRoot());
		assertEquals(c.record().catalogSha256(), FrozenCatalog.sha256(o.catalogFile()));
		assertTrue(!Files.isWritable(o.catalogFile()) || "root".equals(System.getProperty("user.name")));

		// untrusted key: refused, naming the key
		FdlException untrusted = assertThrows(FdlException.class,
				() -> new Reader(repo, Trust.of(), dir.resolve("c2")).open("main", false));
		assertEquals(Refusal.UNTRUSTED, untrusted.refusal());
		assertTrue(untrusted.getMessage().contains(key.publicKey()));

		// an altered catalog: refused, naming it
		String cat = "catalogs/" + c.record().catalogSha256();
		byte[] good = store.get(cat);
		byte[] bad = good.clone();
		bad[bad.length - 1] ^= 1;
		store.put(cat, bad, WriteCondition.ALWAYS);
		FdlException altered = assertThrows(FdlException.class,
				() -> new Reader(repo, Trust.of(key.publicKey()), dir.resolve("c3")).open("main", false));
		assertEquals(cat, altered.path());
		store.put(cat, good, WriteCondition.ALWAYS);

		// an altered record: its hash is not its name
		String rec = "versions/" + c.id();
		String text = new String(store.get(rec), StandardCharsets.UTF_8);
		store.put(rec, text.replace("\"one\"", "\"two\"").getBytes(StandardCharsets.UTF_8), WriteCondition.ALWAYS);
		FdlException edited = assertThrows(FdlException.class, () -> repo.record(c.id(), null));
		assertEquals(rec, edited.path());
		assertTrue(edited.getMessage().contains("altered"));

		// a record re-signed by someone else is another version, and its key is not trusted
		VersionRecord forged = new VersionRecord(c.record().parents(), c.record().catalogSha256(), c.record().catalogSize(),
				"0.3", c.record().snapshot(), c.record().created(), "Ada", key.publicKey(), "two", 1, 500, null, null)
				.signedBy(Signing.generate());
		store.put("versions/" + forged.id(), forged.bytes(), WriteCondition.IF_ABSENT);
		assertEquals(Refusal.UNTRUSTED,
				assertThrows(FdlException.class, () -> repo.record(forged.id(), Trust.of(key.publicKey()))).refusal());

		// a record whose signature does not verify (bytes edited, then stored under their new hash)
		String tampered = text.replace("\"one\"", "\"two\"");
		String tid = VersionRecord.sha256(tampered.getBytes(StandardCharsets.UTF_8));
		store.put("versions/" + tid, tampered.getBytes(StandardCharsets.UTF_8), WriteCondition.IF_ABSENT);
		FdlException sig = assertThrows(FdlException.class, () -> repo.record(tid, null));
		assertEquals(Refusal.MALFORMED, sig.refusal());
		assertTrue(sig.getMessage().contains("signature"), sig.getMessage());
	}

	@Test
	void theKeyPairIsKeptAndReadBack() throws Exception {
		Signing a = Signing.inFolder(dir.resolve("k"));
		Signing b = Signing.inFolder(dir.resolve("k"));
		assertEquals(a.publicKey(), b.publicKey());
		byte[] msg = "x".getBytes();
		assertTrue(Signing.verify(a.publicKey(), msg, b.sign(msg)));
		assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("k"))));
	}
}
