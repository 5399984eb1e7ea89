package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Fault;
import io.lakestudio.emulator.FolderTenant;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.Tokens;

/**
 * The command line against the Fabric/OneLake emulator: sign-in with its client credentials, {@code --fresh}
 * through the sync worker, refusals offline and during a pause, {@code sync}, {@code model}, accounts.
 */
@Timeout(120)
class OneLakeCommandsTest {

	private static final Pattern TOKEN = Pattern.compile("emu\\.[0-9a-f]{48}");

	@TempDir
	Path dir;
	Path home;
	Emulator emu;
	boolean emuClosed;
	String ws;
	String lh000;
	String lh001;

	@BeforeEach
	void start() throws IOException {
		Path root = dir.resolve("lake");
		BigTenant.write(root, 1, 2, 2); // ws00: lh000, lh001, each with t0000 and t0001
		emu = Emulator.start(root);
		ws = FolderTenant.id("workspace", "ws00");
		lh000 = emu.itemId("ws00", "lh000.Lakehouse");
		lh001 = emu.itemId("ws00", "lh001.Lakehouse");
		writeModel(root.resolve("ws00/Sales.SemanticModel/definition"));
		home = dir.resolve("home");
		System.setProperty("lakestudio.clientSecret", Tokens.CLIENT_SECRET);
		System.setProperty("lakestudio.onelakeCa", emu.dfsCaFile().toString());
		CliRun login = cli("login", "--account", "emu", "--client-id", Tokens.CLIENT_ID, "--token-endpoint",
				emu.tokenUrl(), "--fabric-endpoint", emu.fabricUrl(), "--onelake-endpoint", emu.dfsUrl());
		assertEquals(0, login.exit, login.toString());
		emu.log().clear();
	}

	@AfterEach
	void stop() {
		System.clearProperty("lakestudio.clientSecret");
		System.clearProperty("lakestudio.onelakeCa");
		closeEmulator();
	}

	/** A Direct Lake table over lh000 through a shared expression, and an import table over lh001 in M. */
	private void writeModel(Path def) throws IOException {
		Files.createDirectories(def.resolve("tables"));
		Files.writeString(def.resolve("model.tmdl"), "model Model\n\tculture: en-US\n");
		Files.writeString(def.resolve("expressions.tmdl"), "expression DatabaseQuery =\n\t\tlet\n"
				+ "\t\t\tdatabase = AzureStorage.DataLake(\"" + emu.dfsUrl() + "/" + ws + "/" + lh000 + "\")\n"
				+ "\t\tin\n\t\t\tdatabase\n\tlineageTag: 1b2c\n");
		Files.writeString(def.resolve("tables/Orders.tmdl"), "table Orders\n\tlineageTag: a1\n\n"
				+ "\tcolumn id\n\t\tdataType: int64\n\t\tsourceColumn: id\n\n"
				+ "\tpartition Orders = entity\n\t\tmode: directLake\n\t\tsource\n\t\t\tentityName: t0000\n"
				+ "\t\t\tschemaName: dbo\n\t\t\texpressionSource: DatabaseQuery\n");
		Files.writeString(def.resolve("tables/Totals.tmdl"), "table Totals\n\n\tpartition Totals = m\n"
				+ "\t\tmode: import\n\t\tsource =\n\t\t\t\tlet\n\t\t\t\t\tSource = Lakehouse.Contents(null),\n"
				+ "\t\t\t\t\tws = Source{[workspaceId=\"" + ws + "\"]}[Data],\n"
				+ "\t\t\t\t\tlh = ws{[lakehouseId=\"" + lh001 + "\"]}[Data],\n"
				+ "\t\t\t\t\tt = lh{[Id=\"t0001\",ItemKind=\"Table\"]}[Data]\n\t\t\t\tin\n\t\t\t\t\tt\n");
	}

	private CliRun cli(String... args) {
		return CliRun.run(home, args);
	}

	private void closeEmulator() {
		if (!emuClosed) {
			emuClosed = true;
			emu.close();
		}
	}

	/** The Fabric and DFS listing calls the emulator received (the token endpoint's POSTs left out). */
	private List<String> listings() {
		return RequestTargets.of(emu.log().matching(Request::listing));
	}

