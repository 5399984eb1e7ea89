package io.lakestudio.fdl.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.HostBodies;
import io.lakestudio.fdl.Repository;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.Paths;
import io.lakestudio.store.StoreException;

/**
 * An FDL host: one repository served over HTTP as "Pushing over HTTP" says, on the JDK's own HTTP server
 * (com.sun.net.httpserver, kept with the JDK; the emulator stands on it too). TLS when given an SSL context.
 */
public final class Host implements AutoCloseable {

	static {
		// the JDK's HTTP server leaves Nagle on: a response's headers and body go out as two small writes, and the
		// second waits for the client's delayed ACK (40 ms on Linux). Measured: 8 parallel 16 KB reads with a 25 ms
		// delay took ~75 ms for half of them, ~35 ms for all with this. Read once, when the server classes load.
		System.setProperty("sun.net.httpserver.nodelay", System.getProperty("sun.net.httpserver.nodelay", "true"));
	}

	/** Bodies above this are refused with 413 (a frozen catalog or a data file is one body). */
	public static final long DEFAULT_MAX_BODY = 1L << 30;
	private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d*)");

	private final Repository repo;
	private final Access access;
	private final HostWrites writes;
	private final long maxBody;
	private final HttpServer server;
	private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

	public Host(Repository repo, Access access, InetSocketAddress address, javax.net.ssl.SSLContext tls, long maxBody,
			Clock clock) throws IOException {
		this.repo = repo;
		this.access = access;
		this.writes = new HostWrites(repo, clock);
		this.maxBody = maxBody;
		if (tls != null) {
			HttpsServer s = HttpsServer.create(address, 64);
			s.setHttpsConfigurator(new HttpsConfigurator(tls));
			server = s;
		} else
			server = HttpServer.create(address, 64);
		server.createContext("/", this::handle);
		server.setExecutor(executor);
	}

	public Host start() {
		server.start();
		return this;
	}

	public int port() {
		return server.getAddress().getPort();
	}

	public URI uri() {
		return URI.create((server instanceof HttpsServer ? "https" : "http") + "://" + server.getAddress().getHostString()
				+ ":" + port() + "/");
	}

	@Override
	public void close() {
		server.stop(0);
		executor.shutdownNow();
	}

	private void handle(HttpExchange x) throws IOException {
		try (x) {
			answer(x);
		}
	}

	/** Answers one request; every refusal with its status and error body (a try-with-resources closes first). */
	private void answer(HttpExchange x) {
		try {
			Optional<Access.Who> who;
			try {
				who = access.who(x.getRequestHeaders().getFirst("Authorization"));
				if (who.isEmpty())
					throw new FdlException(Refusal.UNAUTHORIZED, null, "no valid bearer token");
			} catch (FdlException e) {
				if (e.refusal() == Refusal.UNAUTHORIZED)
					x.getResponseHeaders().set("WWW-Authenticate", "Bearer");
				throw e;
			}
			String raw = x.getRequestURI().getRawPath();
			String query = x.getRequestURI().getRawQuery();
			String method = x.getRequestMethod();
			if (raw.equals("/") && query != null && query.startsWith("list=") && method.equals("GET")) {
				String prefix = URLDecoder.decode(query.substring(5), StandardCharsets.UTF_8);
				send(x, 200, HostBodies.listing(repo.store().list(prefix)), "application/json");
				return;
			}
			String path = path(raw);
			switch (method) {
			case "GET", "HEAD" -> get(x, path, method.equals("HEAD"));
			case "PUT" -> {
				byte[] body = body(x, path);
				String ifMatch = x.getRequestHeaders().getFirst("If-Match");
				boolean ifNone = "*".equals(x.getRequestHeaders().getFirst("If-None-Match"));
				if (x.getRequestHeaders().containsKey("If-None-Match") && !ifNone)
					throw FdlException.malformed(path, "If-None-Match takes only *");
				boolean force = "true".equalsIgnoreCase(x.getRequestHeaders().getFirst("FDL-Force"));
				String etag = writes.put(path, body, ifMatch, ifNone, force, who.get());
				x.getResponseHeaders().set("ETag", etag);
				send(x, ifNone ? 201 : 200, new byte[0], null);
			}
			case "DELETE" -> {
				writes.deleteBranch(path, x.getRequestHeaders().getFirst("If-Match"), who.get());
				x.sendResponseHeaders(204, -1);
			}
			default -> throw FdlException.malformed(path, "no such request: " + method);
			}
		} catch (FdlException e) {
			refuse(x, e);
		} catch (StoreException e) {
			refuse(x, Repository.failed(e));
		} catch (IOException e) {
			// the client went away: nothing to tell it
		} catch (RuntimeException e) {
			refuse(x, new FdlException(Refusal.MALFORMED, null, e.getMessage() == null ? e.toString() : e.getMessage()));
		}
	}

	private void get(HttpExchange x, String path, boolean head) throws IOException, StoreException, FdlException {
		Optional<ObjectInfo> info = repo.store().head(path);
		if (info.isEmpty())
			throw new FdlException(Refusal.NOT_FOUND, path, "no such object");
		long size = info.get().size();
		x.getResponseHeaders().set("ETag", info.get().etag());
		x.getResponseHeaders().set("Accept-Ranges", "bytes");
		x.getResponseHeaders().set("Last-Modified", java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME
				.format(info.get().lastModified().atOffset(java.time.ZoneOffset.UTC)));
		String range = x.getRequestHeaders().getFirst("Range");
		long first = 0, last = size - 1;
		int status = 200;
		if (range != null) {
			Matcher m = RANGE.matcher(range.strip());
			if (!m.matches())
				throw FdlException.malformed(path, "a Range is bytes=<first>-<last> or bytes=<first>-");
			first = Long.parseLong(m.group(1));
			if (!m.group(2).isEmpty())
				last = Math.min(last, Long.parseLong(m.group(2)));
			if (first >= size || last < first) {
				x.getResponseHeaders().set("Content-Range", "bytes */" + size);
				send(x, 416, HostBodies.Error.of(new FdlException(Refusal.MALFORMED, path, "range past the end"))
						.withCode("range").bytes(), "application/json");
				return;
			}
			status = 206;
			x.getResponseHeaders().set("Content-Range", "bytes " + first + "-" + last + "/" + size);
		}
		long length = last - first + 1;
		if (head) {
			x.getResponseHeaders().set("Content-Length", Long.toString(length));
			x.sendResponseHeaders(status, -1);
			return;
		}
		byte[] bytes = status == 206 ? repo.store().get(path, first, (int) length) : repo.store().get(path);
		send(x, status, bytes, null);
	}

	private byte[] body(HttpExchange x, String path) throws IOException, FdlException {
		String declared = x.getRequestHeaders().getFirst("Content-Length");
		if (declared != null && Long.parseLong(declared) > maxBody)
			throw new FdlException(Refusal.TOO_LARGE, path, "a body above " + maxBody + " bytes");
		try (InputStream in = x.getRequestBody()) {
			byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBody + 1));
			if (b.length > maxBody)
				throw new FdlException(Refusal.TOO_LARGE, path, "a body above " + maxBody + " bytes");
			return b;
		}
	}

	/** The object path of a request path: percent-decoded, and refused when it could climb out of the root. */
	private static String path(String raw) throws FdlException {
		if (!raw.startsWith("/"))
			throw FdlException.malformed(raw, "not a path");
		String p = URLDecoder.decode(raw.substring(1).replace("+", "%2B"), StandardCharsets.UTF_8);
		try {
			return Paths.check(p);
		} catch (IllegalArgumentException e) {
			throw FdlException.malformed(null, "not an object path: " + raw);
		}
	}

	private static void refuse(HttpExchange x, FdlException e) {
		try {
			send(x, e.refusal().status, HostBodies.Error.of(e).bytes(), "application/json");
		} catch (IOException | RuntimeException ignored) {
			// the client went away: nothing to tell it
		}
	}

	private static void send(HttpExchange x, int status, byte[] body, String type) throws IOException {
		if (type != null)
			x.getResponseHeaders().set("Content-Type", type);
		if (x.getRequestMethod().equals("HEAD")) {
			x.sendResponseHeaders(status, -1);
			return;
		}
		x.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
		if (body.length > 0)
			try (OutputStream out = x.getResponseBody()) {
				out.write(body);
			}
	}
}
