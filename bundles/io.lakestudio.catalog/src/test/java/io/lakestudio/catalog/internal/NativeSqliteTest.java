package io.lakestudio.catalog.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Random;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The native library's copy in the state folder: private, and replaced whenever it isn't the jar's. */
class NativeSqliteTest {

	@TempDir
	Path tmp;

	private final byte[] library = new byte[200_000];

	/** A jar holding a stand-in for the library, as sqlite-jdbc's holds the real one. */
	private URL jarResource() throws Exception {
		new Random(7).nextBytes(library);
		Path jar = tmp.resolve("sqlite-jdbc.jar");
		try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o)) {
			j.putNextEntry(new JarEntry("org/sqlite/native/Linux/x86_64/libsqlitejdbc.so"));
			j.write(library);
			j.closeEntry();
		}
		return java.net.URI.create("jar:" + jar.toUri() + "!/org/sqlite/native/Linux/x86_64/libsqlitejdbc.so").toURL();
	}

	@Test
	void extractedOnceIntoAPrivateFolderAndKept() throws Exception {
		URL url = jarResource();
		Path home = tmp.resolve("home");
		Path lib = NativeSqlite.extracted(home, url);
		assertArrayEquals(library, Files.readAllBytes(lib));
		assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(lib.getParent())));
		assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(lib)));
		FileTime written = FileTime.fromMillis(1_000_000_000_000L);
		Files.setLastModifiedTime(lib, written);
		assertEquals(lib, NativeSqlite.extracted(home, url));
		assertEquals(written, Files.getLastModifiedTime(lib), "a copy that matches is not written again");
	}

	@Test
	void anAlteredCopyOfTheSameSizeIsReplaced() throws Exception {
		URL url = jarResource();
		Path home = tmp.resolve("home");
		Path lib = NativeSqlite.extracted(home, url);
		byte[] altered = library.clone();
		altered[123_456] ^= 1;
		Files.write(lib, altered);
		assertEquals(lib, NativeSqlite.extracted(home, url));
		assertArrayEquals(library, Files.readAllBytes(lib));
	}

	@Test
	void aTruncatedCopyIsReplaced() throws Exception {
		URL url = jarResource();
		Path home = tmp.resolve("home");
		Path lib = NativeSqlite.extracted(home, url);
		Files.write(lib, new byte[10]);
		NativeSqlite.extracted(home, url);
		assertArrayEquals(library, Files.readAllBytes(lib));
		try (var left = Files.list(lib.getParent())) {
			assertEquals(1, left.count(), "no temporary file is left beside it");
		}
	}

	@Test
	void aResourceOutsideAJarIsReadThrough() throws Exception {
		// what OSGi hands out (bundleresource:): no entry to ask, so the bytes are read
		new Random(7).nextBytes(library);
		Path file = tmp.resolve("libsqlitejdbc.so");
		Files.write(file, library);
		Path home = tmp.resolve("home");
		Path lib = NativeSqlite.extracted(home, file.toUri().toURL());
		Files.write(lib, new byte[library.length]);
		NativeSqlite.extracted(home, file.toUri().toURL());
		assertArrayEquals(library, Files.readAllBytes(lib));
	}
}
