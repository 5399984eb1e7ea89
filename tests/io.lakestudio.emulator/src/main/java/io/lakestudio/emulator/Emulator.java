package io.lakestudio.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import io.lakestudio.emulator.internal.Answer;
import io.lakestudio.emulator.internal.DfsApi;
import io.lakestudio.emulator.internal.FabricApi;
import io.lakestudio.emulator.internal.LoopbackTls;
import io.lakestudio.emulator.internal.Query;

/**
 * A loopback Fabric REST + OneLake DFS server over a folder lake, for tests (in-process, on 127.0.0.1:0) and demos
 * ({@link Main}). Two ports: Fabric REST ({@code /v1/...}, and {@code POST /token}) and DFS
 * ({@code /{workspace}/...}). Every request needs a bearer token from the token endpoint, is logged in
 * {@link #log()}, and may meet a {@link Fault} first.
 */
public final class Emulator implements AutoCloseable {

	static {
		// the JDK's HTTP server leaves Nagle on: a response's headers and body go out as two small writes, and the
		// second waits for the client's delayed ACK (40 ms on Linux). Measured: 8 parallel 16 KB reads with a 25 ms
		// delay took ~75 ms for half of them, ~35 ms for all with this. Read once, when the server classes load.
		System.setProperty("sun.net.httpserver.nodelay", System.getProperty("sun.net.httpserver.nodelay", "true"));
	}

	/** How the tables API answers a schema-enabled lakehouse. */
	public enum SchemaTables {
		/** 400 UnsupportedOperationForSchemasEnabledLakehouse, as Fabric does today. */
		BAD_REQUEST,
		/** 404 "not supported". */
		NOT_FOUND
	}

	private final FolderTenant tenant;
	private final Clock clock;
	private final HttpServer fabric;
	private final HttpsServer dfs;
	private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
	private final RequestLog log = new RequestLog();
	private final Faults faults = new Faults();
	private final Tokens tokens;
	private final FabricApi fabricApi;
	private final DfsApi dfsApi;
	private volatile boolean closed;
	private Entra entra;

	private Emulator(Path root, Clock clock, int fabricPort, int dfsPort) throws IOException {
		this.tenant = new FolderTenant(root);
		this.clock = clock;
		this.tokens = new Tokens(clock);
		fabric = HttpServer.create(new InetSocketAddress("127.0.0.1", fabricPort), 50);
		// https: azure-core's bearer policy sends a token over nothing else, and the client is that SDK
		dfs = HttpsServer.create(new InetSocketAddress("127.0.0.1", dfsPort), 50);
		dfs.setHttpsConfigurator(new HttpsConfigurator(LoopbackTls.serverContext()));
		fabricApi = new FabricApi(tenant, fabricUrl(), dfsUrl());
		dfsApi = new DfsApi(tenant);
		fabric.createContext("/", ex -> serve(ex, "fabric"));
		dfs.createContext("/", ex -> serve(ex, "dfs"));
		fabric.setExecutor(executor);
		dfs.setExecutor(executor);
		fabric.start();
		dfs.start();
	}

	/** Starts on two free loopback ports with the system clock. */
	public static Emulator start(Path root) throws IOException {
		return start(root, Clock.systemUTC());
	}

	/** Starts on two free loopback ports; {@code clock} stamps the request log and expires tokens. */
	public static Emulator start(Path root, Clock clock) throws IOException {
		return new Emulator(root, clock, 0, 0);
	}

	public static Emulator start(Path root, Clock clock, int fabricPort, int dfsPort) throws IOException {
		return new Emulator(root, clock, fabricPort, dfsPort);
	}

	/** Base of Fabric REST; calls go to {@code <fabricUrl>/v1/...}. */
	public String fabricUrl() {
		return "http://127.0.0.1:" + fabric.getAddress().getPort();
	}

	/** Base of DFS, loopback https; calls go to {@code <dfsUrl>/<workspace>/<item>/...}. */
	public String dfsUrl() {
		return "https://127.0.0.1:" + dfs.getAddress().getPort();
	}

	/** The DFS endpoint's self-signed certificate, PEM: what a client must trust to talk to {@link #dfsUrl()}. */
	public Path dfsCaFile() {
		try {
			return LoopbackTls.caFile();
		} catch (IOException e) {
			throw new java.io.UncheckedIOException(e);
		}
	}

