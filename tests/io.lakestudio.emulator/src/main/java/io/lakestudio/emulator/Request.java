package io.lakestudio.emulator;

import java.time.Instant;

/**
 * One request the emulator answered (or dropped): what tests assert on. {@code api} is "fabric", "dfs", "token" or "entra" (the sign-in endpoints);
 * {@code status} is 0 when the connection was held or reset without an answer. {@code userAgent} and
 * {@code version} are the request's {@code User-Agent} and {@code x-ms-version} headers (null when absent), which
 * tell which client sent it. {@code range} is the byte range a DFS read asked for ({@code x-ms-range}, else
 * {@code Range}; null when none) and {@code bytes} the length of the body answered, so a test can tell ranged
 * reads from whole-file ones and count what crossed the wire. {@code authorized}: whether the request carried an
 * {@code Authorization} header (a test that no token left for where it must not go). No token is kept.
 */
public record Request(Instant at, String api, String method, String path, String query, int status, String userAgent,
		String version, String range, long bytes, boolean authorized) {

	public Request(Instant at, String api, String method, String path, String query, int status, String userAgent,
			String version, String range, long bytes) {
		this(at, api, method, path, query, status, userAgent, version, range, bytes, false);
	}

	public Request(Instant at, String api, String method, String path, String query, int status) {
		this(at, api, method, path, query, status, null, null, null, 0);
	}

	public Request(Instant at, String api, String method, String path, String query, int status, String userAgent,
			String version) {
		this(at, api, method, path, query, status, userAgent, version, null, 0);
	}

	/** The first byte of {@link #range}, or -1 when the request asked for no range. */
	public long rangeStart() {
		if (range == null || !range.startsWith("bytes=")) {
			return -1;
		}
		return Long.parseLong(range.substring(6, range.indexOf('-')));
	}

	/** Path and query as one string, for matching. */
	public String target() {
		return query == null || query.isEmpty() ? path : path + "?" + query;
	}

	/** A listing call: a GET of a Fabric list or a DFS directory listing. */
	public boolean listing() {
		return "GET".equals(method) && ("fabric".equals(api) && !path.startsWith("/v1/operations")
				|| "dfs".equals(api) && query != null && query.contains("resource=filesystem"));
	}
}
