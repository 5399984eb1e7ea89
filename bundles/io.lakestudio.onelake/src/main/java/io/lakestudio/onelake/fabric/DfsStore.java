package io.lakestudio.onelake.fabric;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.Context;
import com.azure.storage.common.Utility;
import com.azure.storage.file.datalake.DataLakeFileClient;
import com.azure.storage.file.datalake.DataLakeServiceClient;
import com.azure.storage.file.datalake.models.ListPathsOptions;
import com.azure.storage.file.datalake.models.PathItem;
import com.azure.storage.file.datalake.models.PathProperties;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.auth.TokenSource;

/**
 * OneLake's bytes over the DFS endpoint, through azure-storage-file-datalake. Paths are
 * {@code abfss://<workspace>@<host>/<item>/...} as Fabric gives them (any host: the configured DFS endpoint is
 * used), or plain {@code <workspace>/<item>/...}. A listing follows {@code x-ms-continuation} to its end or fails
 * whole. The SDK client is made on the first DFS call, so a command that only asks Fabric REST never loads it.
 */
public final class DfsStore implements LakeStore {

	private static final int PAGE = 5000;
	private static final HttpHeaderName X_MS_VERSION = HttpHeaderName.fromString("x-ms-version");
	private static final HttpHeaderName X_MS_RANGE = HttpHeaderName.fromString("x-ms-range");

	private final Endpoints endpoints;
	private final TokenSource tokens;
	private final Consumer<String> log;
	private final Clock clock;
	private final String host;
	private volatile DataLakeServiceClient client;

	DfsStore(Endpoints endpoints, TokenSource tokens, Consumer<String> log, Clock clock) {
		this.endpoints = endpoints;
		this.tokens = tokens;
		this.log = log;
		this.clock = clock;
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

	/**
	 * Entries are named under the folder as the caller gave it: a table's location keeps the host Fabric wrote
	 * in it (onelake.dfs.fabric.microsoft.com, a regional host), which need not be the configured endpoint's, and
	 * callers take an entry's name as what follows {@code dir + "/"}.
	 */
	@Override
	public List<Entry> list(String dir, boolean recursive) throws LakeException {
		String[] p = split(dir);
		String prefix = prefix(dir, p[0]);
		List<Entry> out = new ArrayList<>();
		try {
			ListPathsOptions o = new ListPathsOptions().setPath(strip(p[1])).setRecursive(recursive).setMaxResults(PAGE);
			for (PathItem item : client().getFileSystemClient(p[0]).listPaths(o, null)) {
				out.add(new Entry(prefix + item.getName(), item.isDirectory(), item.getContentLength(),
						instant(item.getLastModified())));
			}
		} catch (RuntimeException e) {
			throw DfsFailures.of("A DFS listing of " + dir, endpoints.dfs(), e, clock);
		}
		return out;
	}

	/** {@code abfss://<workspace>@<host>/} as {@code dir} has it; for a plain path, this store's own form. */
	private String prefix(String dir, String workspace) {
		if (dir.startsWith("abfss://")) {
			int slash = dir.indexOf('/', dir.indexOf('@'));
			return (slash < 0 ? dir : dir.substring(0, slash)) + "/";
		}
		return path(workspace, "");
	}

	@Override
	public Entry stat(String path) throws LakeException {
		try {
			PathProperties props = file(path).getProperties();
			return new Entry(path, Boolean.TRUE.equals(props.isDirectory()), props.getFileSize(),
					instant(props.getLastModified()));
		} catch (RuntimeException e) {
			throw DfsFailures.of("HEAD " + path, endpoints.dfs(), e, clock);
		}
	}

	@Override
	public byte[] read(String path, long offset, int length) throws LakeException {
		if (length == 0) {
			return new byte[0];
		}
		return get(path, "bytes=" + offset + "-" + (offset + length - 1));
	}

	/** An object store with conditional writes in the OneLake folder {@code root} (abfss:// or plain form). */
	public io.lakestudio.store.ObjectStore objects(String root) {
		return new OneLakeObjectStore(this::client, endpoints.dfs(), clock, root);
	}

	/** The whole file. */
	public byte[] readAll(String path) throws LakeException {
		return get(path, null);
	}

	/**
	 * A GET of the blob as {@code DataLakeFileClient.read} sends it (its URL on the blob endpoint, x-ms-range,
	 * x-ms-version), sent straight through the service client's pipeline, whose policies are the SDK's (bearer
	 * token and its challenge, our one-try retry options, request id, user agent) and ours (the log line). The
	 * SDK's read builds a file client per call and streams the body through Reactor operators into an
	 * OutputStream: on a 16 KB read that was most of the client's CPU (tests/bench/dfs-read-bench).
	 */
	private byte[] get(String path, String range) throws LakeException {
		DataLakeServiceClient c = client();
		String[] p = split(path);
		HttpRequest request = new HttpRequest(HttpMethod.GET, blobUrl(c.getAccountUrl()) + "/"
				+ Utility.urlEncode(p[0]) + "/" + Utility.urlEncode(strip(p[1])))
				.setHeader(X_MS_VERSION, c.getServiceVersion().getVersion());
		if (range != null) {
			request.setHeader(X_MS_RANGE, range);
		}
		try (HttpResponse r = c.getHttpPipeline().sendSync(request, Context.NONE)) {
			if (r.getStatusCode() != 200 && r.getStatusCode() != 206) {
				throw DfsFailures.status("GET " + path, r, null, clock);
			}
			return r.getBodyAsBinaryData().toBytes();
		} catch (RuntimeException e) {
			throw DfsFailures.of("GET " + path, endpoints.dfs(), e, clock);
		}
	}

	/**
	 * The SDK's own rule for a path's blob URL: a host's first ".dfs." becomes ".blob."; an IP-style endpoint with
	 * no account name in its path (the emulator's) has a trailing '/' to drop.
	 */
	static String blobUrl(String accountUrl) {
		String u = accountUrl.endsWith("/") ? accountUrl.substring(0, accountUrl.length() - 1) : accountUrl;
		return u.contains(".dfs.") ? u.replaceFirst("\\.dfs\\.", ".blob.") : u;
	}

	private DataLakeFileClient file(String path) {
		String[] p = split(path);
		return client().getFileSystemClient(p[0]).getFileClient(strip(p[1]));
	}

	DataLakeServiceClient client() {
		DataLakeServiceClient c = client;
		if (c == null) {
			synchronized (this) {
				if (client == null) {
					client = DfsClient.build(endpoints, tokens, log, clock);
				}
				c = client;
			}
		}
		return c;
	}

	private static String strip(String p) {
		return p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
	}

	private static Instant instant(OffsetDateTime t) {
		return t == null ? null : t.toInstant();
	}
}
