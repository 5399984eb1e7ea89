package io.lakestudio.fdl.host;

import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.RSAPublicKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.FdlException.Refusal;

/**
 * Entra access tokens, checked offline (docs/fdl-0.1.md, "This project's host"): an RS256 JSON Web Token signed by a
 * key of the issuer (read once, from its JWKS), with this issuer and audience, not expired, naming someone on the
 * allow-list (by object ID, else user name). Nothing is asked of Entra per request; a token is never logged.
 */
public final class EntraTokens {

	/** How far the host's clock and the issuer's may differ. */
	static final Duration LEEWAY = Duration.ofMinutes(5);
	private static final ObjectMapper JSON = new ObjectMapper();

	private final String issuer;
	private final String audience;
	private final Map<String, PublicKey> keys;
	private final Map<String, Access.Who> allowed;
	private final Clock clock;

	EntraTokens(String issuer, String audience, Map<String, PublicKey> keys, Map<String, Access.Who> allowed, Clock clock) {
		this.issuer = issuer;
		this.audience = audience;
		this.keys = Map.copyOf(keys);
		this.allowed = Map.copyOf(allowed);
		this.clock = clock;
	}

	/**
	 * The issuer's keys from {@code jwks} (a JWKS document), else from the {@code jwks_uri} of its OpenID
	 * configuration ({@code <issuer>/.well-known/openid-configuration}), read now through {@code http}.
	 */
	public static EntraTokens of(String issuer, String audience, Path allowList, Path jwks, HttpClient http, Clock clock)
			throws IOException {
		if (issuer == null || issuer.isBlank() || audience == null || audience.isBlank())
			throw new IOException("Entra tokens need an issuer and an audience");
		byte[] keys = jwks != null ? Files.readAllBytes(jwks) : fetchKeys(issuer, http);
		return new EntraTokens(issuer, audience, keys(keys, jwks != null ? jwks.toString() : issuer), allowList(allowList),
				clock);
	}

	private static byte[] fetchKeys(String issuer, HttpClient http) throws IOException {
		URI config = URI.create((issuer.endsWith("/") ? issuer : issuer + "/") + ".well-known/openid-configuration");
		JsonNode doc = JSON.readTree(fetch(http, config));
		JsonNode uri = doc.get("jwks_uri");
		if (uri == null || !uri.isTextual())
			throw new IOException(config + ": no jwks_uri");
		if (doc.hasNonNull("issuer") && !issuer.equals(doc.get("issuer").asText()))
			throw new IOException(config + ": it names the issuer " + doc.get("issuer").asText() + ", not " + issuer);
		return fetch(http, URI.create(uri.asText()));
	}

