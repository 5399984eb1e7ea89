package io.lakestudio.onelake.fabric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Fault;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.auth.ClientCredentials;

@Timeout(60)
class FabricLakeTest {

	@TempDir
	Path root;
	private Emulator emu;
	private FabricLake lake;
	private final TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
	private final List<String> log = new CopyOnWriteArrayList<>();
	private String secret = Tokens.CLIENT_SECRET;

	@BeforeEach
	void start() throws IOException {
		BigTenant.write(root, 1, 2, 5);
		Path sales = root.resolve("ws00/Sales.Lakehouse");
		BigTenant.deltaTable(sales.resolve("Tables/dbo/orders"), 5);
		Files.createDirectories(sales.resolve("Tables/dbo/ice/metadata"));
		BigTenant.deltaTable(sales.resolve("Tables/crm/customers"), 7);
		Files.createDirectories(sales.resolve("Files/raw"));
		Files.write(sales.resolve("Files/raw/a.csv"), "0123456789".getBytes());
		BigTenant.deltaTable(root.resolve("ws00/Dw.Warehouse/Tables/dbo/facts"), 3);
		Files.createDirectories(root.resolve("ws00/StagingLakehouseForDataflows_1.Lakehouse/Tables"));
		Files.createDirectories(root.resolve("ws00/Model.SemanticModel/definition"));
		Files.writeString(root.resolve("ws00/Model.SemanticModel/definition/model.tmdl"), "model Model");
		emu = Emulator.start(root, clock);
		lake = lake(Duration.ofSeconds(2));
	}