	@Test
	void freshFillsANeverHeldListingAskingOnlyThatListing() {
		CliRun never = cli("ls");
		assertEquals(2, never.exit, "nothing known yet, and nothing asked: " + never);
		assertEquals(0, emu.log().size());

		CliRun top = cli("ls", "--fresh");
		assertEquals(0, top.exit, top.toString());
		assertTrue(top.out.contains("ws00"), top.out);
		assertEquals(List.of("GET /v1/workspaces"), listings());

		emu.log().clear();
		CliRun items = cli("ls", "ws00", "--fresh");
		assertEquals(0, items.exit, items.toString());
		assertTrue(items.out.contains("lh001") && items.out.contains("Sales"), items.out);
		// the items listing is the items call and, for lakehouses' properties, the lakehouses call
		assertEquals(List.of("GET /v1/workspaces/" + ws + "/items", "GET /v1/workspaces/" + ws + "/lakehouses"),
				listings());

		emu.log().clear();
		CliRun tables = cli("ls", "ws00/lh001", "--fresh");
		assertEquals(0, tables.exit, tables.toString());
		assertEquals(List.of("GET /v1/workspaces/" + ws + "/lakehouses/" + lh001 + "/tables?maxResults=100"),
				listings(), "only the listing asked; its parents were known");

		closeEmulator();
		CliRun offline = cli("ls", "ws00/lh001");
		assertEquals(0, offline.exit, offline.toString());
		assertTrue(offline.out.contains("t0000") && offline.out.contains("t0001"), "from the catalog: " + offline.out);
	}

	@Test
	void networkRefusedFailsFreshAtOnceAndTheCatalogStillAnswers() throws IOException {
		assertEquals(0, cli("ls", "ws00", "--fresh").exit);
		emu.log().clear();
		int closedPort;
		try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = s.getLocalPort();
		}
		String nowhere = "http://127.0.0.1:" + closedPort;
		Settings.load(home).set("fabricEndpoint", nowhere).set("onelakeEndpoint", nowhere)
				.set("tokenEndpoint", nowhere + "/token").save();

		long t0 = System.nanoTime();
		CliRun fresh = cli("ls", "ws00/lh000", "--fresh");
		long ms = (System.nanoTime() - t0) / 1_000_000;
		assertEquals(3, fresh.exit, fresh.toString());
		assertTrue(fresh.err.contains("Offline"), fresh.err);
		assertTrue(ms < 3000, "fails at once, not on a timeout: " + ms + " ms");

		CliRun ls = cli("ls", "ws00");
		assertEquals(0, ls.exit, ls.toString());
		assertTrue(ls.out.contains("lh000"), ls.out);
		assertEquals(0, emu.log().size(), "nothing reached the emulator");

