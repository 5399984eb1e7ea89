package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Entra;
import io.lakestudio.emulator.SecretService;

/**
 * The command line with a keyring, each command its own JVM on a private D-Bus session with an unlocked
 * gnome-keyring: {@code login --device-code} once, then {@code ls --fresh} in another process signs in silently
 * from the persisted cache; {@code logout} removes the keyring entry. Skips where gnome-keyring/dbus are missing,
 * fails in CI ({@code CI=true}).
 */
@Timeout(240)
class KeyringLoginTest {

	@TempDir
	Path dir;
	Path home;
	Path userHome;
	Emulator emu;
	Entra entra;
	SecretService keyring;

	@BeforeEach
	void start() throws Exception {
		var missing = SecretService.missing();
		if (missing.isPresent()) {
			if ("true".equalsIgnoreCase(System.getenv("CI"))) {
				fail(missing.get() + ": CI must run the keyring tests (.ci/run installs them)");
			}
			Assumptions.abort(missing.get());
		}
		keyring = SecretService.start(dir.resolve("keyring"));
		Path root = dir.resolve("lake");
		BigTenant.write(root, 1, 2, 2);
		emu = Emulator.start(root);
		entra = emu.entra();
		entra.interval(1);
		home = dir.resolve("home");
		userHome = dir.resolve("user-home");
		Files.createDirectories(userHome);
	}

	@AfterEach
	void stop() {
		if (emu != null) {
			emu.close();
		}
		if (keyring != null) {
			keyring.close();
		}
	}

	private CompletableFuture<CliProcess> cli(String... args) throws Exception {
		return CliProcess.start(keyring.environment(), Map.of("lakestudio.home", home.toString(), "user.home",
				userHome.toString(), "lakestudio.authorityCa", entra.caFile().toString()), args);
	}

	@Test
	void loginOnceThenOtherProcessesGetTokensFromTheKeyringUntilLogout() throws Exception {
		CompletableFuture<CliProcess> login = cli("login", "--device-code", "--account", "emu", "--tenant",
				"emu-tenant", "--authority-host", entra.authorityHost(), "--client-id", "lakestudio-test-client",
				"--fabric-endpoint", emu.fabricUrl(), "--onelake-endpoint", emu.dfsUrl());
		entra.approve(entra.awaitUserCode(Duration.ofSeconds(60)));
		CliProcess in = login.get(120, TimeUnit.SECONDS);
		assertEquals(0, in.exit, in::toString);
		assertTrue(in.out.contains("token cache: persisted (OS keyring)"), in::toString);
		List<String> items = keyring.items(Map.of("lakestudio.account", "lakestudio-emu"));
		assertEquals(1, items.size(), items::toString);
		// the sign-in's polls: one or more device-code grants (a poll before the approval answers "pending")
		List<String> atLogin = entra.grants();
		assertEquals(List.of("device_code"), atLogin.stream().distinct().toList(), atLogin::toString);

		emu.log().clear();
		CliProcess ls = cli("ls", "ws00", "--fresh").get(120, TimeUnit.SECONDS);
		assertEquals(0, ls.exit, ls::toString);
		assertTrue(ls.out.contains("lh001"), ls::toString);
		assertEquals(0, emu.log().matching(q -> "entra".equals(q.api())).size(), "the token from the keyring");
		assertEquals(atLogin, entra.grants(), "nothing asked of Entra since the sign-in");

		// no token in the state folder, user.home (~/.IdentityService) or the keyring daemon's files
		List<String> secrets = entra.issuedSecrets();
		for (Path folder : List.of(home, userHome, keyring.home())) {
			try (Stream<Path> all = Files.walk(folder)) {
				for (Path f : all.filter(Files::isRegularFile).toList()) {
					String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
					for (String s : secrets) {
						assertFalse(text.contains(s), "a token in " + f);
					}
				}
			}
		}

		CliProcess out = cli("logout").get(120, TimeUnit.SECONDS);
		assertEquals(0, out.exit, out::toString);
		assertEquals(List.of(), keyring.items(Map.of("lakestudio.account", "lakestudio-emu")));
		CliProcess after = cli("ls", "--fresh").get(120, TimeUnit.SECONDS);
		assertEquals(3, after.exit, after::toString);
		assertTrue(after.out.contains("Not signed in"), after::toString);
		assertEquals(atLogin, entra.grants(), "logged out: no token asked for");
	}
}