	/** The OAuth token endpoint (client credentials {@link Tokens#CLIENT_ID} / {@link Tokens#CLIENT_SECRET}). */
	public String tokenUrl() {
		return fabricUrl() + "/token";
	}

	public Tokens tokens() {
		return tokens;
	}

	/**
	 * The Entra-like sign-in endpoints (device code, refresh token) on their own loopback HTTPS port, started on
	 * the first call; the access tokens they hand out are accepted by the Fabric and DFS endpoints.
	 */
	public synchronized Entra entra() throws IOException {
		if (entra == null) {
			entra = new Entra(clock, tokens, log);
		}
		return entra;
	}

	public Faults faults() {
		return faults;
	}

	public RequestLog log() {
		return log;
	}

	public FolderTenant tenant() {
		return tenant;
	}

	/** Page sizes of Fabric lists (tables API: unless maxResults says otherwise) and DFS listings. */
	public Emulator pageSize(int fabricRows, int dfsPaths) {
		fabricApi.pageSize = fabricRows;
		dfsApi.pageSize = dfsPaths;
		return this;
	}

	/** Long-running operations answer with a Location on {@code base} (e.g. another host) instead of this one. */
	public Emulator operationsAt(String base) {
		fabricApi.operationsBase = base;
		return this;
	}

	public Emulator schemaTables(SchemaTables answer) {
		fabricApi.schemaTables = answer;
		return this;
	}

	public String workspaceId(String name) {
		return FolderTenant.id("workspace", name);
	}

	/** An item's id from its workspace's name and its folder's name ({@code Sales.Lakehouse}). */
	public String itemId(String workspace, String itemFolder) {
		return FolderTenant.id("item", workspace + "/" + itemFolder);
	}

	private void serve(HttpExchange ex, String api) throws IOException {
		String method = ex.getRequestMethod();
		String path = ex.getRequestURI().getRawPath();
		String query = ex.getRequestURI().getRawQuery();
		String target = query == null ? path : path + "?" + query;
		boolean token = "fabric".equals(api) && "/token".equals(path);
		Instant at = clock.instant();
		String logged = token ? "token" : api;
		String agent = ex.getRequestHeaders().getFirst("User-Agent");
		String version = ex.getRequestHeaders().getFirst("x-ms-version");
		String range = "dfs".equals(api) ? range(ex) : null;
		boolean authorized = ex.getRequestHeaders().containsKey("Authorization");
		byte[] in;
		try (InputStream body = ex.getRequestBody()) {
			in = body.readAllBytes();
		}
		Optional<Fault> fault = faults.take(target);
		if (fault.isPresent() && fault.get().kind() == Fault.Kind.RESET) {
			log.add(new Request(at, logged, method, path, query, 0, agent, version, range, 0, authorized));
			// the server drops the connection, with no answer, when a handler throws
			throw new IOException("emulated connection reset");
		}
		if (fault.isPresent() && fault.get().kind() == Fault.Kind.HOLD) {
			log.add(new Request(at, logged, method, path, query, 0, agent, version, range, 0, authorized));
		}
		try (ex) {
			Answer a = fault.isPresent() ? play(fault.get(), api) : null;
			if (fault.isPresent() && a == null) {
				return;
			}
			if (a == null || a.status() == 0) {
				a = answer(api, token, method, path, query, in, ex);
			} else if (fault.get().kind() == Fault.Kind.MALFORMED) {
				Answer real = answer(api, token, method, path, query, in, ex);
				a = new Answer(200, real.headers(), Arrays.copyOf(real.body(), real.body().length / 2));
			}
			if (fault.isEmpty() || fault.get().kind() != Fault.Kind.HOLD) {
				long bytes = "HEAD".equals(method) || a.body() == null ? 0 : a.body().length;
				log.add(new Request(at, logged, method, path, query, a.status(), agent, version, range, bytes,
						authorized));
			}
			send(ex, a, method);
		} catch (RuntimeException | IOException e) {
			if (!closed) {
				System.err.println("emulator: " + method + " " + target + ": " + e);
			}
		}
	}

