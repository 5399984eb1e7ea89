package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state folder is this user's: 0700, its catalog (with its -wal and -shm), settings.json and log 0600 whatever
 * the umask (the build's is 022, so each file would be 0644 otherwise); one that others may write, or another user
 * owns, is refused with a message saying so.
 */
class StateFolderTest {

	private static String mode(Path p) throws Exception {
		return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
	}

	@Test
	void aNewStateFolderAndItsFilesAreThisUsersOnly(@TempDir Path tmp) throws Exception {
		Path home = tmp.resolve("home");
		Path file = Catalogs.catalogFile(home, "acct");
		try (Catalog c = Catalogs.open(file, "acct")) {
			Fixtures.fill(c);
			assertEquals("rwx------", mode(home));
			for (String side : new String[] { "", "-wal", "-shm" }) {
				Path f = file.resolveSibling(file.getFileName() + side);
				assertTrue(Files.exists(f), f + " exists while the catalog is open");
				assertEquals("rw-------", mode(f), f.toString());
			}
		}
		Settings.load(home).set(Settings.TENANT, "t").save();
		assertEquals("rw-------", mode(Settings.file(home)));
		EventLog log = new EventLog(home);
		log.log("test", "a line");
		assertEquals("rwx------", mode(log.file().getParent()));
		assertEquals("rw-------", mode(log.file()));
	}

	@Test
	void aStateFolderOfAnEarlierVersionIsMadePrivate(@TempDir Path tmp) throws Exception {
		Path home = Files.createDirectory(tmp.resolve("home"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
		Path file = Catalogs.catalogFile(home, "acct");
		try (Catalog c = Catalogs.open(file, "acct")) {
			Fixtures.fill(c);
		}
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
		Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxr-xr-x"));
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "acct")) {
			assertEquals("rwx------", mode(home));
			assertEquals("rw-------", mode(file));
		}
	}

	@Test
	void aStateFolderOthersMayWriteIsRefused(@TempDir Path tmp) throws Exception {
		Path home = Files.createDirectory(tmp.resolve("home"));
		Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));
		CatalogException e = assertThrows(CatalogException.class,
				() -> Catalogs.open(Catalogs.catalogFile(home, "acct"), "acct").close());
		assertTrue(e.getMessage().contains("may be written by others") && e.getMessage().contains("chmod 700"),
				e.getMessage());
		assertEquals(0, Files.list(home).count(), "nothing was made in it");
		assertThrows(CatalogException.class, () -> Settings.load(home).set(Settings.TENANT, "t").save());
	}

	@Test
	void aStateFolderAnotherUserOwnsIsRefused(@TempDir Path tmp) throws Exception {
		Path home = Files.createDirectory(tmp.resolve("home"));
		UserPrincipal nobody;
		try {
			nobody = home.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
			Files.setOwner(home, nobody);
		} catch (Exception notRoot) {
			Assumptions.abort("giving a folder to another user takes root: " + notRoot);
			return;
		}
		CatalogException e = assertThrows(CatalogException.class,
				() -> Catalogs.open(Catalogs.catalogFile(home, "acct"), "acct").close());
		assertTrue(e.getMessage().contains("belongs to nobody"), e.getMessage());
	}
}
