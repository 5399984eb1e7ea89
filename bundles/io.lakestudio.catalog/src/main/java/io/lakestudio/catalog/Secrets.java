package io.lakestudio.catalog;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks anything shaped like a credential in a text bound for a log or the Logs console: a JWT (an access or ID
 * token), a bearer token, an Entra refresh token, an Entra client secret, the value of an OAuth parameter or JSON
 * field that carries one (in a URL, a form, an error body the lake sent back, an exception message), and the
 * client secret this process was given in {@code LAKESTUDIO_CLIENT_SECRET}. Callers never pass a token; this is the
 * net under them.
 */
public final class Secrets {

	private static final String MASK = "***";

	private static final List<Pattern> SHAPES = List.of(
			// a JWT: three base64url parts, the first a JSON header ("eyJ" is '{"' encoded)
			Pattern.compile("eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]*"),
			// Entra's refresh tokens (and other opaque tokens of its v2 endpoint): 0.A… / 1.A…
			Pattern.compile("\\b[01]\\.A[A-Za-z0-9_-]{20,}[A-Za-z0-9._~+/=-]*"),
			// an Entra client secret: three characters, a digit, Q~, then 31-34 more
			Pattern.compile("[A-Za-z0-9_.-]{3}\\dQ~[A-Za-z0-9_.~-]{31,34}"));

	/** Bearer <token>, and key=value / "key":"value" for the parameters and fields that carry a credential. */
	private static final Pattern BEARER = Pattern.compile("(?i)(bearer\\s+)[A-Za-z0-9._~+/=-]+");
	private static final Pattern FIELD = Pattern.compile("(?i)(\\b(?:access_token|refresh_token|id_token|client_secret"
			+ "|client_assertion|assertion|code|code_verifier|device_code|password|secret|sig|token)"
			+ "(?:\\s*=\\s*|\"\\s*:\\s*\"|'\\s*:\\s*'))([^&\\s\"',;}]+)");

	private Secrets() {
	}

	public static String mask(String text) {
		if (text == null || text.isEmpty()) {
			return text;
		}
		String out = text;
		String given = System.getenv("LAKESTUDIO_CLIENT_SECRET");
		if (given != null && given.length() >= 8) {
			out = out.replace(given, MASK);
		}
		out = BEARER.matcher(out).replaceAll("$1" + MASK);
		out = FIELD.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + MASK));
		for (Pattern p : SHAPES) {
			out = p.matcher(out).replaceAll(MASK);
		}
		return out;
	}
}
