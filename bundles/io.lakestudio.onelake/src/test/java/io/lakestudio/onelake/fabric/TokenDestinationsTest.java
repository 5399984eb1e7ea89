package io.lakestudio.onelake.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Item;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.auth.ClientCredentials;

/**
 * A bearer token or a client secret goes only over https, and only to the configured Fabric, OneLake and Entra
 * hosts; the emulator on loopback is the one exception. Other hosts are played by the emulator itself, reached
 * through a proxy for {@code *.example.test}: had a token been sent there, the emulator's request log would show it.
 */
@Timeout(60)
class TokenDestinationsTest {

	@TempDir
	Path root;
	private Emulator emu;
	private final TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
	private final List<String> log = new CopyOnWriteArrayList<>();
	private ProxySelector before;

	@BeforeEach
	void start() throws IOException {
		BigTenant.write(root, 1, 1, 1);
		Files.createDirectories(root.resolve("ws00/Model.SemanticModel/definition"));
		Files.writeString(root.resolve("ws00/Model.SemanticModel/definition/model.tmdl"), "model Model");
		emu = Emulator.start(root, clock);
		URI fabric = URI.create(emu.fabricUrl());
		before = ProxySelector.getDefault();
		ProxySelector.setDefault(new ProxySelector() {
			@Override
			public List<Proxy> select(URI uri) {
				return uri.getHost() != null && uri.getHost().endsWith(".example.test")
						? List.of(new Proxy(Proxy.Type.HTTP, new InetSocketAddress(fabric.getHost(), fabric.getPort())))
						: List.of(Proxy.NO_PROXY);
			}

			@Override
			public void connectFailed(URI uri, SocketAddress sa, IOException ioe) {
			}
		});
	}

	@AfterEach
	void stop() {
		ProxySelector.setDefault(before);
		emu.close();
	}

	private ClientCredentials tokens(String endpoint) {
		return new ClientCredentials(URI.create(endpoint), Tokens.CLIENT_ID, () -> Tokens.CLIENT_SECRET,
				HttpClient.newHttpClient(), clock);
	}

	private FabricLake lake(String fabric) {
		return new FabricLake(Endpoints.of(fabric, emu.dfsUrl()).trusting(emu.dfsCaFile())
				.withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5)), tokens(emu.tokenUrl()), log::add, clock);
	}

	private List<Request> authorized() {
		return emu.log().matching(Request::authorized);
	}

	@Test
	void aLongRunningOperationsLocationOnAnotherHostGetsNoToken() throws Exception {
		FabricLake lake = lake(emu.fabricUrl());
		Item model = lake.items(emu.workspaceId("ws00")).stream().filter(i -> i.name().equals("Model")).findFirst()
				.orElseThrow();
		emu.operationsAt("http://operations.example.test:" + URI.create(emu.fabricUrl()).getPort());
		int sent = authorized().size();
		LakeException e = assertThrows(LakeException.class, () -> lake.models().definition(model.workspaceId(),
				model.id()));
		assertTrue(e.getMessage().contains("operations.example.test") && e.getMessage().contains("not sent"),
				e.getMessage());
		List<Request> after = authorized().subList(sent, authorized().size());
		assertEquals(1, after.size(), "only the POST to Fabric itself carried the token: " + after);
		assertEquals("POST", after.get(0).method());
		assertEquals(List.of(), emu.log().containing("/v1/operations"), "nothing asked the other host");
	}

	@Test
	void aPlainHttpEndpointGetsNoToken() {
		FabricLake lake = lake("http://fabric.example.test:" + URI.create(emu.fabricUrl()).getPort());
		LakeException e = assertThrows(LakeException.class, lake::workspaces);
		assertTrue(e.getMessage().contains("https") && e.getMessage().contains("not sent"), e.getMessage());
		assertEquals(List.of(), authorized(), "no Authorization header reached the emulator");
		assertEquals(List.of(), emu.log().containing("/v1/workspaces"));
	}

	@Test
	void aClientSecretGoesOnlyToEntraOverHttps() throws Exception {
		for (String endpoint : new String[] { "http://login.example.test:" + URI.create(emu.fabricUrl()).getPort()
				+ "/token", "https://login.example.test/token" }) {
			LakeException e = assertThrows(LakeException.class, () -> tokens(endpoint).token("scope"), endpoint);
			assertTrue(e.getMessage().contains("not sent"), e.getMessage());
		}
		assertEquals(List.of(), emu.log().matching(r -> "token".equals(r.api())), "no secret reached a token endpoint");
		// the emulator on loopback is the one exception
		assertTrue(tokens(emu.tokenUrl()).token("scope").value().length() > 0);
	}
}
