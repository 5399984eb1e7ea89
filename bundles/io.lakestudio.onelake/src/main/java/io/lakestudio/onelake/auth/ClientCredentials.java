package io.lakestudio.onelake.auth;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;

/**
 * Tokens from an OAuth client-credentials grant (a service principal, or the emulator's token endpoint), kept in
 * memory only and renewed two minutes before they expire. The secret is asked of a supplier on each grant, so it
 * lives wherever the caller keeps it (an environment variable, a secure store), never in a file of ours.
 */
public final class ClientCredentials implements TokenSource {

	private static final Duration EARLY = Duration.ofMinutes(2);
	private static final ObjectMapper JSON = new ObjectMapper();

	private final URI endpoint;
	private final String clientId;
	private final Supplier<String> secret;
	private final HttpClient http;
	private final Clock clock;
	private final Map<String, AccessToken> tokens = new ConcurrentHashMap<>();

	public ClientCredentials(URI endpoint, String clientId, Supplier<String> secret, HttpClient http, Clock clock) {
		this.endpoint = endpoint;
		this.clientId = clientId;
		this.secret = secret;
		this.http = http;
		this.clock = clock;
	}

	/** Entra's token endpoint for a tenant. */
	public static URI entra(String tenant) {
		return URI.create("https://login.microsoftonline.com/" + tenant + "/oauth2/v2.0/token");
	}

	@Override
	public AccessToken token(String scope) throws LakeException {
		AccessToken t = tokens.get(scope);
		if (t != null && t.validAt(clock.instant().plus(EARLY))) {
			return t;
		}
		t = grant(scope);
		tokens.put(scope, t);
		return t;
	}

	@Override
	public void invalidate(String scope, AccessToken token) {
		tokens.remove(scope, token);
	}

	private AccessToken grant(String scope) throws LakeException {
		Destinations.secret(endpoint);
		String s = secret.get();
		if (s == null || s.isEmpty()) {
			throw new LakeException(Kind.UNAUTHORIZED, "Not signed in: no client secret for " + clientId);
		}
		String form = "grant_type=client_credentials&client_id=" + enc(clientId) + "&client_secret=" + enc(s)
				+ "&scope=" + enc(scope);
		HttpResponse<String> r;
		try {
			r = http.send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(30))
					.header("Content-Type", "application/x-www-form-urlencoded")
					.POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
		} catch (IOException e) {
			throw Network.failure(endpoint, e);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new LakeException(Kind.FAILED, "Interrupted while signing in", e);
		}
		if (r.statusCode() == 429 || r.statusCode() >= 500) {
			throw new LakeException(r.statusCode() == 429 ? Kind.THROTTLED : Kind.UNAVAILABLE,
					"The sign-in endpoint answered " + r.statusCode());
		}
		try {
			JsonNode body = JSON.readTree(r.body());
			if (r.statusCode() != 200 || !body.hasNonNull("access_token")) {
				throw new LakeException(Kind.UNAUTHORIZED, "Sign-in refused (" + r.statusCode() + "): "
						+ body.path("error").asText("") + " " + body.path("error_description").asText(""));
			}
			return new AccessToken(body.get("access_token").asText(),
					clock.instant().plusSeconds(body.path("expires_in").asLong(3600)));
		} catch (IOException e) {
			throw new LakeException(Kind.MALFORMED, "The sign-in endpoint's answer is not JSON", e);
		}
	}

	private static String enc(String s) {
		return URLEncoder.encode(s, StandardCharsets.UTF_8);
	}

	/** When the cached token for {@code scope} expires, if there is one. */
	public Instant expiresOn(String scope) {
		AccessToken t = tokens.get(scope);
		return t == null ? null : t.expiresOn();
	}
}
