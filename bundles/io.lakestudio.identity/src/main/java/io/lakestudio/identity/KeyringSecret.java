package io.lakestudio.identity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import com.microsoft.aad.msal4jextensions.persistence.CacheFileAccessException;
import com.microsoft.aad.msal4jextensions.persistence.ICacheAccessor;
import com.microsoft.aad.msal4jextensions.persistence.linux.KeyRingAccessException;
import com.microsoft.aad.msal4jextensions.persistence.linux.KeyRingAccessor;
import com.microsoft.aad.msal4jextensions.persistence.mac.KeyChainAccessException;
import com.microsoft.aad.msal4jextensions.persistence.mac.KeyChainAccessor;

import io.lakestudio.identity.internal.Keyring;

/**
 * A secret of Lakestudio's own (an FDL signing key) kept in the OS keyring the way sign-in token caches are: a
 * Secret Service item on Linux, a Keychain item on macOS, never a plain file. One item per {@code name}. The
 * {@code marker} file holds no secret: the keyring accessor touches it after each write, as it does a token
 * cache's, so it must exist.
 */
public final class KeyringSecret {

	/** The item's attribute that names the secret (for a search such as the tests'). */
	public static final String NAME_ATTRIBUTE = "lakestudio.secret";
	private static final String SCHEMA = "io.lakestudio.Secret";
	private static final String KIND_ATTRIBUTE = "lakestudio.kind";
	private static final String KIND = "secret";

	private final String name;
	private final String label;
	private final Path marker;

	public KeyringSecret(String name, String label, Path marker) {
		this.name = name;
		this.label = label;
		this.marker = marker;
	}

	/** Whether this machine has a keyring Lakestudio may keep secrets in (the same test sign-in uses). */
	public static boolean available() {
		return Keyring.available() && !System.getProperty("os.name", "").toLowerCase().contains("win");
	}

	/** The secret, or empty when the keyring has none by this name. */
	public Optional<byte[]> read() throws IOException {
		try {
			// libsecret keeps text: its accessor stores Base64 and gives back the bytes; the Keychain keeps bytes
			byte[] b = accessor().read();
			return b == null || b.length == 0 ? Optional.empty() : Optional.of(b);
		} catch (KeyRingAccessException | KeyChainAccessException e) {
			throw new IOException("the keyring did not give " + name + ": " + e.getMessage(), e);
		}
	}

	public void write(byte[] secret) throws IOException {
		try {
			accessor().write(secret);
		} catch (KeyRingAccessException | KeyChainAccessException | CacheFileAccessException e) {
			throw new IOException("the keyring did not keep " + name + ": " + e.getMessage(), e);
		}
	}

	public void delete() throws IOException {
		try {
			accessor().delete();
		} catch (CacheFileAccessException e) {
			// removed; only the marker's time could not be touched
		} catch (KeyRingAccessException | KeyChainAccessException e) {
			throw new IOException("the keyring did not remove " + name + ": " + e.getMessage(), e);
		}
	}

	private ICacheAccessor accessor() throws IOException {
		if (!available())
			throw new IOException("no OS keyring here (on Linux: a Secret Service, such as gnome-keyring, on the"
					+ " D-Bus session)");
		if (!Files.exists(marker)) {
			Files.createDirectories(marker.getParent());
			Files.createFile(marker);
		}
		if (System.getProperty("os.name", "").toLowerCase().contains("mac"))
			return new KeyChainAccessor(marker.toString(), SCHEMA, name);
		return new KeyRingAccessor(marker.toString(), "default", SCHEMA, label, NAME_ATTRIBUTE, name,
				KIND_ATTRIBUTE, KIND);
	}
}
