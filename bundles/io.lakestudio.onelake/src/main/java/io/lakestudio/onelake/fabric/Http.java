package io.lakestudio.onelake.fabric;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.auth.AccessToken;
import io.lakestudio.onelake.auth.Destinations;
import io.lakestudio.onelake.auth.Network;
import io.lakestudio.onelake.auth.TokenSource;

/**
 * One HTTP call with a bearer token, and the mapping of everything that can go wrong to a {@link LakeException}
 * kind. No retries here (the sync job owns back-off) except one: a 401 drops the token and tries once more with
 * a fresh one, which is how an expired token is renewed silently. The log line has method, path, status and time;
 * never a header.
 */
final class Http {

	static final ObjectMapper JSON = new ObjectMapper();

	private final HttpClient client;
	private final TokenSource tokens;
	private final Endpoints endpoints;
	private final Consumer<String> log;
	private final Clock clock;

	Http(HttpClient client, TokenSource tokens, Endpoints endpoints, Consumer<String> log, Clock clock) {
		this.client = client;
		this.tokens = tokens;
		this.endpoints = endpoints;
		this.log = log;
		this.clock = clock;
	}

	record Reply(int status, java.net.http.HttpHeaders headers, byte[] body) {

		JsonNode json() throws LakeException {
			try {
				return JSON.readTree(body);
			} catch (IOException e) {
				throw new LakeException(Kind.MALFORMED, "The answer is not valid JSON: " + e.getMessage(), e);
			}
		}
	}

	/** A call that must answer 2xx; anything else is thrown as its kind. */
	Reply send(String method, URI uri, String scope, String range) throws LakeException {
		Reply r = once(method, uri, scope, range);
		if (r.status() >= 200 && r.status() < 300) {
			return r;
		}
		throw failure(method, uri, r);
	}

	private Reply once(String method, URI uri, String scope, String range) throws LakeException {
		Destinations.token(uri, Destinations.of(endpoints.fabric(), endpoints.dfs())); // before a token is even got
		AccessToken token = tokens.token(scope);
		Reply r = exchange(method, uri, token, range);
		if (r.status() == 401) {
			tokens.invalidate(scope, token);
			r = exchange(method, uri, tokens.token(scope), range);
		}
		return r;
	}

	private Reply exchange(String method, URI uri, AccessToken token, String range) throws LakeException {
		// a Location or continuationUri the lake answered with may name anything: the token goes where configured
		Destinations.token(uri, Destinations.of(endpoints.fabric(), endpoints.dfs()));
		HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(endpoints.requestTimeout())
				.header("Authorization", "Bearer " + token.value()).header("x-ms-version", "2023-11-03");
		if (range != null) {
			b.header("Range", range);
		}
		b.method(method, HttpRequest.BodyPublishers.noBody());
		long t0 = System.nanoTime();
		try {
			HttpResponse<byte[]> r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
			log.accept(method + " " + uri.getRawPath() + " " + r.statusCode() + " " + r.body().length + " bytes "
					+ ms(t0) + " ms");
			return new Reply(r.statusCode(), r.headers(), r.body());
		} catch (IOException e) {
			log.accept(method + " " + uri.getRawPath() + " failed after " + ms(t0) + " ms: " + e);
			throw io(uri, e);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new LakeException(Kind.FAILED, "Interrupted", e);
		}
	}

	private static long ms(long t0) {
		return (System.nanoTime() - t0) / 1_000_000;
	}

	static LakeException io(URI uri, IOException e) {
		return Network.failure(uri, e);
	}

	LakeException failure(String method, URI uri, Reply r) {
		String what = method + " " + uri.getRawPath() + ": " + r.status() + " " + errorCode(r);
		Duration retryAfter = retryAfter(r);
		return switch (r.status()) {
		case 401, 403 -> new LakeException(Kind.UNAUTHORIZED, what);
		case 404 -> new LakeException(Kind.NOT_FOUND, what);
		case 429 -> new LakeException(Kind.THROTTLED, what, retryAfter, null);
		default -> r.status() >= 500 ? new LakeException(Kind.UNAVAILABLE, what, retryAfter, null)
				: new LakeException(Kind.FAILED, what);
		};
	}

	/** Fabric's {errorCode, message} or storage's {error: {code, message}}; "" when the body has neither. */
	static String errorCode(Reply r) {
		try {
			JsonNode n = JSON.readTree(r.body());
			if (n == null) {
				return "";
			}
			if (n.hasNonNull("errorCode")) {
				return n.get("errorCode").asText() + " " + n.path("message").asText("");
			}
			JsonNode e = n.path("error");
			return e.path("code").asText("") + " " + e.path("message").asText("");
		} catch (IOException | RuntimeException e) {
			return r.headers().firstValue("x-ms-error-code").orElse("");
		}
	}

	/** Retry-After as seconds or as an HTTP date. */
	Duration retryAfter(Reply r) {
		return retryAfter(r.headers().firstValue("Retry-After").orElse(null), clock);
	}

	static Duration retryAfter(String v, Clock clock) {
		if (v == null) {
			return null;
		}
		try {
			return Duration.ofSeconds(Long.parseLong(v.trim()));
		} catch (NumberFormatException e) {
			try {
				Instant at = ZonedDateTime.parse(v.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
				Duration d = Duration.between(clock.instant(), at);
				return d.isNegative() ? Duration.ZERO : d;
			} catch (RuntimeException bad) {
				return null;
			}
		}
	}
}
