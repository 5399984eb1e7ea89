package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Settings;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Entra;
import io.lakestudio.emulator.Request;

/**
 * {@code login --device-code} against the emulator's Entra (loopback HTTPS, its CA trusted through
 * {@code lakestudio.authorityCa}), then {@code --fresh} with the user's token from Identity's in-memory cache; no
 * keyring ({@code lakestudio.keyring=off}), so another process must sign in again.
 */
@Timeout(120)
class DeviceCodeLoginTest {

	@TempDir
	Path dir;
	Path home;
	Emulator emu;
	Entra entra;

	@BeforeAll
	static void noKeyring() {
		System.setProperty("lakestudio.keyring", "off");
	}

	@BeforeEach
	void start() throws IOException {
		Path root = dir.resolve("lake");
		BigTenant.write(root, 1, 2, 2);
		emu = Emulator.start(root);
		entra = emu.entra();
		entra.interval(2); // the code is approved before MSAL's first poll: one device_code grant
		System.setProperty("lakestudio.authorityCa", entra.caFile().toString());
		System.setProperty("lakestudio.onelakeCa", emu.dfsCaFile().toString());
		home = dir.resolve("home");
	}

	@AfterEach
	void stop() {
		CliRun.run(home, "logout");
		System.clearProperty("lakestudio.authorityCa");
		System.clearProperty("lakestudio.onelakeCa");
		emu.close();
	}

	private CliRun cli(String... args) {
		return CliRun.run(home, args);
	}

	private long grants(String type) {
		return entra.grants().stream().filter(type::equals).count();
	}

	@Test
	void deviceCodeLoginThenFreshWithTheUsersTokenAndNoTokenOnDisk() throws Exception {
		CompletableFuture<CliRun> login = CompletableFuture.supplyAsync(() -> cli("login", "--device-code",
				"--account", "emu", "--tenant", "emu-tenant", "--authority-host", entra.authorityHost(),
				"--client-id", "lakestudio-test-client", "--fabric-endpoint", emu.fabricUrl(), "--onelake-endpoint",
				emu.dfsUrl()));
		String code = entra.awaitUserCode(Duration.ofSeconds(30));
		assertFalse(login.isDone(), "login waits for the approval");
		entra.approve(code);
		CliRun in = login.get();
		assertEquals(0, in.exit, in.toString());
		assertTrue(in.err.contains(code) && in.err.contains("/devicelogin"), "the device-code message on stderr: " + in);
		assertTrue(in.out.contains(Entra.USER) && in.out.contains("not persisted"), in.out);
		assertEquals("deviceCode", Settings.load(home).string("signInMethod", null));

		emu.log().clear();
		CliRun fresh = cli("ls", "--fresh");
		assertEquals(0, fresh.exit, fresh.toString());
		assertTrue(fresh.out.contains("ws00"), fresh.out);
		assertEquals(List.of("GET /v1/workspaces"), RequestTargets.of(emu.log().matching(Request::listing)));
		assertEquals(1, grants(Entra.DEVICE_CODE_GRANT) + grants("device_code"), entra.grants().toString());
		assertEquals(0, emu.log().matching(q -> "entra".equals(q.api())).size(),
				"the token came from Identity's in-memory cache");

		CliRun items = cli("ls", "ws00", "--fresh");
		assertEquals(0, items.exit, items.toString());
		assertTrue(items.out.contains("lh001"), items.out);
		assertEquals(1, grants(Entra.DEVICE_CODE_GRANT) + grants("device_code"), entra.grants().toString());

		// another process: same state folder, empty memory. Identity keeps one instance per account, state folder
		// (as given, not resolved) and client per JVM, so the same folder reached through a link is a new one.
		Path other = Files.createSymbolicLink(dir.resolve("home-link"), home);
		emu.log().clear();
		long t0 = System.nanoTime();
		CliRun second = CliRun.run(other, "ls", "ws00/lh000", "--fresh");
		long ms = (System.nanoTime() - t0) / 1_000_000;
		assertEquals(3, second.exit, second.toString());
		assertTrue(second.err.contains("sign in again (token cache not persisted: no keyring)"), second.err);
		assertTrue(ms < 3000, "fails at once: " + ms + " ms");
		assertEquals(0, emu.log().size(), "nothing asked, not even Entra");

		// no token anywhere under the state folder
		List<Path> files;
		try (Stream<Path> all = Files.walk(home)) {
			files = all.filter(Files::isRegularFile).toList();
		}
		assertTrue(files.stream().anyMatch(f -> f.startsWith(home.resolve("logs"))), files.toString());
		assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().startsWith("catalog-emu.sqlite")));
		assertTrue(files.contains(Settings.file(home)));
		assertTrue(files.contains(home.resolve("identity/emu.json")), files.toString());
		List<String> secrets = entra.issuedSecrets();
		assertFalse(secrets.isEmpty());
		for (Path f : files) {
			String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
			for (String s : secrets) {
				assertFalse(text.contains(s), "a token in " + f);
			}
		}

		// logout signs out of Identity too: the record goes, --fresh asks for a sign-in
		CliRun out = cli("logout");
		assertEquals(0, out.exit, out.toString());
		assertFalse(Files.exists(home.resolve("identity/emu.json")));
		CliRun after = cli("ls", "--fresh");
		assertEquals(3, after.exit, after.toString());
		assertTrue(after.err.contains("Not signed in"), after.err);
	}
}
