package io.lakestudio.sync.account;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.lakestudio.catalog.Settings;
import io.lakestudio.mirror.LogMetadata;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LoggedLake;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.onelake.auth.TokenSource;
import io.lakestudio.onelake.fabric.Endpoints;
import io.lakestudio.onelake.fabric.FabricLake;
import io.lakestudio.onelake.local.LocalFolderLake;

/**
 * How an account maps to a lake and a token source, shared by the command line and the workbench: the account
 * "local" with a {@code lakeFolder} is a folder lake; any other account is OneLake at the {@code fabricEndpoint}
 * and {@code onelakeEndpoint} settings (Microsoft's public ones by default; tests give the emulator's), signed in
 * with a service principal (its secret in the environment) or as a user through {@link IdentityTokens}.
 * settings.json keeps only a marker per signed-in account ({@code signedIn.<account>}), never a token or secret.
 */
public final class Accounts {

	public static final String LOCAL = "local";
	public static final String FABRIC_ENDPOINT = "fabricEndpoint";
	public static final String ONELAKE_ENDPOINT = "onelakeEndpoint";
	public static final String TOKEN_ENDPOINT = "tokenEndpoint";
	public static final String CLIENT_ID = "clientId";
	/** Where the client secret comes from: the environment, never a file of ours. */
	public static final String SECRET_ENV = "LAKESTUDIO_CLIENT_SECRET";
	/**
	 * An extra CA (PEM) to trust for the Fabric and OneLake endpoints (the emulator's loopback HTTPS): a system
	 * property or the environment, never a setting.
	 */
	public static final String CA_PROPERTY = "lakestudio.onelakeCa";
	public static final String CA_ENV = "LAKESTUDIO_ONELAKE_CA";
	/** In-process only (tests, a host that got it from a secret store): the secret as a system property. */
	public static final String SECRET_PROPERTY = "lakestudio.clientSecret";

	/** The account has neither a service principal nor a user sign-in on record. */
	public static final String NO_INTERACTIVE = "No sign-in method is recorded for this account: run 'lakestudio login"
			+ " --device-code', or 'lakestudio login --client-id ID --tenant TENANT' with a service principal's"
			+ " secret in $" + SECRET_ENV + ".";

	/** Why an account has no lake to ask now; {@link #kind} says whether configuring or signing in would help. */
	public static final class NoLake extends RuntimeException {
		private static final long serialVersionUID = 1L;

		public enum Kind {
			/** No account with a lake: neither a folder lake nor a OneLake account. */
			NOT_CONFIGURED,
			/** A OneLake account nobody signed in to (or signed out of). */
			NOT_SIGNED_IN
		}

		private final Kind kind;

		NoLake(Kind kind, String message) {
			super(message);
			this.kind = kind;
		}

		public Kind kind() {
			return kind;
		}
	}

	private Accounts() {
	}

	public static boolean isFolder(Settings s) {
		return LOCAL.equals(s.account()) && s.string(Settings.LAKE_FOLDER, null) != null;
	}

	/** Whether the current account is a OneLake one (signed in or not). */
	public static boolean isOneLake(Settings s) {
		return !LOCAL.equals(s.account());
	}

	public static boolean signedIn(Settings s) {
		return s.flag(marker(s.account()));
	}

	public static void mark(Settings s, String account, boolean signedIn) {
		s.set(marker(account), signedIn ? Boolean.TRUE : null);
	}

	public static String secret() {
		String env = System.getenv(SECRET_ENV);
		return env != null && !env.isEmpty() ? env : System.getProperty(SECRET_PROPERTY);
	}

	/** The lake of the current account: its folder, or OneLake. The caller closes it. */
	public static Lake open(Settings s, Consumer<String> log) {
		if (isFolder(s)) {
			// a folder lake logs each request here; OneLake's client logs its own HTTP requests
			return new LoggedLake(new LocalFolderLake(Path.of(s.string(Settings.LAKE_FOLDER, null))), log);
		}
		return oneLake(s, log);
	}

	/** OneLake for the current account, which must be signed in. Asks nothing yet. */
	public static FabricLake oneLake(Settings s, Consumer<String> log) {
		if (LOCAL.equals(s.account())) {
			throw new NoLake(NoLake.Kind.NOT_CONFIGURED, "No lake is configured: run 'lakestudio login' for OneLake,"
					+ " 'lakestudio sync --lake DIR' for a folder lake, or 'lakestudio demo'.");
		}
		if (!signedIn(s)) {
			throw new NoLake(NoLake.Kind.NOT_SIGNED_IN,
					"Not signed in to account '" + s.account() + "': run 'lakestudio login'.");
		}
		// table metadata by Delta Kernel over the copied log: Fabric checkpoints its tables
		return new FabricLake(endpoints(s), tokens(s), log, Clock.systemUTC(), new LogMetadata(Clock.systemUTC()));
	}

	public static Endpoints endpoints(Settings s) {
		// a refused loopback port answers at once; a real route gets a few seconds before it counts as offline
		String ca = System.getProperty(CA_PROPERTY, System.getenv(CA_ENV));
		return Endpoints.of(s.string(FABRIC_ENDPOINT, Endpoints.FABRIC.toString()),
				s.string(ONELAKE_ENDPOINT, Endpoints.DFS.toString()))
				.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(60))
				.trusting(ca == null || ca.isBlank() ? null : Path.of(ca));
	}

	/** Tokens for the account, silent only: a sign-in that needs a person is the caller's business. */
	public static TokenSource tokens(Settings s) {
		if (IdentityTokens.uses(s)) {
			return IdentityTokens.of(s); // device-code or browser sign-in: Identity's cache
		}
		String clientId = s.string(CLIENT_ID, null);
		if (clientId == null) {
			throw new NoLake(NoLake.Kind.NOT_SIGNED_IN, NO_INTERACTIVE);
		}
		URI endpoint = s.string(TOKEN_ENDPOINT, null) != null ? URI.create(s.string(TOKEN_ENDPOINT, null))
				: ClientCredentials.entra(s.string(Settings.TENANT, "organizations"));
		return new ClientCredentials(endpoint, clientId, Accounts::secret,
				HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build(), Clock.systemUTC());
	}

	/**
	 * Signs the current account out: its marker goes, and a user's sign-in record and token cache too. The
	 * catalog stays. The caller saves the settings.
	 */
	public static void signOut(Settings s, Path home) throws IOException {
		mark(s, s.account(), false);
		if (IdentityTokens.uses(s)) {
			IdentityTokens.signOut(s, home);
		}
	}

	/** Accounts that have a catalog file in the state folder, by name. */
	public static List<String> known(Path home) {
		if (!Files.isDirectory(home)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(home)) {
			return files.map(p -> p.getFileName().toString())
					.filter(f -> f.startsWith("catalog-") && f.endsWith(".sqlite"))
					.map(f -> f.substring("catalog-".length(), f.length() - ".sqlite".length())).sorted().toList();
		} catch (IOException e) {
			throw new UncheckedIOException("Cannot read " + home + ": " + e.getMessage(), e);
		}
	}

	/** Whether {@code name} can name an account (and so a catalog file). */
	public static boolean validName(String name) {
		return name != null && !name.isBlank() && name.matches("[\\w.@-]+");
	}

	private static String marker(String account) {
		return "signedIn." + account;
	}
}
