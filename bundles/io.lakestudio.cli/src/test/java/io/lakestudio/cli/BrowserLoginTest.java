package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Settings;
import io.lakestudio.cli.internal.LoginCommand;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Entra;

/**
 * {@code login} without --device-code or --client-id: the browser sign-in, its page opened by the emulated browser
 * ({@link Entra#browse}, set as login's browser as the workbench would set its own); and, in a process with no
 * display, the clear advice to use --device-code.
 */
@Timeout(120)
class BrowserLoginTest {

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
	void start() throws Exception {
		Path root = dir.resolve("lake");
		BigTenant.write(root, 1, 2, 2);
		emu = Emulator.start(root);
		entra = emu.entra();
		System.setProperty("lakestudio.authorityCa", entra.caFile().toString());
		home = dir.resolve("home");
	}

	@AfterEach
	void stop() {
		LoginCommand.browser(null);
		CliRun.run(home, "logout");
		System.clearProperty("lakestudio.authorityCa");
		emu.close();
	}

	@Test
	void loginOpensTheBrowserThenFreshUsesTheUsersTokenAndNoTokenOnDisk() throws Exception {
		LoginCommand.browser(entra::browse);
		CliRun in = CliRun.run(home, "login", "--account", "emu", "--tenant", "emu-tenant", "--authority-host",
				entra.authorityHost(), "--fabric-endpoint", emu.fabricUrl(), "--onelake-endpoint", emu.dfsUrl());
		assertEquals(0, in.exit, () -> in + "\nbrowser: " + entra.browsed());
		assertTrue(in.err.contains("Opening the sign-in page in your browser"), in::toString);
		assertTrue(in.out.contains(Entra.USER), in.out);
		assertEquals("browser", Settings.load(home).string("signInMethod", null));
		assertEquals(List.of("authorization_code"), entra.grants());
		assertEquals(1, entra.authorizations().size());
		assertTrue(entra.authorizations().get(0).get("redirect_uri").startsWith("http://localhost:"));

		emu.log().clear();
		CliRun fresh = CliRun.run(home, "ls", "ws00", "--fresh");
		assertEquals(0, fresh.exit, fresh::toString);
		assertTrue(fresh.out.contains("lh001"), fresh.out);
		assertEquals(0, emu.log().matching(q -> "entra".equals(q.api())).size(), "the token from the cache");

		List<Path> files;
		try (Stream<Path> all = Files.walk(home)) {
			files = all.filter(Files::isRegularFile).toList();
		}
		assertTrue(files.contains(home.resolve("identity/emu.json")), files::toString);
		for (Path f : files) {
			String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
			for (String s : entra.issuedSecrets()) {
				assertFalse(text.contains(s), "a token in " + f);
			}
		}
	}

	/** A new process with no display (even when the tests run under Xvfb): login says to use --device-code. */
	@Test
	void withoutADisplayLoginSaysToUseDeviceCode() throws Exception {
		Map<String, String> env = new HashMap<>();
		env.put("DISPLAY", null);
		env.put("WAYLAND_DISPLAY", null);
		CliProcess login = CliProcess.run(env, Map.of("lakestudio.home", home.toString(), "lakestudio.keyring", "off",
				"lakestudio.authorityCa", entra.caFile().toString()), "login", "--account", "emu", "--tenant",
				"emu-tenant", "--authority-host", entra.authorityHost());
		assertEquals(3, login.exit, login::toString);
		assertTrue(login.out.contains("No browser can be opened here (no display)")
				&& login.out.contains("lakestudio login --device-code"), login::toString);
		assertEquals(0, emu.log().size(), "nothing asked of Entra");
		assertEquals(List.of(), entra.authorizations());
	}
}
