package io.lakestudio.onelake.fabric;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.auth.TokenSource;

/**
 * OneLake's bytes over the DFS endpoint. Paths are {@code abfss://<workspace>@<host>/<item>/...} as Fabric gives
 * them (any host: the configured DFS endpoint is used), or plain {@code <workspace>/<item>/...}. A listing follows
 * {@code x-ms-continuation} to its end or fails whole.
 */
public final class DfsStore implements LakeStore {

	private final Http http;
	private final URI base;
	private final String host;

	DfsStore(Http http, Endpoints endpoints) {
		this.http = http;
		this.base = endpoints.dfs();
		this.host = endpoints.dfs().getAuthority();
	}

	/** The lake path of {@code rest} in a workspace, as this store's entries carry it. */
	public String path(String workspace, String rest) {
		return "abfss://" + workspace + "@" + host + "/" + rest;
	}

	/** {workspace, path inside it}. */
	static String[] split(String path) {
		if (path.startsWith("abfss://")) {
			String rest = path.substring("abfss://".length());
			int at = rest.indexOf('@');
			int slash = rest.indexOf('/', at);
			return new String[] { rest.substring(0, at), slash < 0 ? "" : rest.substring(slash + 1) };
		}
		int slash = path.indexOf('/');
		return slash < 0 ? new String[] { path, "" } : new String[] { path.substring(0, slash), path.substring(slash + 1) };
	}

	@Override
	public List<Entry> list(String dir, boolean recursive) throws LakeException {
		String[] p = split(dir);
		List<Entry> out = new ArrayList<>();
		String continuation = null;
		do {
			URI uri = URI.create(base + "/" + enc(p[0]) + "?resource=filesystem&recursive=" + recursive
					+ "&directory=" + enc(strip(p[1])) + "&maxResults=5000"
					+ (continuation == null ? "" : "&continuation=" + enc(continuation)));
			Http.Reply r = http.send("GET", uri, TokenSource.STORAGE_SCOPE, null);
			JsonNode paths = r.json().get("paths");
			if (paths == null || !paths.isArray()) {
				throw new LakeException(Kind.MALFORMED, "A DFS listing of " + dir + " has no paths");
			}
			for (JsonNode n : paths) {
				if (!n.hasNonNull("name")) {
					throw new LakeException(Kind.MALFORMED, "A DFS listing of " + dir + " has a path without a name");
				}
				out.add(new Entry(path(p[0], n.get("name").asText()), "true".equals(n.path("isDirectory").asText()),
						Long.parseLong(n.path("contentLength").asText("0")), time(n.path("lastModified").asText(null))));
			}
			continuation = r.headers().firstValue("x-ms-continuation").filter(s -> !s.isEmpty()).orElse(null);
		} while (continuation != null);
		return out;
	}

	@Override
	public Entry stat(String path) throws LakeException {
		Http.Reply r = http.send("HEAD", uri(path), TokenSource.STORAGE_SCOPE, null);
		long size = r.headers().firstValueAsLong("Content-Length").orElse(0);
		boolean dir = "directory".equals(r.headers().firstValue("x-ms-resource-type").orElse(""));
		return new Entry(path, dir, size, time(r.headers().firstValue("Last-Modified").orElse(null)));
	}

	@Override
	public byte[] read(String path, long offset, int length) throws LakeException {
		if (length == 0) {
			return new byte[0];
		}
		Http.Reply r = http.send("GET", uri(path), TokenSource.STORAGE_SCOPE,
				"bytes=" + offset + "-" + (offset + length - 1));
		return r.body();
	}

	/** The whole file. */
	public byte[] readAll(String path) throws LakeException {
		return http.send("GET", uri(path), TokenSource.STORAGE_SCOPE, null).body();
	}

	private URI uri(String path) {
		String[] p = split(path);
		StringBuilder b = new StringBuilder(base.toString()).append('/').append(enc(p[0]));
		for (String s : strip(p[1]).split("/")) {
			b.append('/').append(enc(s));
		}
		return URI.create(b.toString());
	}

	private static String strip(String p) {
		return p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
	}

	private static String enc(String s) {
		return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
	}

	private static Instant time(String rfc1123) throws LakeException {
		if (rfc1123 == null) {
			return null;
		}
		try {
			return ZonedDateTime.parse(rfc1123, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
		} catch (RuntimeException e) {
			throw new LakeException(Kind.MALFORMED, "Not an HTTP date: " + rfc1123, e);
		}
	}
}
