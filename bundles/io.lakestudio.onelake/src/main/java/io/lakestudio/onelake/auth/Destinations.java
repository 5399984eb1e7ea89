package io.lakestudio.onelake.auth;

import java.net.URI;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;

/**
 * Where a bearer token or a client secret may go: over https only, and only to a host (and port) configured for
 * it, the Fabric and OneLake endpoints for tokens, Entra's sign-in hosts for the secret. The one exception is
 * plain http to a configured loopback address, which is how the emulator is reached in tests and demos: nothing
 * leaves the machine there. Checked before anything is sent, so a refused destination never sees the token.
 */
public final class Destinations {

	/** Entra's sign-in hosts (public cloud, US Government, China); a tokenEndpoint elsewhere gets no secret. */
	public static final Set<String> ENTRA_HOSTS = Set.of("login.microsoftonline.com", "login.microsoft.com",
			"login.windows.net", "login.microsoftonline.us", "login.chinacloudapi.cn",
			"login.partner.microsoftonline.cn");

	private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]", "::1");

	private Destinations() {
	}

	/** Refuses {@code uri} for a token unless it is https on one of {@code configured}'s hosts (or loopback). */
	public static void token(URI uri, Collection<URI> configured) throws LakeException {
		check(uri, configured.stream().anyMatch(c -> sameHost(uri, c)), "a bearer token",
				"the configured Fabric and OneLake endpoints");
	}

	/** Refuses {@code uri} for a client secret unless it is https on an Entra host (or the configured loopback). */
	public static void secret(URI uri) throws LakeException {
		String host = host(uri);
		check(uri, ENTRA_HOSTS.contains(host) || LOOPBACK.contains(host), "the client secret",
				"Entra's sign-in hosts");
	}

	private static void check(URI uri, boolean configured, String what, String where) throws LakeException {
		String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
		boolean loopback = LOOPBACK.contains(host(uri));
		if (!scheme.equals("https") && !(scheme.equals("http") && loopback)) {
			throw new LakeException(Kind.FAILED, "Refused to send " + what + " to " + origin(uri) + ": only over https"
					+ " (plain http only to this machine's loopback); not sent");
		}
		if (!configured) {
			throw new LakeException(Kind.FAILED, "Refused to send " + what + " to " + origin(uri) + ": not one of "
					+ where + "; not sent");
		}
	}

	private static boolean sameHost(URI a, URI b) {
		return host(a).equals(host(b)) && port(a) == port(b);
	}

	private static String host(URI u) {
		return u.getHost() == null ? "" : u.getHost().toLowerCase(Locale.ROOT);
	}

	private static int port(URI u) {
		return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
	}

	/** Scheme, host and port: never a path or query (they may hold a code or a continuation token). */
	private static String origin(URI u) {
		return u.getScheme() + "://" + u.getRawAuthority();
	}

	/** The hosts tokens go to, for {@link #token}. */
	public static List<URI> of(URI... endpoints) {
		return List.of(endpoints);
	}
}
