package io.lakestudio.store.http;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.Paths;
import io.lakestudio.store.PreconditionFailed;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * The object store an FDL host serves (docs/fdl-0.1.md, "Pushing over HTTP"), on the JDK's HTTP client: GET/HEAD with Range, PUT
 * with If-None-Match: * or If-Match, DELETE of branches. The host's refusals come back as {@link Refused}, which
 * carries the specification's error code. The bearer token is asked for on each request and never logged.
 */
public final class HttpStore implements ObjectStore {

	/** A refusal the host answered with: its status and FDL error code (see docs/fdl-0.1.md). */
	public static final class Refused extends StoreException {
		private static final long serialVersionUID = 1L;
		public final int status;
		public final String code;

		Refused(Kind kind, String path, int status, String code, String message) {
			super(kind, path, message);
			this.status = status;
			this.code = code;
		}
	}

	private final URI base;
	private final Supplier<String> token;
	private final HttpClient http;

	/** @param token the bearer token, or a supplier of null for a host that wants none */
	public HttpStore(URI base, Supplier<String> token) {
		this(base, token, null);
	}

	/**
	 * @param tls what an https:// host's certificate is checked with (for one not signed by a CA the JDK trusts),
	 *            or null for the JDK's own
	 */
	public HttpStore(URI base, Supplier<String> token, SSLContext tls) {
		this.base = base.toString().endsWith("/") ? base : URI.create(base + "/");
		this.token = token;
		HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10));
		if (tls != null)
			b.sslContext(tls);
		this.http = b.build();
	}

	@Override
	public String describe() {
		return "FDL host " + base;
	}

	@Override
	public byte[] get(String path) throws StoreException {
		return ok(path, send(request(path).GET(), path), 200).body();
	}

	@Override
	public byte[] get(String path, long offset, int length) throws StoreException {
		if (offset < 0 || length < 0)
			throw new IllegalArgumentException("range " + offset + "+" + length);
		if (length == 0)
			return new byte[0];
		HttpResponse<byte[]> r = send(request(path).header("Range", "bytes=" + offset + "-" + (offset + length - 1)).GET(), path);
		if (r.statusCode() == 416)
			return new byte[0];
		return ok(path, r, 206).body();
	}

	@Override
	public Optional<ObjectInfo> head(String path) throws StoreException {
		HttpResponse<byte[]> r = send(request(path).method("HEAD", HttpRequest.BodyPublishers.noBody()), path);
		if (r.statusCode() == 404)
			return Optional.empty();
		ok(path, r, 200);
		long size = r.headers().firstValueAsLong("Content-Length").orElse(-1);
		Instant time = r.headers().firstValue("Last-Modified").map(v -> Instant.from(
				java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.parse(v))).orElse(Instant.EPOCH);
		return Optional.of(new ObjectInfo(path, size, r.headers().firstValue("ETag").orElse(""), time));
	}

	@Override
	public List<ObjectInfo> list(String prefix) throws StoreException {
		HttpRequest.Builder b = authorized(HttpRequest.newBuilder(
				base.resolve("?list=" + URLEncoder.encode(prefix, StandardCharsets.UTF_8)))).GET();
		return HostAnswers.listing(ok(prefix, send(b, prefix), 200).body(), "listing of " + prefix);
	}

	@Override
	public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
		HttpRequest.Builder b = request(path).PUT(HttpRequest.BodyPublishers.ofByteArray(bytes));
		switch (condition) {
		case WriteCondition.IfAbsent a -> b.header("If-None-Match", "*");
		case WriteCondition.IfMatch m -> b.header("If-Match", m.etag());
		case WriteCondition.Always a -> throw new StoreException(StoreException.Kind.FORBIDDEN, path,
				"an FDL host takes only conditional writes");
		}
		HttpResponse<byte[]> r = send(b, path);
		ok(path, r, condition instanceof WriteCondition.IfAbsent ? 201 : 200);
		return r.headers().firstValue("ETag").orElse("");
	}

	/** Moves a branch although it is not a fast-forward ({@code FDL-Force: true}); the host may refuse it. */
	public String forcePut(String path, byte[] bytes, String etag) throws StoreException {
		HttpResponse<byte[]> r = send(request(path).header("If-Match", etag).header("FDL-Force", "true")
				.PUT(HttpRequest.BodyPublishers.ofByteArray(bytes)), path);
		return ok(path, r, 200).headers().firstValue("ETag").orElse("");
	}

	@Override
	public void delete(String path) throws StoreException {
		throw new StoreException(StoreException.Kind.FORBIDDEN, path,
				"an FDL host deletes only branches, with If-Match; its collector deletes the rest");
	}

	@Override
	public void delete(String path, String etag) throws StoreException {
		ok(path, send(request(path).header("If-Match", etag).DELETE(), path), 204);
	}

	private HttpRequest.Builder request(String path) {
		StringBuilder p = new StringBuilder();
		for (String s : Paths.check(path).split("/"))
			p.append(p.isEmpty() ? "" : "/").append(URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"));
		return authorized(HttpRequest.newBuilder(base.resolve(p.toString())));
	}

	private HttpRequest.Builder authorized(HttpRequest.Builder b) {
		b.timeout(Duration.ofMinutes(5));
		String t = token.get();
		if (t != null)
			b.header("Authorization", "Bearer " + t);
		return b;
	}

	private HttpResponse<byte[]> send(HttpRequest.Builder b, String path) throws StoreException {
		try {
			return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
		} catch (SSLHandshakeException e) {
			// said apart from "did not answer": retrying won't help, trusting the host's CA will
			throw new StoreException(StoreException.Kind.FORBIDDEN, path, base + ": the host's TLS certificate is not"
					+ " trusted here (" + e.getMessage() + "); trust the certificate or CA that signed it (lakestudio"
					+ " fdl: --ca FILE or $LAKESTUDIO_FDL_CA)", e);
		} catch (IOException e) {
			if (e.getCause() instanceof SSLHandshakeException h)
				throw new StoreException(StoreException.Kind.FORBIDDEN, path, base + ": the host's TLS certificate is"
						+ " not trusted here (" + h.getMessage() + "); trust the certificate or CA that signed it"
						+ " (lakestudio fdl: --ca FILE or $LAKESTUDIO_FDL_CA)", e);
			throw new StoreException(StoreException.Kind.UNAVAILABLE, path, base + " did not answer: " + e.getMessage(), e);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new StoreException(StoreException.Kind.UNAVAILABLE, path, "interrupted", e);
		}
	}

	private static HttpResponse<byte[]> ok(String path, HttpResponse<byte[]> r, int expected) throws StoreException {
		int s = r.statusCode();
		if (s == expected || s / 100 == 2 && expected / 100 == 2 && s != 206 && expected != 206)
			return r;
		// not an FDL error body: the status alone says it
		HostAnswers.Error answer = HostAnswers.error(r.body()).orElse(new HostAnswers.Error("", "HTTP " + s));
		String code = answer.error(), message = answer.message();
		if (s == 412)
			throw new PreconditionFailed(path, message);
		StoreException.Kind kind = switch (s) {
		case 404 -> StoreException.Kind.NOT_FOUND;
		case 401 -> StoreException.Kind.UNAUTHORIZED;
		case 403 -> StoreException.Kind.FORBIDDEN;
		case 400, 409, 413, 416 -> StoreException.Kind.DAMAGED;
		default -> StoreException.Kind.UNAVAILABLE;
		};
		throw new Refused(kind, path, s, code, message);
	}
}