	private Answer answer(String api, boolean token, String method, String path, String query, byte[] in,
			HttpExchange ex) throws IOException {
		if (token) {
			return "POST".equals(method) ? tokens.endpoint(new String(in, StandardCharsets.UTF_8))
					: Answer.json(405, Map.of("error", "invalid_request"));
		}
		String why = tokens.check(ex.getRequestHeaders().getFirst("Authorization"));
		if (why != null) {
			return unauthorized(api, why);
		}
		Query q = new Query(query);
		if ("fabric".equals(api)) {
			return fabricApi.handle(method, path, q);
		}
		return dfsApi.handle(method, path, q, range(ex), ex.getRequestHeaders()::getFirst, in);
	}

	/** The SDK's blob reads send x-ms-range, which wins over Range as on Azure Storage. */
	private static String range(HttpExchange ex) {
		String range = ex.getRequestHeaders().getFirst("x-ms-range");
		return range != null ? range : ex.getRequestHeaders().getFirst("Range");
	}

	private static Answer unauthorized(String api, String why) {
		if ("fabric".equals(api)) {
			return Answer.fabricError(401, "expired".equals(why) ? "TokenExpired" : "Unauthorized", "Access token " + why)
					.header("WWW-Authenticate", "Bearer authorization_uri=\"emulator\", error=\"invalid_token\"");
		}
		// storage's challenge: the SDK asks its credential for a new token of resource_id's scope and tries once more
		return Answer.dfsError(401, "InvalidAuthenticationInfo", "Access token " + why).header("WWW-Authenticate",
				"Bearer authorization_uri=https://127.0.0.1/" + Entra.TENANT_ID
						+ "/oauth2/authorize resource_id=https://storage.azure.com");
	}

	/** The fault's answer; status 0 to go on with the normal answer; null when held until the emulator stops. */
	private Answer play(Fault f, String api) {
		boolean fab = !"dfs".equals(api);
		return switch (f.kind()) {
		case THROTTLE -> (fab ? Answer.fabricError(429, "RequestBlocked", "Too many requests")
				: Answer.dfsError(429, "ServerBusy", "Too many requests")).header("Retry-After",
						Long.toString(f.duration() == null ? 60 : f.duration().toSeconds()));
		case UNAVAILABLE -> {
			Answer a = fab ? Answer.fabricError(503, "ServiceUnavailable", "The service is unavailable")
					: Answer.dfsError(503, "ServerBusy", "The server is busy");
			yield f.duration() == null ? a : a.header("Retry-After", Long.toString(f.duration().toSeconds()));
		}
		case NOT_FOUND -> fab ? Answer.fabricError(404, "EntityNotFound", "The requested resource was not found")
				: Answer.dfsError(404, "PathNotFound", "The specified path does not exist.");
		case UNAUTHORIZED -> unauthorized(api, "expired");
		case MALFORMED -> Answer.text(200, "");
		case SLOW -> {
			sleep(f.duration());
			yield Answer.text(0, "");
		}
		case HOLD, RESET -> {
			try {
				faults.releaseLatch().await(5, TimeUnit.MINUTES);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			yield closed ? null : Answer.text(0, "");
		}
		};
	}

	private static void sleep(Duration d) {
		try {
			Thread.sleep(d.toMillis());
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}

	private static void send(HttpExchange ex, Answer a, String method) throws IOException {
		a.headers().forEach((k, v) -> ex.getResponseHeaders().set(k, v));
		ex.getResponseHeaders().set("x-ms-request-id", java.util.UUID.randomUUID().toString());
		if ("HEAD".equals(method) || a.body() == null) {
			ex.sendResponseHeaders(a.status(), -1);
			return;
		}
		ex.sendResponseHeaders(a.status(), a.body().length == 0 ? -1 : a.body().length);
		try (OutputStream out = ex.getResponseBody()) {
			out.write(a.body());
		}
	}

	@Override
	public void close() {
		if (closed) {
			return; // a test may stop the lake early to be offline; its cleanup closes again
		}
		closed = true;
		faults.clear();
		synchronized (this) {
			if (entra != null) {
				entra.close();
			}
		}
		fabric.stop(0);
		dfs.stop(0);
		executor.shutdownNow();
	}
}