	private FabricLake lake(Duration requestTimeout) {
		Endpoints e = Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile()).withTimeouts(Duration.ofSeconds(2), requestTimeout);
		ClientCredentials tokens = new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID, () -> secret,
				HttpClient.newHttpClient(), clock);
		return new FabricLake(e, tokens, log::add, clock);
	}

	@AfterEach
	void stop() {
		emu.close();
	}

	private Item item(String name) throws LakeException {
		return lake.items(emu.workspaceId("ws00")).stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
	}

	@Test
	void listsEveryPageOfWorkspacesItemsAndTables() throws Exception {
		emu.pageSize(2, 2);
		List<Workspace> ws = lake.workspaces();
		assertEquals(List.of("ws00"), ws.stream().map(Workspace::name).toList());
		List<Item> items = lake.items(ws.get(0).id());
		assertEquals(List.of("Dw", "Model", "Sales", "StagingLakehouseForDataflows_1", "lh000", "lh001"),
				items.stream().map(Item::name).toList());
		Item staging = items.get(3);
		assertTrue(staging.staging());
		assertFalse(items.get(4).staging());
		assertTrue(items.get(2).schemaEnabled());
		emu.log().clear();
		List<LakeTable> tables = lake.tables(item("lh000"));
		assertEquals(5, tables.size());
		assertTrue(tables.stream().allMatch(t -> t.format().equals("Delta") && t.schema().isEmpty()));
		assertEquals(3, emu.log().containing("/tables").size(), "5 tables at 2 a page is 3 pages");
		assertEquals(3, log.stream().filter(l -> l.matches("GET /v1/workspaces/.*/tables 200 \\d+ bytes \\d+ ms")).count(),
				() -> "one log line per request, with status, bytes and time: " + log);
	}

	@Test
	void schemaEnabledLakehouseAndWarehouseTablesComeFromTheTablesFolder() throws Exception {
		Item known = item("Sales");
		assertTrue(known.schemaEnabled());
		// an item listed before its lakehouse got schemas: the tables API refuses, the folder answers
		Item stale = new Item(known.id(), known.workspaceId(), known.name(), known.type(), false, false,
				known.tablesPath(), known.filesPath());
		for (Emulator.SchemaTables answer : Emulator.SchemaTables.values()) {
			emu.schemaTables(answer);
			List<LakeTable> tables = lake.tables(stale);
			assertEquals(tables, lake.tables(known));
			assertEquals(List.of("crm/customers/Delta", "dbo/ice/Iceberg", "dbo/orders/Delta"),
					tables.stream().map(t -> t.schema() + "/" + t.name() + "/" + t.format()).toList(), answer.name());
		}
		assertEquals(List.of(400, 404), emu.log().containing("/lakehouses/" + emu.itemId("ws00", "Sales.Lakehouse")
				+ "/tables").stream().map(Request::status).toList(), "only the stale item asks the tables API");
		emu.log().clear();
		List<LakeTable> dw = lake.tables(item("Dw"));
		assertEquals("dbo/facts", dw.get(0).schema() + "/" + dw.get(0).name());
		assertTrue(emu.log().containing("/lakehouses/").isEmpty(), "a warehouse never asks the lakehouse API");
	}

	@Test
	void filesMetadataBytesAndModelDefinition() throws Exception {
		Item sales = item("Sales");
		List<LakeFile> top = lake.files(sales, "");
		assertEquals("raw", top.get(0).name());
		assertTrue(top.get(0).directory());
		List<LakeFile> raw = lake.files(sales, "raw");
		assertEquals("a.csv", raw.get(0).name());
		assertEquals(10, raw.get(0).size());
		String path = sales.filesPath() + "/raw/a.csv";
		assertArrayEquals("345".getBytes(), lake.store().read(path, 3, 3));
		assertEquals(10, lake.store().stat(path).size());
		LakeTable orders = lake.tables(sales).stream().filter(t -> t.name().equals("orders")).findFirst().orElseThrow();
		TableMetadata m = lake.tableMetadata(sales, orders);
		assertEquals(0, m.version());
		assertEquals(List.of("id", "name"), m.columns().stream().map(c -> c.name()).toList());
		assertEquals(5L, m.numRecords());
		assertEquals(1, m.numFiles());
		Item model = item("Model");
		Map<String, byte[]> parts = lake.models().definition(model.workspaceId(), model.id());
		assertEquals("model Model", new String(parts.get("definition/model.tmdl")));
	}

	@Test
	void failuresMapToTheirKinds() throws Exception {
		String ws = emu.workspaceId("ws00");
		lake.workspaces();
		emu.faults().add(Fault.throttle(Duration.ofSeconds(42)).times(1));
		LakeException t = assertThrows(LakeException.class, lake::workspaces);
		assertEquals(Kind.THROTTLED, t.kind());
		assertEquals(Duration.ofSeconds(42), t.retryAfter());

		emu.faults().add(Fault.unavailable().times(1));
		assertEquals(Kind.UNAVAILABLE, assertThrows(LakeException.class, lake::workspaces).kind());

		emu.faults().add(Fault.malformed().times(1));
		assertEquals(Kind.MALFORMED, assertThrows(LakeException.class, lake::workspaces).kind());

		emu.faults().add(Fault.reset().times(3));
		assertEquals(Kind.UNAVAILABLE, assertThrows(LakeException.class, lake::workspaces).kind());
		emu.faults().clear();

		emu.faults().add(Fault.notFound().on("/items").times(1));
		assertEquals(Kind.NOT_FOUND, assertThrows(LakeException.class, () -> lake.items(ws)).kind());

		FabricLake impatient = lake(Duration.ofMillis(500));
		impatient.workspaces();
		emu.faults().add(Fault.hold().on("/v1/workspaces"));
		LakeException held = assertThrows(LakeException.class, impatient::workspaces);
		assertEquals(Kind.UNAVAILABLE, held.kind());
		assertTrue(held.getMessage().contains("No answer"), held.getMessage());
		emu.faults().clear();

		assertEquals(1, lake.workspaces().size());
	}

	@Test
	void notFoundInTheMiddleOfPagingFailsTheWholeListing() throws Exception {
		emu.pageSize(2, 1);
		emu.faults().add(Fault.notFound().on("continuationToken=").after(1).times(1));
		LakeException e = assertThrows(LakeException.class, () -> lake.items(emu.workspaceId("ws00")));
		assertEquals(Kind.NOT_FOUND, e.kind());
		emu.faults().add(Fault.malformed().on("continuation=").times(1));
		String tables = item("Sales").tablesPath();
		assertEquals(Kind.MALFORMED, assertThrows(LakeException.class, () -> lake.store().list(tables, false)).kind());
		assertEquals(2, lake.store().list(tables, false).size());
	}

	@Test
	void nothingListeningIsOffline() throws Exception {
		Endpoints e = Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile());
		emu.close();
		ClientCredentials tokens = new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID, () -> secret,
				HttpClient.newHttpClient(), clock);
		FabricLake away = new FabricLake(e, tokens, log::add, clock);
		assertEquals(Kind.OFFLINE, assertThrows(LakeException.class, away::workspaces).kind());
	}

	@Test
	void anExpiredTokenIsRenewedSilentlyAndNeverLogged() throws Exception {
		lake.workspaces();
		emu.tokens().expireAll();
		assertEquals(1, lake.workspaces().size());
		List<Integer> statuses = emu.log().matching(r -> r.api().equals("fabric")).stream().map(Request::status).toList();
		assertEquals(List.of(200, 401, 200), statuses);
		assertEquals(2, emu.log().matching(r -> r.api().equals("token")).size());
		clock.advance(Duration.ofHours(2));
		assertEquals(1, lake.workspaces().size(), "an expired cached token is replaced before it is sent");
		assertFalse(log.isEmpty());
		assertTrue(log.stream().noneMatch(l -> l.contains("emu.") || l.toLowerCase().contains("bearer")), log::toString);
		assertFalse(new ClientCredentials(URI.create("http://x"), "c", () -> "s", HttpClient.newHttpClient(), clock)
				.toString().contains("emu."));
	}

	@Test
	void aWrongSecretAsksToSignIn() {
		secret = "wrong";
		LakeException e = assertThrows(LakeException.class, lake::workspaces);
		assertEquals(Kind.UNAUTHORIZED, e.kind());
		assertNotNull(e.getMessage());
		secret = "";
		assertEquals(Kind.UNAUTHORIZED, assertThrows(LakeException.class, lake::workspaces).kind());
	}
}