		// the offline setting: refused before anything is asked, even with a lake that would answer
		Settings.load(home).set("fabricEndpoint", emu.fabricUrl()).set("onelakeEndpoint", emu.dfsUrl())
				.set("tokenEndpoint", emu.tokenUrl()).set(Settings.OFFLINE, true).save();
		CliRun offline = cli("items", "ws00", "--fresh");
		assertEquals(3, offline.exit, offline.toString());
		assertTrue(offline.err.contains("offline setting"), offline.err);
		assertEquals(0, emu.log().size());
	}

	@Test
	void a429FailsFreshAtOnceWithItsRetryAfterAndTheNextFreshAsksNothing() {
		emu.faults().add(Fault.throttle(Duration.ofSeconds(120)).on("/v1/workspaces"));
		CliRun first = cli("ls", "--fresh");
		assertEquals(3, first.exit, first.toString());
		assertTrue(first.err.contains("Retry-After 120 s"), first.err);
		assertEquals(1, emu.log().matching(r -> r.status() == 429).size());

		emu.faults().clear();
		emu.log().clear();
		CliRun second = cli("ls", "--fresh");
		assertEquals(3, second.exit, second.toString());
		assertTrue(second.err.contains("pause"), second.err);
		assertEquals(0, emu.log().size(), "nothing asked during the pause, not even a token");
	}

	@Test
	void modelFreshDownloadsTheDefinitionAndModelAnswersOffline() {
		CliRun fresh = cli("model", "ws00/Sales", "--fresh");
		assertEquals(0, fresh.exit, fresh.toString());
		assertEquals(1, emu.log().matching(r -> r.method().equals("POST") && r.path().endsWith("/getDefinition"))
				.size());
		assertTrue(Files.isRegularFile(home.resolve("models/emu/ws00/Sales/definition/tables/Orders.tmdl")));

		closeEmulator();
		CliRun model = cli("model", "ws00/Sales");
		assertEquals(0, model.exit, model.toString());
		String orders = line(model.out, "Orders");
		assertTrue(orders.contains("directLake") && orders.contains("ws00/lh000/t0000"), model.out);
		String totals = line(model.out, "Totals");
		assertTrue(totals.contains("import") && totals.contains("ws00/lh001/t0001"), model.out);

		CliRun never = cli("model", "ws00/lh000");
		assertEquals(2, never.exit, "a definition never downloaded is not known: " + never);
	}

	private static String line(String out, String start) {
		return out.lines().filter(l -> l.startsWith(start)).findFirst().orElse("");
	}

	@Test
	void logoutKeepsTheCatalog() {
		assertEquals(0, cli("ls", "ws00", "--fresh").exit);
		CliRun logout = cli("logout");
		assertEquals(0, logout.exit, logout.toString());
		assertTrue(Files.exists(Catalogs.catalogFile(home, "emu")));
		CliRun ls = cli("ls", "ws00");
		assertEquals(0, ls.exit, ls.toString());
		assertTrue(ls.out.contains("lh001"), ls.out);
		emu.log().clear();
		CliRun fresh = cli("ls", "--fresh");
		assertEquals(3, fresh.exit, fresh.toString());
		assertTrue(fresh.err.contains("lakestudio login"), fresh.err);
		assertEquals(0, emu.log().size());
	}

	@Test
	void anotherAccountHasAnEmptyCatalogOfItsOwn() {
		assertEquals(0, cli("ls", "--fresh").exit);
		CliRun use = cli("account", "--use", "other");
		assertEquals(0, use.exit, use.toString());
		CliRun ls = cli("ls");
		assertEquals(2, ls.exit, "the other account's catalog knows nothing: " + ls);
		assertTrue(Files.exists(Catalogs.catalogFile(home, "other")));
		CliRun accounts = cli("account");
		assertTrue(accounts.out.lines().anyMatch(l -> l.startsWith("*") && l.contains("other")), accounts.out);
		assertTrue(accounts.out.contains("emu"), accounts.out);

		assertEquals(0, cli("account", "--use", "emu").exit);
		CliRun back = cli("ls");
		assertEquals(0, back.exit, back.toString());
		assertTrue(back.out.contains("ws00"), back.out);
	}

	@Test
	void syncRunsTheWorkerUntilItsQueueIsEmptyAndGivesTheLeaseUp() {
		CliRun sync = cli("sync");
		assertEquals(0, sync.exit, sync.toString());
		assertTrue(sync.err.contains("listings:"), "progress on stderr: " + sync.err);
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(Catalogs.catalogFile(home, "emu"), "emu")) {
			assertEquals(4, c.counts().tables());
			assertTrue(c.lease().map(l -> l.holder() == null || l.holder().isEmpty()).orElse(true),
					"the lease is given up: " + c.lease());
		}
		List<String> asked = listings();
		assertEquals(asked.size(), asked.stream().distinct().count(), "no listing asked twice: " + asked);
		assertTrue(emu.log().containing("_delta_log").isEmpty(), "no table metadata walked for the tenant");
		CliRun status = cli("status");
		assertTrue(status.out.contains("nobody is sweeping"), status.out);
	}

	@Test
	void noTokenOrSecretInTheLogsTheCatalogOrTheSettings() throws IOException {
		assertEquals(0, cli("ls", "ws00/lh000", "--fresh").exit);
		assertEquals(0, cli("table", "ws00/lh000/t0000", "--fresh").exit);
		assertEquals(0, cli("model", "ws00/Sales", "--fresh").exit);
		assertEquals(0, cli("sync", "--quiet").exit);
		assertFalse(emu.log().matching(r -> r.api().equals("token")).isEmpty(), "tokens were handed out");
		List<Path> files;
		try (Stream<Path> all = Files.walk(home)) {
			files = all.filter(Files::isRegularFile).toList();
		}
		assertTrue(files.stream().anyMatch(f -> f.startsWith(home.resolve("logs"))), "something was logged");
		assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().startsWith("catalog-emu.sqlite")));
		assertTrue(files.contains(Settings.file(home)));
		for (Path f : files) {
			String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
			assertFalse(TOKEN.matcher(text).find(), "a token in " + f);
			assertFalse(text.contains(Tokens.CLIENT_SECRET), "the secret in " + f);
		}
	}
}
