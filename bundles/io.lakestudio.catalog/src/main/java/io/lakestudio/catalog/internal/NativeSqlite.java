package io.lakestudio.catalog.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * sqlite-jdbc copies its native library to the temp folder on every start; the command line can't afford that.
 * This extracts it once into the state folder, keyed by the jar it came from, and points sqlite-jdbc at it.
 */
final class NativeSqlite {

	private static final String RESOURCE = "/org/sqlite/native/Linux/x86_64/libsqlitejdbc.so";
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
		Path dir = home.resolve("lib").resolve("sqlite-" + Integer.toHexString(url.toString().hashCode()));
		Path lib = dir.resolve("libsqlitejdbc.so");
		try {
			if (!Files.exists(lib)) {
				Files.createDirectories(dir);
				Path tmp = Files.createTempFile(dir, "libsqlitejdbc", ".tmp");
				try (InputStream in = url.openStream()) {
					Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
				}
				Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			}
			System.setProperty("org.sqlite.lib.path", dir.toString());
			System.setProperty("org.sqlite.lib.name", lib.getFileName().toString());
		} catch (IOException e) {
			// Not fatal: sqlite-jdbc falls back to extracting into the temp folder.
		}
	}
}
