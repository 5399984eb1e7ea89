package io.lakestudio.cli.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Supplier;

import javax.net.ssl.SSLContext;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.auth.AccessToken;
import io.lakestudio.onelake.auth.TokenSource;

import io.lakestudio.store.http.HttpStore;
import io.lakestudio.identity.KeyringSecret;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Trust;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectStore;

/**
 * Where the fdl commands find a repository, their key and the keys they trust. A repository is a folder or an
 * FDL host's URL; a host's bearer token comes from $LAKESTUDIO_FDL_TOKEN or a token file, never the command line,
 * or is the signed-in account's Entra token for --entra-scope.
 */
final class FdlStores {

	/** In the keys folder when the private key is in the OS keyring. */
	static final String KEYRING_MARKER = "keyring";

	private FdlStores() {
	}

	/** The property (or $LAKESTUDIO_FDL_CA) naming a PEM to trust for https:// hosts, as --ca does. */
	static final String CA_PROPERTY = "lakestudio.fdlCa";
	static final String CA_ENV = "LAKESTUDIO_FDL_CA";

	/** The repository at {@code location}, with the --token-file and --ca of {@code line} for a host. */
	static Repository repository(String location, CommandLine line) {
		if (location.startsWith("http://") || location.startsWith("https://")) {
			return new Repository(new HttpStore(URI.create(location), token(line), tls(line)), location);
		}
		Path folder = Path.of(location).toAbsolutePath().normalize();
		return new Repository(folderStore(folder), folder + "/");
	}

	/** TLS trusting the JDK's CAs and --ca (or $LAKESTUDIO_FDL_CA); null for the JDK's alone. */
	private static SSLContext tls(CommandLine line) {
		String ca = line.getOptionValue("ca", System.getenv(CA_ENV));
		if (ca == null || ca.isBlank())
			return null;
		if (!Files.isRegularFile(Path.of(ca)))
			throw new Die(2, "--ca " + ca + ": no such file");
		return io.lakestudio.onelake.auth.Trust.with(Path.of(ca));
	}

	static ObjectStore folderStore(Path folder) {
		try {
			Files.createDirectories(folder);
			return new FolderStore(folder);
		} catch (IOException | io.lakestudio.store.StoreException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, folder + ": " + e.getMessage());
		}
	}

	/** The property (or $LAKESTUDIO_FDL_SCOPE) naming the scope of an Entra token for a host, as --entra-scope does. */
	static final String SCOPE_ENV = "LAKESTUDIO_FDL_SCOPE";

	/**
	 * The bearer token for a host (docs/fdl-0.1.md, "This project's host"): --token-file's, else
	 * $LAKESTUDIO_FDL_TOKEN, else the signed-in account's Entra token for --entra-scope (or $LAKESTUDIO_FDL_SCOPE),
	 * else none.
	 */
	private static Supplier<String> token(CommandLine line) {
		String tokenFile = line.getOptionValue("token-file");
		try {
			if (tokenFile != null) {
				String t = Files.readString(Path.of(tokenFile)).strip();
				// for the ATTACH 'ducklake:fdl:http...' an engine in this process makes (fdl diff, fdl sql)
				System.setProperty("lakestudio.fdl.token", t);
				return () -> t;
			}
		} catch (IOException e) {
			throw new Die(2, "can't read the token file " + tokenFile + ": " + e.getMessage());
		}
		String env = System.getenv("LAKESTUDIO_FDL_TOKEN");
		String scope = line.getOptionValue("entra-scope", System.getenv(SCOPE_ENV));
		if (env != null || scope == null || scope.isBlank())
			return () -> env;
		TokenSource tokens;
		try {
			tokens = Lakes.tokens(Settings.load(Catalogs.home()));
		} catch (Die d) {
			throw new Die(d.exitCode(), "--entra-scope " + scope + " sends the signed-in account's token: " + d.getMessage());
		}
		return new EntraToken(tokens, scope);
	}

	/** The signed-in account's token for a scope, got silently once and again when it nears its end. */
	private static final class EntraToken implements Supplier<String> {
		private final TokenSource tokens;
		private final String scope;
		private AccessToken current;

		EntraToken(TokenSource tokens, String scope) {
			this.tokens = tokens;
			this.scope = scope;
			get(); // a sign-in that is missing says so before anything is sent
		}

		@Override
		public synchronized String get() {
			if (current == null || !current.validAt(Instant.now().plusSeconds(120))) {
				try {
					current = tokens.token(scope);
				} catch (LakeException e) {
					throw new Die(3, "no Entra token for " + scope + " (the host's audience): " + e.getMessage());
				}
				System.setProperty("lakestudio.fdl.token", current.value()); // as a token file's, for the engine
			}
			return current.value();
		}
	}

	static Path trustFile(Path home) {
		return folder(home).resolve("trusted-keys");
	}

	static Path folder(Path home) {
		return home.resolve("fdl");
	}

	/** The user's signing key: in the OS keyring once 'fdl keys --keyring' put it there, else in the state folder. */
	static Signing key(Path home) {
		Path keys = keys(home);
		try {
			return Files.exists(keys.resolve(KEYRING_MARKER)) ? Signing.inVault(vault(home), keys) : Signing.inFolder(keys);
		} catch (IOException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "can't read or make the signing key: " + e.getMessage());
		}
	}

	/** Moves the signing key into the OS keyring (or makes one there); from then on it is read from there. */
	static Signing keyInKeyring(Path home) {
		if (!KeyringSecret.available())
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "fdl keys --keyring: no OS keyring here (on Linux a"
					+ " Secret Service such as gnome-keyring on the D-Bus session); the key stays where it is");
		try {
			return Signing.inVault(vault(home), keys(home));
		} catch (IOException e) {
			try {
				if (Files.exists(keys(home).resolve("ed25519")))
					Files.deleteIfExists(keys(home).resolve(KEYRING_MARKER)); // the file stays the key
			} catch (IOException ignored) {
				// the marker only says where to look; the message below says what failed
			}
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "fdl keys --keyring: " + e.getMessage()
					+ "; the key stays where it is");
		}
	}

	static boolean inKeyring(Path home) {
		return Files.exists(keys(home).resolve(KEYRING_MARKER));
	}

	static Path keys(Path home) {
		return folder(home).resolve("keys");
	}

	/** One keyring item per state folder; its marker file ("keys/keyring") holds no secret. */
	private static Signing.Vault vault(Path home) {
		Path state = folder(home).toAbsolutePath().normalize();
		KeyringSecret s = new KeyringSecret("fdl-signing-key " + state, "Lakestudio FDL signing key (" + state + ")",
				keys(home).resolve(KEYRING_MARKER));
		return new Signing.Vault() {
			@Override
			public java.util.Optional<byte[]> read() throws IOException {
				return s.read();
			}

			@Override
			public void write(byte[] pkcs8) throws IOException {
				s.write(pkcs8);
			}
		};
	}

	/** The trusted keys of the state folder, and the user's own. */
	static Trust trust(Path home) {
		try {
			Trust t = Trust.load(trustFile(home));
			java.util.Optional<String> mine = Signing.publicKeyIn(keys(home));
			return mine.isPresent() ? t.and(mine.get(), "me") : t;
		} catch (IOException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "can't read the trusted keys: " + e.getMessage());
		}
	}
}
