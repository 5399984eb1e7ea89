package io.lakestudio.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

@Timeout(30)
class EmulatorTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	Path root;
	private Emulator emu;
	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
			.sslContext(dfsTrust()).build();

	private static javax.net.ssl.SSLContext dfsTrust() {
		try {
			return io.lakestudio.emulator.internal.LoopbackTls.clientContext();
		} catch (IOException e) {
			throw new java.io.UncheckedIOException(e);
		}
	}
	private final TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
	private String token;

	@BeforeEach
	void start() throws IOException, InterruptedException {
		BigTenant.write(root, 2, 4, 7);
		Path sales = root.resolve("ws00/Sales.Lakehouse");
		BigTenant.deltaTable(sales.resolve("Tables/dbo/orders"), 5);
		Files.createDirectories(sales.resolve("Tables/dbo/ice/metadata"));
		Files.createDirectories(sales.resolve("Files/raw"));
		Files.write(sales.resolve("Files/raw/a.csv"), "0123456789".getBytes());
		Files.createDirectories(root.resolve("ws00/Model.SemanticModel"));
		Files.writeString(root.resolve("ws00/Model.SemanticModel/model.bim"), "{\"model\":{}}");
		emu = Emulator.start(root, clock);
		token = token();
	}

	@AfterEach
	void stop() {
		emu.close();
	}

	private String token() throws IOException, InterruptedException {
		HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(emu.tokenUrl()))
				.POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&client_id=" + Tokens.CLIENT_ID
						+ "&client_secret=" + Tokens.CLIENT_SECRET + "&scope=x"))
				.header("Content-Type", "application/x-www-form-urlencoded").build(), HttpResponse.BodyHandlers.ofString());
		assertEquals(200, r.statusCode());
		return JSON.readTree(r.body()).get("access_token").asText();
	}

	private HttpResponse<String> get(String url) throws IOException, InterruptedException {
		return http.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token)
				.timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
	}

	private JsonNode json(String url) throws IOException, InterruptedException {
		HttpResponse<String> r = get(url);
		assertEquals(200, r.statusCode(), r.body());
		return JSON.readTree(r.body());
	}

	@Test
	void listsPageWithContinuationTokenAndUri() throws Exception {
		emu.pageSize(2, 3);
		String ws = emu.workspaceId("ws00");
		List<String> names = new ArrayList<>();
		String url = emu.fabricUrl() + "/v1/workspaces/" + ws + "/items";
		int pages = 0;
		while (url != null) {
			JsonNode page = json(url);
			page.get("value").forEach(n -> names.add(n.get("displayName").asText()));
			url = page.hasNonNull("continuationUri") ? page.get("continuationUri").asText() : null;
			pages++;
		}
		assertEquals(List.of("Model", "Sales", "lh000", "lh002"), names);
		assertEquals(2, pages);
		JsonNode tables = json(emu.fabricUrl() + "/v1/workspaces/" + ws + "/lakehouses/" + emu.itemId("ws00",
				"lh000.Lakehouse") + "/tables?maxResults=5");
		assertEquals(2, tables.get("data").size(), "maxResults is a most; the server's page size is smaller");
		assertTrue(tables.get("continuationToken").asText().length() > 0);
		assertTrue(tables.get("data").get(0).get("location").asText()
				.startsWith("abfss://" + ws + "@onelake.dfs.fabric.microsoft.com/"));
		assertEquals(400, get(emu.fabricUrl() + "/v1/workspaces/" + ws + "/lakehouses/" + emu.itemId("ws00",
				"lh000.Lakehouse") + "/tables?maxResults=101").statusCode());
	}

	@Test
	void schemaEnabledLakehouseRefusesTheTablesApi() throws Exception {
		String ws = emu.workspaceId("ws00");
		String sales = emu.itemId("ws00", "Sales.Lakehouse");
		String url = emu.fabricUrl() + "/v1/workspaces/" + ws + "/lakehouses/" + sales + "/tables";
		HttpResponse<String> r = get(url);
		assertEquals(400, r.statusCode());
		assertEquals("UnsupportedOperationForSchemasEnabledLakehouse", JSON.readTree(r.body()).get("errorCode").asText());
		emu.schemaTables(Emulator.SchemaTables.NOT_FOUND);
		assertEquals(404, get(url).statusCode());
		JsonNode lh = json(emu.fabricUrl() + "/v1/workspaces/" + ws + "/lakehouses").get("value");
		boolean found = false;
		for (JsonNode n : lh) {
			if (n.get("id").asText().equals(sales)) {
				assertEquals("dbo", n.get("properties").get("defaultSchema").asText());
				found = true;
			}
		}
		assertTrue(found);
	}

	@Test
	void dfsListsPagesHeadsAndReadsRanges() throws Exception {
		emu.pageSize(100, 1);
		String base = emu.dfsUrl() + "/ws00?resource=filesystem&recursive=false&directory=Sales.Lakehouse/Tables/dbo";
		HttpResponse<String> first = get(base);
		assertEquals(200, first.statusCode());
		JsonNode p = JSON.readTree(first.body()).get("paths").get(0);
		assertEquals("Sales.Lakehouse/Tables/dbo/ice", p.get("name").asText());
		assertEquals("true", p.get("isDirectory").asText());
		String next = first.headers().firstValue("x-ms-continuation").orElseThrow();
		JsonNode second = json(base + "&continuation=" + next);
		assertEquals("Sales.Lakehouse/Tables/dbo/orders", second.get("paths").get(0).get("name").asText());
		String file = emu.dfsUrl() + "/" + emu.workspaceId("ws00") + "/" + emu.itemId("ws00", "Sales.Lakehouse")
				+ "/Files/raw/a.csv";
		HttpResponse<String> range = http.send(HttpRequest.newBuilder(URI.create(file))
				.header("Authorization", "Bearer " + token).header("Range", "bytes=2-4").build(),
				HttpResponse.BodyHandlers.ofString());
		assertEquals(206, range.statusCode());
		assertEquals("234", range.body());
		assertEquals("bytes 2-4/10", range.headers().firstValue("Content-Range").orElseThrow());
		Request logged = emu.log().containing("/Files/raw/a.csv").get(0);
		assertEquals("bytes=2-4", logged.range(), "the log keeps the range asked");
		assertEquals(2, logged.rangeStart());
		assertEquals(3, logged.bytes(), "and the bytes answered");
		HttpResponse<Void> head = http.send(HttpRequest.newBuilder(URI.create(file)).header("Authorization",
				"Bearer " + token).method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
				HttpResponse.BodyHandlers.discarding());
		assertEquals("10", head.headers().firstValue("Content-Length").orElseThrow());
		assertEquals("file", head.headers().firstValue("x-ms-resource-type").orElseThrow());
	}

	@Test
	void expiredOrMissingTokenIs401() throws Exception {
		String url = emu.fabricUrl() + "/v1/workspaces";
		assertEquals(200, get(url).statusCode());
		clock.advance(Duration.ofMinutes(61));
		HttpResponse<String> r = get(url);
		assertEquals(401, r.statusCode());
		assertEquals("TokenExpired", JSON.readTree(r.body()).get("errorCode").asText());
		token = token();
		emu.tokens().expireAll();
		assertEquals(401, get(url).statusCode());
		assertEquals(401, http.send(HttpRequest.newBuilder(URI.create(url)).build(),
				HttpResponse.BodyHandlers.ofString()).statusCode());
	}

	@Test
	void everyFaultKind() throws Exception {
		String url = emu.fabricUrl() + "/v1/workspaces";
		emu.faults().add(Fault.throttle(Duration.ofSeconds(42)).times(1));
		HttpResponse<String> r = get(url);
		assertEquals(429, r.statusCode());
		assertEquals("42", r.headers().firstValue("Retry-After").orElseThrow());
		assertTrue(JSON.readTree(r.body()).get("isRetriable").asBoolean());

		emu.faults().add(Fault.unavailable().times(1));
		assertEquals(503, get(url).statusCode());

		emu.faults().add(Fault.malformed().times(1));
		HttpResponse<String> bad = get(url);
		assertEquals(200, bad.statusCode());
		assertThrows(IOException.class, () -> JSON.readTree(bad.body()));

		emu.faults().add(Fault.notFound().on("/items").times(1));
		assertEquals(200, get(url).statusCode());
		assertEquals(404, get(url + "/" + emu.workspaceId("ws00") + "/items").statusCode());

		// the JDK client retries a GET once on a dropped connection, so drop more than one
		emu.faults().add(Fault.reset().times(3));
		assertThrows(IOException.class, () -> get(url));
		emu.faults().clear();

		emu.faults().add(Fault.hold().times(1));
		assertThrows(HttpTimeoutException.class, () -> get(url));
		emu.faults().clear();

		emu.faults().add(Fault.slow(Duration.ofMillis(300)).times(1));
		long t0 = System.nanoTime();
		assertEquals(200, get(url).statusCode());
		assertTrue(System.nanoTime() - t0 >= 300_000_000L);

		assertEquals(200, get(url).statusCode());
	}

	@Test
	void notFoundInTheMiddleOfPaging() throws Exception {
		emu.pageSize(1, 1);
		emu.faults().add(Fault.notFound().on("continuationToken=").times(1));
		JsonNode first = json(emu.fabricUrl() + "/v1/workspaces");
		assertEquals(1, first.get("value").size());
		assertEquals(404, get(first.get("continuationUri").asText()).statusCode());
		assertEquals(200, get(first.get("continuationUri").asText()).statusCode());
	}

	@Test
	void requestLogHasEveryCallWithoutTokens() throws Exception {
		json(emu.fabricUrl() + "/v1/workspaces");
		json(emu.dfsUrl() + "/ws01?resource=filesystem&directory=lh001.Lakehouse/Tables&recursive=false");
		List<Request> all = emu.log().all();
		assertEquals(List.of("token", "fabric", "dfs"), all.stream().map(Request::api).toList());
		assertEquals(2, emu.log().matching(Request::listing).size());
		assertTrue(all.stream().allMatch(r -> r.at().equals(clock.instant())));
		assertFalse(all.toString().contains(token));
	}

	@Test
	void semanticModelDefinitionIsALongRunningOperation() throws Exception {
		String ws = emu.workspaceId("ws00");
		String model = emu.itemId("ws00", "Model.SemanticModel");
		HttpResponse<String> start = http.send(HttpRequest.newBuilder(URI.create(emu.fabricUrl() + "/v1/workspaces/"
				+ ws + "/semanticModels/" + model + "/getDefinition")).header("Authorization", "Bearer " + token)
				.POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
		assertEquals(202, start.statusCode());
		String op = start.headers().firstValue("Location").orElseThrow();
		assertEquals("Running", json(op).get("status").asText());
		HttpResponse<String> done = get(op);
		assertEquals("Succeeded", JSON.readTree(done.body()).get("status").asText());
		JsonNode part = json(done.headers().firstValue("Location").orElseThrow()).get("definition").get("parts").get(0);
		assertEquals("model.bim", part.get("path").asText());
		assertEquals("{\"model\":{}}", new String(Base64.getDecoder().decode(part.get("payload").asText())));
	}

	@Test
	void bigTenantHas5000TablesOver50Lakehouses(@TempDir Path big) throws Exception {
		BigTenant.write(big);
		FolderTenant t = new FolderTenant(big);
		int lakehouses = 0;
		int tables = 0;
		for (FolderTenant.Ws ws : t.workspaces()) {
			for (FolderTenant.It it : t.items(ws)) {
				lakehouses++;
				tables += t.tables(it).size();
			}
		}
		assertEquals(50, lakehouses);
		assertEquals(5000, tables);
	}
}
