package io.lakestudio.engine.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Whether the DuckDB library extracted into the state folder is still the driver jar's: by SHA-256, before it is
 * loaded into the process. Only this platform's library is checked (the one DuckDB loads); the jar's entry is hashed
 * as it is inflated, so nothing is written to check it.
 */
final class NativeLibrary {

	private static final String PREFIX = "libduckdb_java";

	private NativeLibrary() {
	}

	/** What differs, or null when each library DuckDB may load here matches its entry in {@code jar}. */
	static String mismatch(Path jar, Path dir) throws IOException {
		try (JarFile in = new JarFile(jar.toFile())) {
			List<JarEntry> libs = in.stream().filter(e -> e.getName().startsWith(PREFIX)).toList();
			String mine = PREFIX + ".so_" + os() + "_" + arch();
			List<JarEntry> check = libs.stream().anyMatch(e -> e.getName().equals(mine))
					? libs.stream().filter(e -> e.getName().equals(mine)).toList()
					: libs;
			for (JarEntry e : check) {
				Path lib = dir.resolve(e.getName());
				if (!Files.isRegularFile(lib)) {
					return "the DuckDB library " + lib + " is missing";
				}
				// the file's hash beside the entry's inflating: the check costs the longer of the two
				java.util.concurrent.CompletableFuture<String> file = java.util.concurrent.CompletableFuture
						.supplyAsync(() -> {
							try (InputStream is = Files.newInputStream(lib)) {
								return sha256(is);
							} catch (IOException x) {
								throw new java.io.UncheckedIOException(x);
							}
						});
				String want;
				try (InputStream is = in.getInputStream(e)) {
					want = sha256(is);
				}
				String have;
				try {
					have = file.join();
				} catch (java.util.concurrent.CompletionException x) {
					if (x.getCause() instanceof java.io.UncheckedIOException u) {
						throw u.getCause();
					}
					throw x;
				}
				if (!want.equals(have)) {
					return "the DuckDB library " + lib + " is not the driver's (SHA-256 " + have + ", the jar's "
							+ want + ")";
				}
			}
			return null;
		}
	}

	static String sha256(InputStream in) throws IOException {
		try {
			MessageDigest md = MessageDigest.getInstance("SHA-256");
			in.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), md));
			return HexFormat.of().formatHex(md.digest());
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}

	/** The names duckdb_jdbc's loader gives the platforms. */
	private static String os() {
		String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
		return os.contains("win") ? "windows" : os.contains("mac") ? "macos" : "linux";
	}

	private static String arch() {
		String a = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
		return a.equals("aarch64") || a.equals("arm64") ? "arm64" : "amd64";
	}
}
