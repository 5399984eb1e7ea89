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

	private final Clock clock;
	private final Map<String, Instant> live = new ConcurrentHashMap<>();
	private final SecureRandom random = new SecureRandom();
	private volatile Duration ttl = Duration.ofHours(1);
	private volatile boolean required = true;

	Tokens(Clock clock) {
		this.clock = clock;
	}

	/** A token valid for {@code ttl} from now, as the endpoint would give. */
	public String issue(Duration ttl) {
		byte[] b = new byte[24];
		random.nextBytes(b);
		String token = "emu." + HexFormat.of().formatHex(b);
		live.put(token, clock.instant().plus(ttl));
		return token;
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
