package io.lakestudio.identity.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.microsoft.aad.msal4jextensions.persistence.linux.KeyRingAccessor;

/**
 * Whether the OS can keep the token cache encrypted. Windows (DPAPI) and macOS (Keychain) can; Linux only with a
 * Secret Service keyring (libsecret over a D-Bus session). Without one, the cache stays in memory: azure-identity
 * could fall back to an unencrypted file, and we never let it. {@code -Dlakestudio.keyring=off} forces the
 * in-memory cache (tests).
 */
public final class Keyring {

	private static volatile Boolean available;

	private Keyring() {
	}

	public static boolean available() {
		Boolean a = available;
		if (a == null) {
			a = probe();
			available = a;
		}
		return a;
	}

	private static boolean probe() {
		if ("off".equals(System.getProperty("lakestudio.keyring"))) {
			return false;
		}
		String os = System.getProperty("os.name", "").toLowerCase();
		if (os.contains("win") || os.contains("mac")) {
			return true;
		}
		String bus = System.getenv("DBUS_SESSION_BUS_ADDRESS");
		if (bus == null || bus.isEmpty()) {
			return false; // libsecret would try to autolaunch a bus, or fail slowly
		}
		try {
			Path dir = Files.createTempDirectory("lakestudio-keyring-probe");
			try {
				KeyRingAccessor k = new KeyRingAccessor(dir.resolve("probe").toString(), "default",
						"io.lakestudio.keyring-probe", "Lakestudio keyring probe", "probe", "1", "pid",
						Long.toString(ProcessHandle.current().pid()));
				k.verify();
				return true;
			} finally {
				try (var s = Files.list(dir)) {
					for (Path p : s.toList()) {
						Files.deleteIfExists(p);
					}
				}
				Files.deleteIfExists(dir);
			}
		} catch (Throwable t) { // UnsatisfiedLinkError (no libsecret), KeyRingAccessException, IOException
			return false;
		}
	}

	/**
	 * Best effort: removes the account's persisted cache (azure-identity's {@code ~/.IdentityService/<name>.*}
	 * files; on Windows and macOS these hold the encrypted cache, on Linux the keyring entry's marker).
	 */
	public static void forget(String cacheName) throws IOException {
		String home = System.getProperty("user.home");
		String os = System.getProperty("os.name", "").toLowerCase();
		Path dir = os.contains("win") ? Path.of(System.getenv().getOrDefault("LOCALAPPDATA", home), ".IdentityService")
				: Path.of(home, ".IdentityService");
		for (String suffix : new String[] { ".cae", ".nocae", ".cae.lockfile", ".nocae.lockfile" }) {
			Files.deleteIfExists(dir.resolve(cacheName + suffix));
		}
	}
}
