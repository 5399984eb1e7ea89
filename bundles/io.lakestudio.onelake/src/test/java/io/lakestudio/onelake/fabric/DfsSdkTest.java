package io.lakestudio.onelake.fabric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Fault;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.auth.ClientCredentials;

/**
 * OneLake's DFS is spoken by azure-storage-file-datalake, and only once per call: the SDK's retries are off because
 * the sync job owns back-off, so a 503 or a 429 is one request on the wire and reaches the job with its status and
 * Retry-After.
 */
@Timeout(60)
class DfsSdkTest {

	@TempDir
	Path root;
	private Emulator emu;
	private DfsStore store;
	private String files;
	private final TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
	private final List<String> log = new CopyOnWriteArrayList<>();

	/**
	 * One read with long timeouts first: the first test of a JVM loads the SDK's, the HTTP client's and TLS's
	 * classes inside its first request, which on a loaded machine took longer than the 800 ms the tests below give
	 * an answer (so that a held one fails fast).
	 */
	@BeforeAll
	static void warm(@TempDir Path warm) throws Exception {
		BigTenant.write(warm, 1, 1, 1);
		Files.write(warm.resolve("ws00/lh000.Lakehouse/Files/w.txt"), "w".getBytes());
		try (Emulator e = Emulator.start(warm)) {
			ClientCredentials tokens = new ClientCredentials(URI.create(e.tokenUrl()), Tokens.CLIENT_ID,
					() -> Tokens.CLIENT_SECRET, HttpClient.newHttpClient(), java.time.Clock.systemUTC());
			DfsStore s = new FabricLake(Endpoints.of(e.fabricUrl(), e.dfsUrl()).trusting(e.dfsCaFile()), tokens,
					m -> {}, java.time.Clock.systemUTC()).store();
			s.stat(s.path("ws00", "lh000.Lakehouse/Files/w.txt"));
			s.read(s.path("ws00", "lh000.Lakehouse/Files/w.txt"), 0, 1);
		}
	}