	private static byte[] fetch(HttpClient http, URI uri) throws IOException {
		try {
			HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build(),
					HttpResponse.BodyHandlers.ofByteArray());
			if (r.statusCode() != 200)
				throw new IOException(uri + ": HTTP " + r.statusCode());
			return r.body();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IOException(uri + ": interrupted", e);
		}
	}

	static Map<String, PublicKey> keys(byte[] jwks, String where) throws IOException {
		Map<String, PublicKey> out = new HashMap<>();
		JsonNode list = JSON.readTree(jwks).get("keys");
		if (list == null || !list.isArray())
			throw new IOException(where + ": no keys (a JWKS document is {\"keys\":[…]})");
		for (JsonNode k : list) {
			if (!"RSA".equals(k.path("kty").asText()) || k.path("kid").asText().isEmpty()
					|| k.has("use") && !"sig".equals(k.get("use").asText()))
				continue;
			try {
				Base64.Decoder d = Base64.getUrlDecoder();
				out.put(k.get("kid").asText(), KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(
						new BigInteger(1, d.decode(k.path("n").asText())), new BigInteger(1, d.decode(k.path("e").asText())))));
			} catch (GeneralSecurityException | IllegalArgumentException e) {
				throw new IOException(where + ": key " + k.get("kid").asText() + " is not an RSA key", e);
			}
		}
		if (out.isEmpty())
			throw new IOException(where + ": no RSA signing key");
		return out;
	}

	/** Lines {@code <object id or user name> <name> [main]}; {@code #} starts a comment. */
	static Map<String, Access.Who> allowList(Path file) throws IOException {
		Map<String, Access.Who> m = new HashMap<>();
		for (String line : Files.readAllLines(file)) {
			String l = line.strip();
			if (l.isEmpty() || l.startsWith("#"))
				continue;
			String[] f = l.split("\\s+");
			if (f.length < 2 || f.length > 3 || f.length == 3 && !f[2].equals("main"))
				throw new IOException(file + ": a line is not <object id or user name> <name> [main]");
			m.put(f[0].toLowerCase(Locale.ROOT), new Access.Who(f[1], f.length == 3));
		}
		return m;
	}

	/** Whether {@code token} is shaped as a JSON Web Token (three parts), so this class is the one to ask. */
	static boolean isJwt(String token) {
		return token.chars().filter(c -> c == '.').count() == 2;
	}

	/**
	 * Who the token names.
	 *
	 * @throws FdlException {@code unauthorized} (401) when it is not a valid token of this issuer for this audience,
	 *                      saying which check failed; {@code forbidden} (403) when it is valid but names no one on
	 *                      the allow-list
	 */
	Access.Who who(String token) throws FdlException {
		JsonNode claims = verified(token);
		for (String claim : new String[] { "oid", "preferred_username", "upn" }) {
			String v = claims.path(claim).asText("");
			Access.Who w = v.isEmpty() ? null : allowed.get(v.toLowerCase(Locale.ROOT));
			if (w != null)
				return w;
		}
		throw new FdlException(Refusal.FORBIDDEN, null, "the Entra token is valid, but its user is not on this host's"
				+ " allow-list");
	}

	/** The token's claims when its signature, issuer, audience and times hold. */
	private JsonNode verified(String token) throws FdlException {
		String[] p = token.split("\\.", -1);
		if (p.length != 3)
			throw invalid("it is not a JSON Web Token");
		JsonNode claims;
		try {
			Base64.Decoder d = Base64.getUrlDecoder();
			JsonNode header = JSON.readTree(d.decode(p[0]));
			PublicKey key = keys.get(header.path("kid").asText(""));
			if (!"RS256".equals(header.path("alg").asText()))
				throw invalid("it is not signed with RS256");
			if (key == null)
				throw invalid("it is signed by no key of " + issuer);
			Signature s = Signature.getInstance("SHA256withRSA");
			s.initVerify(key);
			s.update((p[0] + "." + p[1]).getBytes(StandardCharsets.US_ASCII));
			if (!s.verify(d.decode(p[2])))
				throw invalid("its signature does not verify against the key of " + issuer + " it names");
			claims = JSON.readTree(d.decode(p[1]));
		} catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
			throw invalid("it is not a well-formed JSON Web Token");
		}
		Instant now = clock.instant();
		if (!issuer.equals(claims.path("iss").asText()))
			throw invalid("it was issued by " + claims.path("iss").asText("no one") + ", not " + issuer);
		if (!audience(claims.get("aud")))
			throw invalid("it is for another audience than " + audience);
		if (!claims.path("exp").canConvertToLong()
				|| !Instant.ofEpochSecond(claims.get("exp").asLong()).plus(LEEWAY).isAfter(now))
			throw invalid("it has expired");
		if (claims.has("nbf") && Instant.ofEpochSecond(claims.get("nbf").asLong()).minus(LEEWAY).isAfter(now))
			throw invalid("it is not valid yet");
		return claims;
	}

	private static FdlException invalid(String why) {
		return new FdlException(Refusal.UNAUTHORIZED, null, "no valid bearer token: the Entra token is refused, " + why);
	}

	private boolean audience(JsonNode aud) {
		if (aud == null)
			return false;
		if (aud.isArray()) {
			for (JsonNode a : aud)
				if (audience.equals(a.asText()))
					return true;
			return false;
		}
		return audience.equals(aud.asText());
	}
}
