package io.lakestudio.fdl.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.store.http.HttpStore;
import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Ref;
import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Trust;
import io.lakestudio.fdl.Writer;
import io.lakestudio.fdl.WorkingCatalogs;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectInfo;

/** Pushing to and reading from a host over loopback HTTP, and the host refusing what the text says it refuses. */
class HostTest {

	@TempDir
	Path dir;

	final MemoryStore backend = new MemoryStore();
	final Signing key = Signing.generate();
	Host host;
	Repository local;
	Repository remote;
	Repository remoteDev;

	@BeforeEach
	void start() throws Exception {
		local = Repository.init(backend, "mem:/");
		host = new Host(local, Access.of(Map.of("owner-token", new Access.Who("owner", true), "dev-token",
				new Access.Who("dev", false))), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, 1 << 20,
				Clock.systemUTC()).start();
		remote = new Repository(new HttpStore(host.uri(), () -> "owner-token"), host.uri().toString());
		remoteDev = new Repository(new HttpStore(host.uri(), () -> "dev-token"), host.uri().toString());
	}

	@AfterEach
	void stop() {
		host.close();
	}

	private Map<String, String> snapshot() throws Exception {
		Map<String, String> m = new HashMap<>();
		for (ObjectInfo o : backend.list(""))
			m.put(o.path(), o.etag());
		return m;
	}