	@BeforeEach
	void start() throws IOException {
		BigTenant.write(root, 1, 1, 1);
		Path raw = root.resolve("ws00/lh000.Lakehouse/Files/raw");
		Files.createDirectories(raw);
		Files.write(raw.resolve("a.csv"), "0123456789".getBytes());
		emu = Emulator.start(root, clock);
		Endpoints e = Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile())
				.withTimeouts(Duration.ofSeconds(2), Duration.ofMillis(800));
		ClientCredentials tokens = new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID,
				() -> Tokens.CLIENT_SECRET, HttpClient.newHttpClient(), clock);
		store = new FabricLake(e, tokens, log::add, clock).store();
		files = store.path("ws00", "lh000.Lakehouse/Files");
	}

	@AfterEach
	void stop() {
		emu.close();
	}

	private static String trace(Throwable e) {
		java.io.StringWriter w = new java.io.StringWriter();
		e.printStackTrace(new java.io.PrintWriter(w));
		return w.toString();
	}

	private List<Request> dfs() {
		return emu.log().matching(r -> r.api().equals("dfs"));
	}

	@Test
	void theSdkIsWhatTalksToDfs() throws Exception {
		emu.pageSize(100, 1);
		emu.faults().clear();
		List<String> names = store.list(files, true).stream().map(x -> x.path().substring(x.path().lastIndexOf('/') + 1))
				.toList();
		assertEquals(List.of("raw", "a.csv"), names);
		String csv = files + "/raw/a.csv";
		assertEquals(10, store.stat(csv).size());
		assertTrue(store.stat(files + "/raw").directory());
		assertArrayEquals("345".getBytes(), store.read(csv, 3, 3));
		assertArrayEquals("0123456789".getBytes(), store.readAll(csv));
		List<Request> wire = dfs();
		assertEquals(List.of("GET", "GET", "HEAD", "HEAD", "GET", "GET"), wire.stream().map(Request::method).toList(),
				"two listing pages (x-ms-continuation), two HEADs, two reads: " + wire);
		for (Request r : wire) {
			assertTrue(r.userAgent() != null && r.userAgent().startsWith("lakestudio azsdk-java-azure-storage-"),
					"sent by the Azure SDK: " + r);
			assertTrue(r.version() != null && r.version().matches("20\\d\\d-\\d\\d-\\d\\d"), "x-ms-version: " + r);
		}
		System.out.println("DFS-SDK: " + wire.get(0).userAgent() + " x-ms-version " + wire.get(0).version());
		assertFalse(log.isEmpty());
		assertTrue(log.stream().noneMatch(l -> l.contains("emu.") || l.toLowerCase().contains("bearer")), log::toString);
	}

	/**
	 * A table's location is Fabric's ({@code abfss://<ws id>@onelake.dfs.fabric.microsoft.com/<item id>/...}), not
	 * the configured endpoint's host: a listing of it names its entries under it, so the log mirror, which takes an
	 * entry's name as what follows the folder, finds the log's files (it found none through the emulator).
	 */
	@Test
	void aListingOfAFabricLocationNamesEntriesUnderIt() throws Exception {
		String location = "abfss://" + emu.workspaceId("ws00") + "@onelake.dfs.fabric.microsoft.com/"
				+ emu.itemId("ws00", "lh000.Lakehouse") + "/Files";
		List<String> paths = store.list(location, true).stream().map(x -> x.path()).toList();
		assertEquals(List.of(location + "/raw", location + "/raw/a.csv"), paths);
		assertArrayEquals("345".getBytes(), store.read(paths.get(1), 3, 3), "and reads through the endpoint");
		assertEquals(List.of(files + "/raw"), store.list(files, false).stream().map(x -> x.path()).toList(),
				"a path in this store's own form stays in it");
	}

	/**
	 * Delta's escaped partition folders are names with '+', '%', '=', ':' and spaces in them, written as they are:
	 * each is listed, stat'ed and read by its own name.
	 */
	@Test
	void namesWithEscapesAreReadAsTheyAre() throws Exception {
		List<String> names = List.of("part=a space", "part=a+plus", "part=a%25percent", "part=a%2Fslash",
				"part=a%3Acolon", "part=a%3Dequal");
		for (String n : names) {
			Path d = root.resolve("ws00/lh000.Lakehouse/Files/uri").resolve(n);
			Files.createDirectories(d);
			Files.write(d.resolve("f.txt"), n.getBytes());
		}
		List<String> listed = store.list(files + "/uri", true).stream().filter(e -> !e.directory())
				.map(e -> e.path()).toList();
		assertEquals(names.stream().sorted().map(n -> files + "/uri/" + n + "/f.txt").toList(), listed);
		for (String n : names) {
			String f = files + "/uri/" + n + "/f.txt";
			emu.log().clear();
			assertEquals(n.length(), store.stat(f).size(), () -> f + " " + emu.log().all());
			assertArrayEquals(n.getBytes(), store.read(f, 0, n.length()), () -> f + " " + emu.log().all());
		}
	}

	@Test
	void a503IsOneRequestNotRetried() {
		emu.faults().add(Fault.unavailable().on("resource=filesystem"));
		LakeException e = assertThrows(LakeException.class, () -> store.list(files, false));
		assertEquals(Kind.UNAVAILABLE, e.kind());
		assertTrue(e.getMessage().contains("503"), e.getMessage());
		assertEquals(1, dfs().size(), "exactly one request: " + dfs());
	}

	@Test
	void a429IsOneRequestAndCarriesRetryAfter() {
		emu.faults().add(Fault.throttle(Duration.ofSeconds(42)).on("/ws00/"));
		LakeException e = assertThrows(LakeException.class, () -> store.stat(files + "/raw/a.csv"));
		assertEquals(Kind.THROTTLED, e.kind(), () -> trace(e));
		assertEquals(Duration.ofSeconds(42), e.retryAfter());
		LakeException read = assertThrows(LakeException.class, () -> store.read(files + "/raw/a.csv", 0, 4));
		assertEquals(Kind.THROTTLED, read.kind(), () -> trace(read));
		assertEquals(2, dfs().size(), "one request per call: " + dfs());
	}

	@Test
	void noAnswerAndAResetAreOneRequestEach() {
		emu.faults().add(Fault.hold().on("resource=filesystem"));
		LakeException held = assertThrows(LakeException.class, () -> store.list(files, false));
		assertEquals(Kind.UNAVAILABLE, held.kind());
		assertTrue(held.getMessage().contains("No answer"), held.getMessage());
		assertEquals(1, dfs().size(), "no retry after a timeout: " + dfs());
		emu.faults().clear();
		emu.log().clear();
		emu.faults().add(Fault.reset().on("resource=filesystem"));
		LakeException reset = assertThrows(LakeException.class, () -> store.list(files, false));
		assertEquals(Kind.UNAVAILABLE, reset.kind(), reset::toString);
		// the JDK client itself may resend an idempotent GET once when a connection closes before any byte
		assertTrue(dfs().size() <= 2, "no SDK retry after a reset: " + dfs());
	}

	@Test
	void anExpiredTokenIsRenewedOnStoragesChallenge() throws Exception {
		store.list(files, false);
		emu.tokens().expireAll();
		assertEquals(1, store.list(files, false).size());
		assertEquals(List.of(200, 401, 200), dfs().stream().map(Request::status).toList());
		assertEquals(2, emu.log().matching(r -> r.api().equals("token")).size(), "one new grant");
	}

	@Test
	void aMissingPathIsNotFoundAndABrokenListingMalformed() throws Exception {
		assertEquals(Kind.NOT_FOUND, assertThrows(LakeException.class, () -> store.stat(files + "/nope")).kind());
		assertEquals(Kind.NOT_FOUND, assertThrows(LakeException.class, () -> store.list(files + "/nope", false)).kind());
		emu.faults().add(Fault.malformed().on("resource=filesystem").times(1));
		LakeException m = assertThrows(LakeException.class, () -> store.list(files, false));
		assertEquals(Kind.MALFORMED, m.kind(), m::toString);
		assertTrue(m.getMessage().contains("cannot be read"), m.getMessage());
		assertEquals(1, store.list(files, false).size(), "the next listing reads whole");
	}

	/**
	 * A read is sent through the service client's pipeline as the SDK's read sent it: one GET of the blob URL with
	 * x-ms-range, a missing file is not found, an expired token is renewed on storage's challenge, no answer in
	 * time is unavailable, and nothing of the token reaches the log.
	 */
	@Test
	void aReadFailsAsTheSdksReadDid() throws Exception {
		String csv = files + "/raw/a.csv";
		LakeException missing = assertThrows(LakeException.class, () -> store.read(files + "/raw/nope.csv", 0, 4));
		assertEquals(Kind.NOT_FOUND, missing.kind(), () -> trace(missing));
		assertTrue(missing.getMessage().contains("404"), missing.getMessage());
		emu.tokens().expireAll();
		emu.log().clear();
		assertArrayEquals("0123".getBytes(), store.read(csv, 0, 4));
		assertEquals(List.of(401, 206), dfs().stream().map(Request::status).toList());
		assertEquals("bytes=0-3", dfs().get(1).range());
		emu.faults().add(Fault.hold().on("a.csv"));
		LakeException held = assertThrows(LakeException.class, () -> store.read(csv, 0, 4));
		assertEquals(Kind.UNAVAILABLE, held.kind(), () -> trace(held));
		assertTrue(held.getMessage().contains("No answer"), held.getMessage());
		assertTrue(log.stream().noneMatch(l -> l.contains("emu.") || l.toLowerCase().contains("bearer")), log::toString);
	}

	/** The blob URL of a read, by the SDK's rule; the emulator's IP-style endpoint has no account in its path. */
	@Test
	void readsGoToTheBlobUrlTheSdkWouldUse() {
		assertEquals("https://onelake.blob.fabric.microsoft.com",
				DfsStore.blobUrl("https://onelake.dfs.fabric.microsoft.com"));
		assertEquals("https://westus-onelake.blob.fabric.microsoft.com",
				DfsStore.blobUrl("https://westus-onelake.dfs.fabric.microsoft.com/"));
		assertEquals("https://127.0.0.1:4444", DfsStore.blobUrl("https://127.0.0.1:4444/"));
	}
}
