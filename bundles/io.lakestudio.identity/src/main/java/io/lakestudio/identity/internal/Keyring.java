package io.lakestudio.identity.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.microsoft.aad.msal4jextensions.PersistenceSettings;
import com.microsoft.aad.msal4jextensions.PersistenceTokenCacheAccessAspect;
import com.microsoft.aad.msal4jextensions.persistence.CacheFileAccessException;
import com.microsoft.aad.msal4jextensions.persistence.linux.KeyRingAccessException;
import com.microsoft.aad.msal4jextensions.persistence.linux.KeyRingAccessor;
import com.microsoft.aad.msal4jextensions.persistence.mac.KeyChainAccessException;
import com.microsoft.aad.msal4jextensions.persistence.mac.KeyChainAccessor;

/**
 * Where the OS keeps a token cache encrypted, through MSAL4J's persistence extension: Windows (DPAPI file) and
 * macOS (Keychain) always; Linux only with a Secret Service keyring (libsecret over a D-Bus session). Without one
 * the cache stays in memory: the extension could fall back to an unencrypted file, and we never let it.
 * {@code -Dlakestudio.keyring=off} forces the in-memory cache (tests).
 *
 * <p>
 * One keyring entry per account ({@link #ACCOUNT_ATTRIBUTE} = the cache name), not azure-identity's single shared
 * entry: its attributes are the same for every cache name, so two accounts would overwrite each other's cache and
 * one account's sign-out would sign out all. The file {@code ~/.IdentityService/<name>.nocae} holds no token on
 * Linux and macOS: the extension only touches its modification time so other processes reload the cache.
 */
public final class Keyring {

	/** The keyring item's attribute that names the account's cache (and the libsecret schema's). */
	public static final String ACCOUNT_ATTRIBUTE = "lakestudio.account";
	private static final String SCHEMA = "io.lakestudio.TokenCache";
	private static final String KIND_ATTRIBUTE = "lakestudio.cache";
	private static final String KIND = "msal4j";
	private static final String MAC_SERVICE = "io.lakestudio.TokenCache";

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
		if (!linux()) {
			return true;
		}
		String bus = System.getenv("DBUS_SESSION_BUS_ADDRESS");
		if (bus == null || bus.isEmpty()) {
			return false; // libsecret would try to autolaunch a bus, or fail slowly
		}
		// bounded: a locked keyring may wait on an unlock prompt
		CompletableFuture<Boolean> f = CompletableFuture.supplyAsync(Keyring::verify);
		try {
			return f.get(20, TimeUnit.SECONDS);
		} catch (Exception e) {
			return false;
		}
	}

	private static boolean verify() {
		try {
			Path dir = Files.createTempDirectory("lakestudio-keyring-probe");
			try {
				// verify() touches this file after writing the test secret: it must exist (else it always failed)
				Path marker = Files.createFile(dir.resolve("probe"));
				new KeyRingAccessor(marker.toString(), "default", "io.lakestudio.KeyringProbe",
						"Lakestudio keyring probe", "probe", "1", "pid", Long.toString(ProcessHandle.current().pid()))
						.verify();
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

	/** MSAL's cache aspect that keeps the cache named {@code cacheName} in the OS's encrypted store. */
	public static PersistenceTokenCacheAccessAspect aspect(String cacheName) throws IOException {
		PersistenceSettings p = PersistenceSettings.builder(file(cacheName).getFileName().toString(), dir())
				.setMacKeychain(MAC_SERVICE, cacheName)
				.setLinuxKeyring("default", SCHEMA, "Lakestudio sign-in (" + cacheName + ")", ACCOUNT_ATTRIBUTE,
						cacheName, KIND_ATTRIBUTE, KIND)
				.build();
		return new PersistenceTokenCacheAccessAspect(p);
	}

	/**
	 * Removes the account's persisted cache: its keyring (or Keychain) entry, and its files (on Windows the
	 * encrypted cache itself, elsewhere the marker and lock).
	 *
	 * @throws IOException when the keyring refused to remove the entry
	 */
	public static void forget(String cacheName) throws IOException {
		Path file = file(cacheName);
		try {
			if (linux()) {
				new KeyRingAccessor(file.toString(), "default", SCHEMA, "", ACCOUNT_ATTRIBUTE, cacheName,
						KIND_ATTRIBUTE, KIND).delete();
			} else if (System.getProperty("os.name", "").toLowerCase().contains("mac")) {
				new KeyChainAccessor(file.toString(), MAC_SERVICE, cacheName).delete();
			}
		} catch (CacheFileAccessException e) {
			// removed from the keyring; the marker file to touch afterwards was already gone
		} catch (KeyRingAccessException | KeyChainAccessException e) {
			throw new IOException("the keyring did not remove the token cache of " + cacheName + ": "
					+ e.getMessage(), e);
		}
		for (String suffix : new String[] { "", ".lockfile" }) {
			Files.deleteIfExists(file.resolveSibling(file.getFileName() + suffix));
		}
	}

	private static Path file(String cacheName) {
		return dir().resolve(cacheName + ".nocae");
	}

	private static Path dir() {
		String home = System.getProperty("user.home");
		return System.getProperty("os.name", "").toLowerCase().contains("win")
				? Path.of(System.getenv().getOrDefault("LOCALAPPDATA", home), ".IdentityService")
				: Path.of(home, ".IdentityService");
	}

	private static boolean linux() {
		String os = System.getProperty("os.name", "").toLowerCase();
		return !os.contains("win") && !os.contains("mac");
	}
}
