package io.lakestudio.cli.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;

import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.onelake.auth.TokenSource;
import io.lakestudio.onelake.fabric.Endpoints;
import io.lakestudio.onelake.fabric.FabricLake;
import io.lakestudio.onelake.local.LocalFolderLake;

/**
 * The lake the settings name, for {@code sync}, {@code --fresh} and {@code model --fresh}: the account "local" with
 * a {@code lakeFolder} is a folder lake; any other account is OneLake at the {@code fabricEndpoint} and
 * {@code onelakeEndpoint} settings (Microsoft's public ones by default; tests give the emulator's).
 */
final class Lakes {

	static final String LOCAL = "local";
	static final String FABRIC_ENDPOINT = "fabricEndpoint";
	static final String ONELAKE_ENDPOINT = "onelakeEndpoint";
	static final String TOKEN_ENDPOINT = "tokenEndpoint";
	static final String CLIENT_ID = "clientId";
	/**
	 * An extra CA (PEM) to trust for the Fabric and OneLake endpoints (the emulator's loopback HTTPS): a system
	 * property or the environment, never a setting.
	 */
	static final String CA_PROPERTY = "lakestudio.onelakeCa";
	static final String CA_ENV = "LAKESTUDIO_ONELAKE_CA";
	/** Where the client secret comes from: the environment, never a file of ours. */
	static final String SECRET_ENV = "LAKESTUDIO_CLIENT_SECRET";

	private Lakes() {
	}

	static boolean isFolder(Settings s) {
		return LOCAL.equals(s.account()) && s.string(Settings.LAKE_FOLDER, null) != null;
	}

	static Lake open(Settings s, Consumer<String> log) {
		if (isFolder(s)) {
			return new LocalFolderLake(Path.of(s.string(Settings.LAKE_FOLDER, null)));
		}
		return oneLake(s, log);
	}

	static FabricLake oneLake(Settings s, Consumer<String> log) {
		if (LOCAL.equals(s.account())) {
			throw new Die(2, "No lake is configured: run 'lakestudio login' for OneLake, 'lakestudio sync --lake DIR'"
					+ " for a folder lake, or 'lakestudio demo'.");
		}
		if (!SignIn.signedIn(s)) {
			throw new Die(3, "Not signed in to account '" + s.account() + "': run 'lakestudio login'.");
		}
		return new FabricLake(endpoints(s), tokens(s), log, Clock.systemUTC());
	}

	static Endpoints endpoints(Settings s) {
		// a refused loopback port answers at once; a real route gets a few seconds before it counts as offline
		String ca = System.getProperty(CA_PROPERTY, System.getenv(CA_ENV));
		return Endpoints.of(s.string(FABRIC_ENDPOINT, Endpoints.FABRIC.toString()),
				s.string(ONELAKE_ENDPOINT, Endpoints.DFS.toString()))
				.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(60))
				.trusting(ca == null || ca.isBlank() ? null : Path.of(ca));
	}

	/** Tokens for the account, silent only: a sign-in that needs a person is {@code login}'s business. */
	static TokenSource tokens(Settings s) {
		if (IdentityTokens.uses(s)) {
			return IdentityTokens.of(s); // device-code or browser sign-in: Identity's cache
		}
		String clientId = s.string(CLIENT_ID, null);
		if (clientId == null) {
			throw new Die(3, SignIn.NO_INTERACTIVE);
		}
		URI endpoint = s.string(TOKEN_ENDPOINT, null) != null ? URI.create(s.string(TOKEN_ENDPOINT, null))
				: ClientCredentials.entra(s.string(Settings.TENANT, "organizations"));
		return new ClientCredentials(endpoint, clientId, SignIn::secret,
				HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build(), Clock.systemUTC());
	}
}
