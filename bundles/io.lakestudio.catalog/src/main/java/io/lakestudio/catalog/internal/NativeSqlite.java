package io.lakestudio.catalog.internal;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;

import io.lakestudio.catalog.StateFolder;

/**
 * sqlite-jdbc copies its native library to the temp folder on every start, a world-writable place another user
 * could plant a library in; the command line can't afford the copy either. This keeps one copy in the state
 * folder's {@code lib/} (0700, this user's) and points sqlite-jdbc at it. Each start checks the copy's size and
 * CRC-32 against the jar's own record of the entry (no decompression); a copy that differs (another version,
 * half written, altered) is extracted again. CRC-32, not a cryptographic hash: whoever can write this user's
 * state folder can as well change the jar or the launcher, so the check is against damage and staleness.
 */
final class NativeSqlite {

	private static final String RESOURCE = "/org/sqlite/native/Linux/x86_64/libsqlitejdbc.so";
	static final String NAME = "libsqlitejdbc.so";
	private static volatile boolean done;

	private NativeSqlite() {
	}

	static void prepare(Path home) {
		if (done || home == null || System.getProperty("org.sqlite.lib.path") != null
				|| !"Linux".equals(System.getProperty("os.name")) || !"amd64".equals(System.getProperty("os.arch"))) {
			return;
		}
		done = true;
		URL url = org.sqlite.JDBC.class.getResource(RESOURCE);
		if (url == null) {
			return;
		}
		try {
			Path lib = extracted(home, url);
			System.setProperty("org.sqlite.lib.path", lib.getParent().toString());
			System.setProperty("org.sqlite.lib.name", lib.getFileName().toString());
		} catch (IOException e) {
			// Not fatal: sqlite-jdbc falls back to extracting into the temp folder.
		}
	}

	/** The library's copy under {@code home/lib}, extracted unless one there matches the resource. */
	static Path extracted(Path home, URL url) throws IOException {
		long[] want = sizeAndCrc(url);
		Path dir = StateFolder.folder(home.resolve("lib").resolve("sqlite-" + Long.toHexString(want[1])));
		Path lib = dir.resolve(NAME);
		if (Files.isRegularFile(lib) && Files.size(lib) == want[0] && crc(lib) == want[1]) {
			return lib;
		}
		Path tmp = Files.createTempFile(dir, NAME, ".tmp", StateFolder.privateFile(dir));
		try (InputStream in = url.openStream(); OutputStream out = Files.newOutputStream(tmp)) {
			in.transferTo(out); // into the private file made above (Files.copy would make a new one, umask's mode)
			out.close();
			// renamed over the old copy: a process that has the old one loaded keeps its own
			Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		} finally {
			Files.deleteIfExists(tmp);
		}
		return lib;
	}

	/** The resource's size and CRC-32: a jar's entry records both; other URLs (OSGi's) are read through. */
	private static long[] sizeAndCrc(URL url) throws IOException {
		URLConnection c = url.openConnection();
		if (c instanceof JarURLConnection j) {
			ZipEntry e = j.getJarEntry();
			if (e.getSize() >= 0 && e.getCrc() >= 0) {
				return new long[] { e.getSize(), e.getCrc() };
			}
		}
		try (InputStream in = c.getInputStream()) {
			byte[] b = in.readAllBytes();
			return new long[] { b.length, crc(b) };
		}
	}

	/** The file's CRC-32, read in pieces: a 1 MB array for the whole of it cost every start some 1.5 ms. */
	private static long crc(Path file) throws IOException {
		CRC32 crc = new CRC32();
		byte[] b = new byte[1 << 16];
		try (InputStream in = new FileInputStream(file.toFile())) {
			for (int n; (n = in.read(b)) > 0;) {
				crc.update(b, 0, n);
			}
		}
		return crc.getValue();
	}

	private static long crc(byte[] b) {
		CRC32 crc = new CRC32();
		crc.update(b);
		return crc.getValue();
	}
}
