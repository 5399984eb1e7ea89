package io.lakestudio.fdl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Ed25519 with the JDK's own provider: a writer's key pair, kept in the state folder (the private key in a file
 * only its owner can read) or with the private key in a {@link Vault} (the OS keyring), and the raw 32-byte public
 * keys records carry as hex.
 */
public final class Signing {

	/** The DER prefix of an X.509 Ed25519 public key; the raw key follows it. */
	private static final byte[] X509_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");
	private static final HexFormat HEX = HexFormat.of();

	/** Where a private key is kept instead of a file (the OS keyring): its PKCS#8 bytes, read and written whole. */
	public interface Vault {
		Optional<byte[]> read() throws IOException;

		void write(byte[] pkcs8) throws IOException;
	}

	private final PrivateKey privateKey;
	private final String publicKey;

	private Signing(KeyPair pair) {
		this.privateKey = pair.getPrivate();
		this.publicKey = raw(pair.getPublic());
	}

	public static Signing generate() {
		try {
			return new Signing(KeyPairGenerator.getInstance("Ed25519").generateKeyPair());
		} catch (GeneralSecurityException e) {
			throw new IllegalStateException("this JDK has no Ed25519", e);
		}
	}

	/**
	 * The key pair in {@code folder} ({@code ed25519}, PKCS#8, 0600; {@code ed25519.pub}, hex), made on first use.
	 */
	public static Signing inFolder(Path folder) throws IOException {
		Path priv = folder.resolve("ed25519"), pub = folder.resolve("ed25519.pub");
		try {
			if (Files.exists(priv)) {
				KeyFactory f = KeyFactory.getInstance("Ed25519");
				PrivateKey p = f.generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(priv)));
				String raw = Files.readString(pub).strip();
				return new Signing(new KeyPair(publicKey(raw), p));
			}
			Signing s = generate();
			Files.createDirectories(folder);
			try {
				Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
			} catch (UnsupportedOperationException e) {
				// not a POSIX file system: the folder's own protection applies
			}
			Path tmp = Files.createTempFile(folder, "ed25519", ".tmp");
			try {
				Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
			} catch (UnsupportedOperationException e) {
				// as above
			}
			Files.write(tmp, s.privateKey.getEncoded());
			Files.writeString(pub, s.publicKey + "\n");
			Files.move(tmp, priv, StandardCopyOption.ATOMIC_MOVE);
			return s;
		} catch (GeneralSecurityException e) {
			throw new IOException(priv + ": not an Ed25519 key pair", e);
		}
	}

	/**
	 * The key pair whose private key is in {@code vault} and public key in {@code folder}/ed25519.pub. With none in
	 * the vault, the folder's key file is moved into it (written, read back, then the file deleted), or a new pair
	 * made there: the private key is never in a file.
	 */
	public static Signing inVault(Vault vault, Path folder) throws IOException {
		Path priv = folder.resolve("ed25519"), pub = folder.resolve("ed25519.pub");
		try {
			Optional<byte[]> kept = vault.read();
			if (kept.isPresent()) {
				PrivateKey p = KeyFactory.getInstance("Ed25519").generatePrivate(new PKCS8EncodedKeySpec(kept.get()));
				Signing s = new Signing(new KeyPair(publicKey(Files.readString(pub).strip()), p));
				if (!verify(s.publicKey, X509_PREFIX, s.sign(X509_PREFIX)))
					throw new IOException(pub + " is not the public key of the private key in the keyring");
				Files.deleteIfExists(priv);
				return s;
			}
			Signing s = Files.exists(priv) ? inFolder(folder) : generate();
			vault.write(s.privateKey.getEncoded());
			if (!vault.read().map(b -> Arrays.equals(b, s.privateKey.getEncoded())).orElse(false))
				throw new IOException("the keyring did not give back the key it was given");
			Files.createDirectories(folder);
			Files.writeString(pub, s.publicKey + "\n");
			Files.deleteIfExists(priv);
			return s;
		} catch (GeneralSecurityException e) {
			throw new IOException("the keyring's signing key is not an Ed25519 key pair", e);
		}
	}

	/** The public key kept in {@code folder} (by either way of keeping the pair), without touching the private one. */
	public static Optional<String> publicKeyIn(Path folder) throws IOException {
		Path pub = folder.resolve("ed25519.pub");
		if (!Files.exists(pub))
			return Optional.empty();
		String k = Files.readString(pub).strip();
		if (!isKey(k))
			throw new IOException(pub + ": not an Ed25519 public key (64 hex digits)");
		return Optional.of(k);
	}

	/** The public key as FDL writes it: 32 bytes, lowercase hex. */
	public String publicKey() {
		return publicKey;
	}

	/** The signature of {@code bytes}, 64 bytes as lowercase hex. */
	public String sign(byte[] bytes) {
		try {
			Signature s = Signature.getInstance("Ed25519");
			s.initSign(privateKey);
			s.update(bytes);
			return HEX.formatHex(s.sign());
		} catch (GeneralSecurityException e) {
			throw new IllegalStateException(e);
		}
	}

	/** Whether {@code signature} (hex) is {@code key}'s (hex) over {@code bytes}; false for any malformed input. */
	public static boolean verify(String key, byte[] bytes, String signature) {
		try {
			if (signature == null || !signature.matches("[0-9a-f]{128}"))
				return false;
			Signature s = Signature.getInstance("Ed25519");
			s.initVerify(publicKey(key));
			s.update(bytes);
			return s.verify(HEX.parseHex(signature));
		} catch (GeneralSecurityException | IllegalArgumentException e) {
			return false;
		}
	}

	public static boolean isKey(String key) {
		return key != null && key.matches("[0-9a-f]{64}");
	}

	static PublicKey publicKey(String hex) throws GeneralSecurityException {
		if (!isKey(hex))
			throw new GeneralSecurityException("not a 32-byte hex Ed25519 key");
		byte[] der = Arrays.copyOf(X509_PREFIX, X509_PREFIX.length + 32);
		System.arraycopy(HEX.parseHex(hex), 0, der, X509_PREFIX.length, 32);
		return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
	}

	private static String raw(PublicKey key) {
		byte[] der = key.getEncoded();
		return HEX.formatHex(der, der.length - 32, der.length);
	}
}