	private HttpResponse<String> raw(String method, String path, byte[] body, String... headers) throws Exception {
		HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(host.uri() + path))
				.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
		for (int i = 0; i < headers.length; i += 2)
			b.header(headers[i], headers[i + 1]);
		return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
	}

	@Test
	void aCommitPushedOverHttpIsReadBackVerifiedAndRangesWork() throws Exception {
		String id;
		try (var w = WorkingCatalogs.with(dir.resolve("w"), 1000)) {
			id = new Writer(remote, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "over http", dir.resolve("t"), false).id();
		}
		assertEquals(id, Ref.parse(backend.get("refs/heads/main"), "main").version());
		Reader.Opened o = new Reader(remote, Trust.of(key.publicKey()), dir.resolve("cache")).open("main", false);
		assertEquals(id, o.id());
		String data = backend.list("data/").get(0).path();
		byte[] all = backend.get(data);
		assertArrayEquals(java.util.Arrays.copyOfRange(all, 10, 30), remote.store().get(data, 10, 20));
		assertEquals(all.length, remote.store().head(data).get().size());
		HttpResponse<String> past = raw("GET", data, null, "Authorization", "Bearer owner-token", "Range", "bytes=99999-");
		assertEquals(416, past.statusCode());
		assertTrue(past.body().contains("\"error\":\"range\""));
	}

	@Test
	void twoWritersPushingAtOnceThroughTheHostOneWinsEachRound() throws Exception {
		try (var w = WorkingCatalogs.with(dir.resolve("w0"), 100)) {
			new Writer(remote, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "base", dir.resolve("t"), false);
		}
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try (var a = WorkingCatalogs.with(dir.resolve("a"), 10); var b = WorkingCatalogs.with(dir.resolve("b"), 11)) {
			for (int round = 0; round < 10; round++) {
				a.insert(20 + round);
				b.insert(21 + round);
				CountDownLatch go = new CountDownLatch(1);
				java.util.concurrent.CyclicBarrier both = new java.util.concurrent.CyclicBarrier(2);
				Future<String> fa = pool.submit(() -> push(a.catalog(), go, both));
				Future<String> fb = pool.submit(() -> push(b.catalog(), go, both));
				go.countDown();
				List<String> results = List.of(fa.get(), fb.get());
				assertEquals(1, results.stream().filter("won"::equals).count(), results.toString());
				assertTrue(results.stream().anyMatch(r -> r.contains("pull")), results.toString());
				new Refs(local).requireWhole(local.resolve("main"));
			}
		} finally {
			pool.shutdownNow();
		}
	}

	private String push(Path catalog, CountDownLatch go, java.util.concurrent.CyclicBarrier both) throws Exception {
		go.await();
		try {
			// each writer its own client, gated so both have read main before either writes
			Repository r = new Repository(new io.lakestudio.fdl.Gate(new HttpStore(host.uri(), () -> "owner-token"), both),
					host.uri().toString());
			new Writer(r, key, "W", Clock.systemUTC()).commit(catalog, "main", "race", dir.resolve("t"), false);
			return "won";
		} catch (FdlException e) {
			assertEquals(Refusal.CONDITION_FAILED, e.refusal(), e.getMessage());
			return e.getMessage();
		}
	}

	@Test
	void hostileRequestsAreRefusedWithTheirStatusAndChangeNothing() throws Exception {
		String v1, v2;
		try (var w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
			v1 = new Writer(remote, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "1", dir.resolve("t"), false).id();
			w.insert(50);
			v2 = new Writer(remote, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "2", dir.resolve("t"), false).id();
		}
		String owner = "Bearer owner-token";
		String mainEtag = backend.head("refs/heads/main").get().etag();
		byte[] toV1 = new Ref(v1).bytes();
		Map<String, String> before = snapshot();
		record Case(int status, String code, String method, String path, byte[] body, String[] headers) {
		}
		List<Case> cases = List.of(
				new Case(401, "unauthorized", "GET", "FDL", null, new String[0]),
				new Case(401, "unauthorized", "PUT", "refs/heads/main", toV1, new String[] { "Authorization", "Bearer wrong", "If-Match", mainEtag }),
				new Case(400, "malformed", "GET", "versions/%2e%2e/FDL", null, new String[] { "Authorization", owner }),
				new Case(400, "malformed", "PUT", "data/a/%2e%2e/%2e%2e/x", new byte[1], new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(403, "forbidden", "PUT", "elsewhere/x", new byte[1], new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(412, "condition-failed", "PUT", "versions/" + v1, backend.get("versions/" + v1), new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(400, "malformed", "PUT", "versions/" + v1, backend.get("versions/" + v1), new String[] { "Authorization", owner, "If-Match", "\"x\"" }),
				new Case(400, "malformed", "PUT", "refs/heads/main", toV1, new String[] { "Authorization", owner }),
				new Case(409, "not-fast-forward", "PUT", "refs/heads/main", toV1, new String[] { "Authorization", owner, "If-Match", mainEtag }),
				new Case(412, "condition-failed", "PUT", "refs/heads/main", new Ref(v2).bytes(), new String[] { "Authorization", owner, "If-Match", "\"stale\"" }),
				new Case(403, "forbidden", "PUT", "refs/heads/main", toV1, new String[] { "Authorization", "Bearer dev-token", "If-Match", mainEtag, "FDL-Force", "true" }),
				new Case(409, "missing", "PUT", "refs/heads/topic", new Ref("0".repeat(64)).bytes(), new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(400, "malformed", "PUT", "refs/heads/topic", "{\"version\": \"x\"}".getBytes(), new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(400, "malformed", "PUT", "versions/" + "a".repeat(64), backend.get("versions/" + v1), new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(400, "malformed", "PUT", "catalogs/" + "b".repeat(64), new byte[10], new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(413, "too-large", "PUT", "data/big.parquet", new byte[(1 << 20) + 1], new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(403, "forbidden", "DELETE", "refs/heads/main", null, new String[] { "Authorization", owner, "If-Match", mainEtag }),
				new Case(403, "forbidden", "DELETE", "versions/" + v1, null, new String[] { "Authorization", owner, "If-Match", "\"x\"" }),
				new Case(403, "forbidden", "PUT", "gc/unnamed", "{\"since\":{}}".getBytes(), new String[] { "Authorization", owner, "If-None-Match", "*" }),
				new Case(404, "not-found", "GET", "versions/" + "c".repeat(64), null, new String[] { "Authorization", owner }));
		for (Case c : cases) {
			HttpResponse<String> r = raw(c.method(), c.path(), c.body(), c.headers());
			assertEquals(c.status(), r.statusCode(), c.method() + " " + c.path() + ": " + r.body());
			assertTrue(r.body().contains("\"error\":\"" + c.code() + "\""), c.method() + " " + c.path() + ": " + r.body());
			assertEquals(before, snapshot(), c.method() + " " + c.path() + " changed the repository");
		}
		// the owner may force main back; a dev may not move main at all, but may push a branch and open a request
		HttpResponse<String> forced = raw("PUT", "refs/heads/main", toV1, "Authorization", owner, "If-Match", mainEtag, "FDL-Force", "true");
		assertEquals(200, forced.statusCode(), forced.body());
		assertEquals(v1, local.resolve("main"));
		FdlException devMain = assertThrows(FdlException.class, () -> new Refs(remoteDev).moveBranch("main", v2,
				remoteDev.ref("refs/heads/main").get().etag(), false));
		assertEquals(Refusal.FORBIDDEN, devMain.refusal());
		new Refs(remoteDev).moveBranch("topic", v2, null, false);
		long n = new Refs(remoteDev).openRequest(v2, "main", "dev", "please", Clock.systemUTC());
		assertEquals(Refusal.FORBIDDEN, assertThrows(FdlException.class, () -> new Refs(remoteDev).merge(n)).refusal());
		new Refs(remote).merge(n);
		assertEquals(v2, local.resolve("main"));
		assertEquals("merged", new String(backend.get("refs/requests/" + n), StandardCharsets.UTF_8).replaceAll(".*\"state\":\"([a-z]+)\".*", "$1"));
	}
}
