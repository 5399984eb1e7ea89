package io.lakestudio.fdl.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.VersionRecord;

/**
 * Who a bearer token is, and whether they may move {@code main}: the host's decision, which FDL leaves to it. The
 * token file holds no token, only each token's SHA-256, so a copy of it lets no one in. Lines:
 * {@code <sha256 of token> <name> [main]}; {@code #} starts a comment. A host may take Entra access tokens too
 * ({@link #and(EntraTokens)}).
 */
public final class Access {

	/** Someone a token names. */
	public record Who(String name, boolean mayMoveMain) {
	}

	private final Map<String, Who> byHash;
	private final EntraTokens entra;

	private Access(Map<String, Who> byHash, EntraTokens entra) {
		this.byHash = byHash;
		this.entra = entra;
	}

	private Access(Map<String, Who> byHash) {
		this(byHash, null);
	}

	/** Entra access tokens taken too (and only those, when this host had no token file: it is no longer open). */
	public Access and(EntraTokens entraTokens) {
		return new Access(byHash == null ? Map.of() : byHash, entraTokens);
	}

	/** No tokens: every request is taken, and anyone may move main (a host for one person on loopback). */
	public static Access open() {
		return new Access(null);
	}

	public static Access of(Map<String, Who> tokens) {
		Map<String, Who> m = new HashMap<>();
		tokens.forEach((t, w) -> m.put(hash(t), w));
		return new Access(m);
	}

	public static Access load(Path file) throws IOException {
		Map<String, Who> m = new HashMap<>();
		for (String line : Files.readAllLines(file)) {
			String l = line.strip();
			if (l.isEmpty() || l.startsWith("#"))
				continue;
			String[] f = l.split("\\s+");
			if (f.length < 2 || !f[0].matches("[0-9a-f]{64}"))
				throw new IOException(file + ": a line is not <sha256 of token> <name> [main]");
			m.put(f[0], new Who(f[1], f.length > 2 && f[2].equals("main")));
		}
		return new Access(m);
	}

	/** The line of the token file for {@code token}. */
	public static String line(String token, String name, boolean mayMoveMain) {
		return hash(token) + " " + name + (mayMoveMain ? " main" : "");
	}

	/**
	 * Who an {@code Authorization} header names; empty when it names no one this host knows.
	 *
	 * @throws FdlException {@code unauthorized} for an Entra token that is not valid (saying why), {@code forbidden}
	 *                      for a valid one of someone not on the allow-list
	 */
	public Optional<Who> who(String authorization) throws FdlException {
		if (byHash == null)
			return Optional.of(new Who("anyone", true));
		if (authorization == null || !authorization.startsWith("Bearer "))
			return Optional.empty();
		String token = authorization.substring("Bearer ".length()).strip();
		String h = hash(token);
		// compared by hash, so the comparison takes the same time whatever the token
		for (Map.Entry<String, Who> e : byHash.entrySet())
			if (MessageDigest.isEqual(e.getKey().getBytes(StandardCharsets.US_ASCII), h.getBytes(StandardCharsets.US_ASCII)))
				return Optional.of(e.getValue());
		if (entra != null && EntraTokens.isJwt(token))
			return Optional.of(entra.who(token));
		return Optional.empty();
	}

	private static String hash(String token) {
		return VersionRecord.sha256(token.getBytes(StandardCharsets.UTF_8));
	}
}
