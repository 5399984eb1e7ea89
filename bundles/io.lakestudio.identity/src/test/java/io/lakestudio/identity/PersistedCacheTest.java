package io.lakestudio.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Entra;
import io.lakestudio.emulator.SecretService;
import io.lakestudio.identity.internal.Keyring;

/**
 * The token cache persisted in a keyring, across real processes: each step is a new JVM ({@link SignInProcess}) on
 * a private D-Bus session with an unlocked gnome-keyring ({@link SecretService}), its {@code user.home} a temporary
 * folder. Skips where gnome-keyring/dbus are not installed, but fails in CI ({@code CI=true}): there they are
 * installed by {@code .ci/run}, so a skip would hide a broken keyring path.
 */
@Timeout(180)
class PersistedCacheTest {

	@TempDir
	static Path shared;
	static SecretService keyring;

	@TempDir
	Path dir;
	Path userHome;
	Path state;
	Emulator emu;
	Entra entra;

	@BeforeAll
	static void keyring() throws IOException {
		keyring = startSecretService(shared.resolve("keyring"));
	}

	/** A Secret Service of the test's own; a clear skip on a machine without one, a failure in CI. */
	static SecretService startSecretService(Path dir) throws IOException {
		var missing = SecretService.missing();
		if (missing.isPresent()) {
			if ("true".equalsIgnoreCase(System.getenv("CI"))) {
				fail(missing.get() + ": CI must run the persisted-cache tests (.ci/run installs them)");
			}
			Assumptions.abort(missing.get());
		}
		return SecretService.start(dir);
	}

	@AfterAll
	static void stopKeyring() {
		if (keyring != null) {
			keyring.close();
		}
	}

	@BeforeEach
	void start() throws IOException {
		Path root = dir.resolve("lake");
		BigTenant.write(root, 1, 1, 1);
		emu = Emulator.start(root);
		entra = emu.entra();
		entra.interval(1);
		userHome = dir.resolve("user-home");
		state = dir.resolve("state");
		Files.createDirectories(userHome);
	}

	@AfterEach
	void stop() {
		emu.close();
	}

