package io.lakestudio.emulator;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.lakestudio.emulator.internal.Answer;
import io.lakestudio.emulator.internal.Query;

/**
 * Bearer tokens: the token endpoint ({@code POST /token}, an OAuth client-credentials grant in Entra's shape) hands
 * them out, every other call needs a live one. Tests expire them to see the client refresh or ask to sign in.
 */
public final class Tokens {

	public static final String CLIENT_ID = "lakestudio-emulator";
	public static final String CLIENT_SECRET = "emulator-secret";

	/** The id of the key the emulator signs users' access tokens with. */
	public static final String KEY_ID = "emulator-signing-1";

	private final Clock clock;
	/** Made once per emulator: a token signed by another emulator's key is a foreign one. */
	private final java.security.KeyPair keys = rsa();
	private final Map<String, Instant> live = new ConcurrentHashMap<>();
	private final SecureRandom random = new SecureRandom();
	private volatile Duration ttl = Duration.ofHours(1);
	private volatile boolean required = true;

	Tokens(Clock clock) {
		this.clock = clock;
	}

	private static java.security.KeyPair rsa() {
		try {
			java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("RSA");
			g.initialize(2048);
			return g.generateKeyPair();
		} catch (java.security.GeneralSecurityException e) {
			throw new IllegalStateException(e);
		}
	}

	/** A token valid for {@code ttl} from now, as the endpoint would give. */
	public String issue(Duration ttl) {
		byte[] b = new byte[24];
		random.nextBytes(b);
		String token = "emu." + HexFormat.of().formatHex(b);
		live.put(token, clock.instant().plus(ttl));
		return token;
	}

	/**
	 * A user's access token as Entra hands one out: a JSON Web Token signed with RS256 by {@link #KEY_ID}, which
	 * {@link #jwks()} publishes (so a service can check it offline), valid here for {@code ttl} from now.
	 */
	public String issueSigned(Map<String, Object> claims, Duration ttl) {
		try {
			String header = b64(Answer.JSON.writeValueAsBytes(Map.of("alg", "RS256", "typ", "JWT", "kid", KEY_ID)));
			String body = b64(Answer.JSON.writeValueAsBytes(claims));
			java.security.Signature s = java.security.Signature.getInstance("SHA256withRSA");
			s.initSign(keys.getPrivate());
			s.update((header + "." + body).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
			String token = header + "." + body + "." + b64(s.sign());
			live.put(token, clock.instant().plus(ttl));
			return token;
		} catch (java.io.IOException | java.security.GeneralSecurityException e) {
			throw new IllegalStateException(e);
		}
	}

	/** The signing keys' JWKS document, as Entra serves it at its {@code jwks_uri}. */
	public Map<String, Object> jwks() {
		java.security.interfaces.RSAPublicKey k = (java.security.interfaces.RSAPublicKey) keys.getPublic();
		return Map.of("keys", java.util.List.of(Map.of("kty", "RSA", "use", "sig", "kid", KEY_ID, "n",
				b64(unsigned(k.getModulus())), "e", b64(unsigned(k.getPublicExponent())))));
	}

	private static byte[] unsigned(java.math.BigInteger n) {
		byte[] b = n.toByteArray();
		return b[0] == 0 && b.length > 1 ? java.util.Arrays.copyOfRange(b, 1, b.length) : b;
	}

	private static String b64(byte[] b) {
		return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(b);
	}

	/** Every token handed out so far is expired from now on. */
	public void expireAll() {
		Instant now = clock.instant();
		live.replaceAll((t, exp) -> now.minusSeconds(1));
	}

	/** How long the tokens the endpoint hands out live. */
	public void ttl(Duration ttl) {
		this.ttl = ttl;
	}

	Duration ttl() {
		return ttl;
	}

	/** Turns the bearer check off, for manual runs with plain curl. */
	public void required(boolean required) {
		this.required = required;
	}

	/** null when the request may go on, else why not ("missing", "expired", "unknown"). */
	String check(String authorization) {
		if (!required) {
			return null;
		}
		if (authorization == null || !authorization.startsWith("Bearer ")) {
			return "missing";
		}
		Instant exp = live.get(authorization.substring("Bearer ".length()).trim());
		if (exp == null) {
			return "unknown";
		}
		return exp.isAfter(clock.instant()) ? null : "expired";
	}

	Answer endpoint(String form) {
		Query q = new Query(form);
		if (!"client_credentials".equals(q.get("grant_type"))) {
			return Answer.json(400, Map.of("error", "unsupported_grant_type", "error_description",
					"AADSTS70003: only client_credentials is emulated"));
		}
		if (!CLIENT_ID.equals(q.get("client_id")) || !CLIENT_SECRET.equals(q.get("client_secret"))) {
			return Answer.json(401, Map.of("error", "invalid_client", "error_description",
					"AADSTS7000215: Invalid client secret provided."));
		}
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("token_type", "Bearer");
		body.put("expires_in", ttl.toSeconds());
		body.put("ext_expires_in", ttl.toSeconds());
		body.put("access_token", issue(ttl));
		return Answer.json(200, body);
	}
}
