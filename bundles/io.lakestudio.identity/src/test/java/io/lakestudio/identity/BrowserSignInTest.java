package io.lakestudio.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Entra;

/**
 * The interactive browser sign-in (authorization code + PKCE, loopback redirect) against the emulator's Entra; the
 * "browser" is the emulator's ({@link Entra#browse}). No keyring here: the in-memory cache ({@link PersistedCacheTest} has the
 * keyring).
 */
@Timeout(120)
class BrowserSignInTest {

	static final String FABRIC = DeviceCodeSignInTest.FABRIC;

	@TempDir
	Path dir;
	Emulator emu;
	Entra entra;
	SignInSettings settings;
	static int n;

	@BeforeAll
	static void noKeyring() {
		System.setProperty("lakestudio.keyring", "off");
	}

	@BeforeEach
	void start() throws Exception {
		Path root = dir.resolve("lake");
		BigTenant.write(root, 1, 1, 1);
		emu = Emulator.start(root);
		entra = emu.entra();
		settings = new SignInSettings("browser" + n++, dir.resolve("home"), entra.authorityHost(), "emu-tenant",
				"lakestudio-test-client", entra.caFile());
	}

	@AfterEach
	void stop() throws Exception {
		Identity.of(settings).signOut();
		emu.close();
	}

	@Test
	void browserSignInWithPkceOnALoopbackRedirectThenSilentTokens() throws Exception {
		Identity id = Identity.of(settings);
		String user;
		try {
			user = id.signInWithBrowser(FABRIC, entra::browse, Duration.ofSeconds(30));
		} catch (SignInException e) {
			throw new AssertionError(e.getMessage() + "; the browser saw " + entra.browsed(), e);
		}
		assertEquals(Entra.USER, user);
		List<String> seen = entra.browsed();

		// what the browser was sent to, and where it came back
		List<Map<String, String>> auth = entra.authorizations();
		assertEquals(1, auth.size(), auth::toString);
		Map<String, String> a = auth.get(0);
		assertTrue(a.get("redirect_uri").matches("http://localhost:\\d+"), a::toString);
		assertEquals("S256", a.get("code_challenge_method"), a::toString);
		assertEquals("code", a.get("response_type"));
		assertTrue(a.get("scope").contains(FABRIC), a::toString);
		assertTrue(seen.get(0).startsWith("open " + entra.authorityHost() + "/emu-tenant/oauth2/v2.0/authorize?"),
				seen::toString);
		assertEquals("form_post", a.get("response_mode"), a::toString);
		assertTrue(seen.get(2).startsWith("back POST " + a.get("redirect_uri") + "/"), seen::toString);
		assertTrue(seen.get(3).startsWith("listener 200") && seen.get(3).contains("signed in"), seen::toString);
		assertEquals(List.of("authorization_code"), entra.grants());

		// silent afterwards: the same scope from the cache, another by the refresh token; no second browser
		int before = emu.log().size();
		Token fabric = id.token(FABRIC);
		assertEquals(before, emu.log().size());
		HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(emu.fabricUrl()
				+ "/v1/workspaces")).header("Authorization", "Bearer " + fabric.value()).build(),
				HttpResponse.BodyHandlers.ofString());
		assertEquals(200, r.statusCode(), r.body());
		id.token(DeviceCodeSignInTest.STORAGE);
		assertEquals(List.of("authorization_code", "refresh_token"), entra.grants());
		assertEquals(1, entra.authorizations().size());

		// no token in any file of the state folder (the sign-in record is there)
		List<Path> files;
		try (Stream<Path> all = Files.walk(settings.stateFolder())) {
			files = all.filter(Files::isRegularFile).toList();
		}
		assertTrue(files.contains(settings.stateFolder().resolve("identity/" + settings.account() + ".json")),
				files::toString);
		for (Path f : files) {
			String text = Files.readString(f, StandardCharsets.ISO_8859_1);
			for (String s : entra.issuedSecrets()) {
				assertFalse(text.contains(s), "a token in " + f);
			}
		}
	}

	@Test
	void cancelledOnTheSignInPageSaysSo() throws Exception {
		entra.declineBrowser(true);
		SignInException e = assertThrows(SignInException.class,
				() -> Identity.of(settings).signInWithBrowser(FABRIC, entra::browse, Duration.ofSeconds(30)));
		assertEquals(SignInException.Kind.DECLINED, e.kind(), e.getMessage());
		assertTrue(e.getMessage().contains("did not come back with a sign-in"), e.getMessage());
		assertEquals(List.of(), entra.grants(), "no code, nothing redeemed");
		assertTrue(entra.browsed().get(1).contains("value=\"access_denied\""), entra.browsed()::toString);
	}

	@Test
	void aBrowserThatNeverComesBackTimesOut() {
		long t0 = System.nanoTime();
		SignInException e = assertThrows(SignInException.class,
				() -> Identity.of(settings).signInWithBrowser(FABRIC, page -> {
				}, Duration.ofSeconds(2)));
		assertEquals(SignInException.Kind.DECLINED, e.kind(), e.getMessage());
		assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20), "bounded by the wait");
	}

	@Test
	void aBrowserThatCannotOpenFailsClearly() {
		SignInException e = assertThrows(SignInException.class,
				() -> Identity.of(settings).signInWithBrowser(FABRIC, page -> {
					throw new java.io.IOException("no browser installed");
				}, Duration.ofSeconds(30)));
		assertEquals(SignInException.Kind.FAILED, e.kind(), e.getMessage());
		assertTrue(e.getMessage().contains("no browser installed"), e.getMessage());
	}

	@Test
	void noDesktopNoSystemBrowser() {
		assertTrue(Browser.system(Map.of("PATH", "/usr/bin:/bin"), "Linux").isEmpty(), "no DISPLAY: headless");
	}
}