	/** One step in a new JVM; its output once it exited (bounded). */
	private CompletableFuture<Step> step(String... args) throws IOException {
		List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
				"-Duser.home=" + userHome, "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
				SignInProcess.class.getName()));
		cmd.add(args[0]);
		cmd.add(args[1]);
		cmd.addAll(List.of(state.toString(), entra.authorityHost(), "emu-tenant", "lakestudio-test-client",
				entra.caFile().toString(), emu.fabricUrl()));
		ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
		b.environment().keySet().removeIf(k -> k.startsWith("DBUS_"));
		b.environment().putAll(keyring.environment());
		Process p = b.start();
		return CompletableFuture.supplyAsync(() -> {
			try {
				String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
				if (!p.waitFor(60, TimeUnit.SECONDS)) {
					p.destroyForcibly();
					return new Step(-1, out);
				}
				return new Step(p.exitValue(), out);
			} catch (IOException | InterruptedException e) {
				p.destroyForcibly();
				return new Step(-1, e.toString());
			}
		});
	}

	record Step(int exit, String out) {
		@Override
		public String toString() {
			return "exit " + exit + ":\n" + out;
		}
	}

	private Step run(String... args) throws Exception {
		return step(args).get(90, TimeUnit.SECONDS);
	}

	private Step signIn(String account) throws Exception {
		CompletableFuture<Step> a = step("device-code", account);
		entra.approve(entra.awaitUserCode(Duration.ofSeconds(60)));
		Step s = a.get(90, TimeUnit.SECONDS);
		assertEquals(0, s.exit(), s::toString);
		assertTrue(s.out().contains("cache: PERSISTED") && s.out().contains("signed in: " + Entra.USER), s::toString);
		return s;
	}

	private List<String> entries(String account) throws IOException {
		return keyring.items(Map.of(Keyring.ACCOUNT_ATTRIBUTE, "lakestudio-" + account));
	}

	private long deviceCodeRequests() {
		return emu.log().matching(q -> "entra".equals(q.api()) && q.path().endsWith("/oauth2/v2.0/devicecode"))
				.size();
	}

	@Test
	void anotherProcessGetsTokensSilentlyFromTheKeyringAndSignOutRemovesTheEntry() throws Exception {
		// MSAL renews an access token with under 5 minutes left: 60 s makes process B use the refresh token
		emu.tokens().ttl(Duration.ofSeconds(60));
		signIn("emu");
		emu.tokens().ttl(Duration.ofHours(1));
		assertEquals(1, entries("emu").size(), "one keyring entry for the account");
		List<String> atSignIn = entra.grants();

		// process B: no device code, the persisted refresh token
		Step b = run("token", "emu");
		assertEquals(0, b.exit(), b::toString);
		assertTrue(b.out().contains("cache: PERSISTED") && b.out().contains("GET /v1/workspaces 200"), b::toString);
		List<String> afterB = entra.grants();
		assertEquals(List.of("refresh_token"), afterB.subList(atSignIn.size(), afterB.size()), afterB::toString);
		assertEquals(1, deviceCodeRequests());

		// process B2: the token B renewed was written back to the keyring; not a single request to Entra
		int entraBefore = emu.log().matching(q -> "entra".equals(q.api())).size();
		Step b2 = run("token", "emu");
		assertEquals(0, b2.exit(), b2::toString);
		assertTrue(b2.out().contains("GET /v1/workspaces 200"), b2::toString);
		assertEquals(entraBefore, emu.log().matching(q -> "entra".equals(q.api())).size(), "from the cache");

		// no access, refresh or id token in any file: state folder, user.home (~/.IdentityService), the keyring's
		assertTrue(Files.isRegularFile(userHome.resolve(".IdentityService/lakestudio-emu.nocae")));
		assertTrue(Files.isRegularFile(keyring.home().resolve(".local/share/keyrings/login.keyring")),
				"the keyring's own (encrypted) file is among those searched");
		assertNoTokenIn(List.of(state, userHome, keyring.home()));

		// sign-out in its own process removes the keyring entry; process C must sign in again
		Step out = run("sign-out", "emu");
		assertEquals(0, out.exit(), out::toString);
		assertEquals(List.of(), entries("emu"));
		assertFalse(Files.exists(userHome.resolve(".IdentityService/lakestudio-emu.nocae")));
		int grants = entra.grants().size();
		Step c = run("token", "emu");
		assertEquals(2, c.exit(), c::toString);
		assertTrue(c.out().contains("REQUIRED"), c::toString);
		assertEquals(grants, entra.grants().size(), "nothing asked of Entra");
	}

	/** One keyring entry per account: signing out of one leaves the other signed in. */
	@Test
	void accountsKeepSeparateEntries() throws Exception {
		signIn("first");
		signIn("second");
		assertEquals(1, entries("first").size());
		assertEquals(1, entries("second").size());
		assertEquals(0, run("sign-out", "first").exit());
		assertEquals(List.of(), entries("first"));
		assertEquals(2, run("token", "first").exit());
		Step second = run("token", "second");
		assertEquals(0, second.exit(), second::toString);
		assertTrue(second.out().contains("GET /v1/workspaces 200"), second::toString);
		assertEquals(2, deviceCodeRequests());
		assertEquals(0, run("sign-out", "second").exit());
		assertEquals(List.of(), entries("second"));
	}

	/** The browser sign-in's cache is persisted too: a new process gets its token silently. */
	@Test
	void browserSignInIsPersistedForTheNextProcess() throws Exception {
		Step a = run("browser", "web");
		assertEquals(0, a.exit(), a::toString);
		assertTrue(a.out().contains("cache: PERSISTED") && a.out().contains("signed in: " + Entra.USER), a::toString);
		assertEquals(List.of("authorization_code"), entra.grants());
		Step b = run("token", "web");
		assertEquals(0, b.exit(), b::toString);
		assertTrue(b.out().contains("GET /v1/workspaces 200"), b::toString);
		assertEquals(List.of("authorization_code"), entra.grants(), "the token from the keyring, nothing asked");
		assertEquals(1, entra.authorizations().size(), "no second browser sign-in");
		assertNoTokenIn(List.of(state, userHome, keyring.home()));
		assertEquals(0, run("sign-out", "web").exit());
		assertEquals(List.of(), entries("web"));
	}

	private void assertNoTokenIn(List<Path> folders) throws IOException {
		List<String> secrets = entra.issuedSecrets();
		assertFalse(secrets.isEmpty());
		int searched = 0;
		for (Path folder : folders) {
			List<Path> files;
			try (Stream<Path> all = Files.walk(folder)) {
				files = all.filter(Files::isRegularFile).toList();
			}
			for (Path f : files) {
				String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
				searched++;
				for (String s : secrets) {
					assertFalse(text.contains(s), "a token in " + f);
				}
			}
		}
		assertTrue(searched >= 4, "files searched: " + searched);
	}
}
