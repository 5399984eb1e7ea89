package io.lakestudio.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Entra;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.RequestLog;

/** azure-identity's device-code flow against the emulator's Entra-like endpoints (loopback HTTPS only). */
@Timeout(120)
class DeviceCodeSignInTest {

	static final String FABRIC = "https://api.fabric.microsoft.com/.default";
	static final String STORAGE = "https://storage.azure.com/.default";

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
		settings = new SignInSettings("acct" + n++, dir.resolve("home"), entra.authorityHost(), "emu-tenant",
				"lakestudio-test-client", entra.caFile());
	}

	@AfterEach
	void stop() throws Exception {
		Identity.of(settings).signOut();
		emu.close();
	}

	private CompletableFuture<String> signInAsync(Identity id, List<DeviceCode> shown) {
		return CompletableFuture.supplyAsync(() -> {
			try {
				return id.signInWithDeviceCode(FABRIC, shown::add);
			} catch (SignInException e) {
				throw new RuntimeException(e);
			}
		});
	}

	@Test
	void deviceCodeSignInWaitsForApprovalAndRecordsTheUserWithoutTokens() throws Exception {
		Identity id = Identity.of(settings);
		assertEquals(Identity.Cache.MEMORY, id.cache());
		SignInException before = assertThrows(SignInException.class, () -> id.token(FABRIC));
		assertEquals(SignInException.Kind.REQUIRED, before.kind());

		List<DeviceCode> shown = new CopyOnWriteArrayList<>();
		CompletableFuture<String> user = signInAsync(id, shown);
		String code = entra.awaitUserCode(Duration.ofSeconds(30));
		Thread.sleep(2500); // a couple of polls answered authorization_pending
		assertTrue(!user.isDone(), "still waiting for the user");
		entra.approve(code);
		assertEquals(Entra.USER, user.get());
		assertEquals(1, shown.size());
		assertEquals(code, shown.get(0).userCode());
		assertTrue(shown.get(0).message().contains(code) && shown.get(0).message().contains("/devicelogin"),
				shown.get(0).message());

		List<String> calls = RequestLog.targets(emu.log().matching(q -> "entra".equals(q.api())));
		System.out.println("MSAL asked: " + calls);
		assertTrue(calls.contains("POST /emu-tenant/oauth2/v2.0/devicecode"), calls.toString());
		assertTrue(calls.stream().filter(c -> c.equals("POST /emu-tenant/oauth2/v2.0/token")).count() >= 2,
				calls.toString());
		assertTrue(emu.log().matching(q -> "entra".equals(q.api()) && q.status() == 400).size() >= 1,
				"authorization_pending answers");

		// the sign-in record names the user and holds no token
		Path record = settings.stateFolder().resolve("identity").resolve(settings.account() + ".json");
		String text = Files.readString(record);
		assertTrue(text.contains(Entra.USER), text);
		// this user's only, whatever the umask (0644 and 0755 otherwise)
		assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
				Files.getPosixFilePermissions(record)));
		assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
				Files.getPosixFilePermissions(record.getParent())));
		for (String secret : entra.issuedSecrets()) {
			assertTrue(!text.contains(secret), "a token in the sign-in record");
		}

		// sign-out: the in-memory cache is gone too
		id.signOut();
		assertTrue(!Files.exists(record));
		SignInException after = assertThrows(SignInException.class, () -> Identity.of(settings).token(FABRIC));
		assertEquals(SignInException.Kind.REQUIRED, after.kind());
	}

	/**
	 * Was a known gap: azure-identity 1.18.7's DeviceCodeCredential.getToken never asked MSAL's cache after
	 * authenticate() (see Identity#app()); Identity now drives MSAL4J directly.
	 */
	@Test
	void silentTokensAfterSignIn() throws Exception {
		Identity id = Identity.of(settings);
		CompletableFuture<String> user = signInAsync(id, new CopyOnWriteArrayList<>());
		entra.approve(entra.awaitUserCode(Duration.ofSeconds(30)));
		user.get();
		// another command in the same process: the same account's Identity, its in-memory cache
		Identity again = Identity.of(settings);
		assertTrue(again == id);
		int beforeSilent = emu.log().size();
		Token fabric = again.token(FABRIC);
		assertEquals(beforeSilent, emu.log().size(), "the sign-in's access token, from the cache");
		HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(emu.fabricUrl()
				+ "/v1/workspaces")).header("Authorization", "Bearer " + fabric.value()).build(),
				HttpResponse.BodyHandlers.ofString());
		assertEquals(200, r.statusCode(), r.body());
		assertTrue(!fabric.toString().contains(fabric.value()));

		// another scope: MSAL uses the refresh token, no new device code
		Token storage = id.token(STORAGE);
		assertNotEquals(fabric.value(), storage.value());
		assertEquals("refresh_token", entra.grants().get(entra.grants().size() - 1));
		// the same scope again: from the cache, no request
		int before2 = emu.log().size();
		assertEquals(fabric.value(), id.token(FABRIC).value());
		assertEquals(before2, emu.log().size());
		assertEquals(1, deviceCodeRequests());
	}

	/** An access token that (for MSAL) has expired: the refresh token gets a new one, no prompt, no device code. */
	@Test
	void expiredAccessTokenIsRefreshedSilently() throws Exception {
		// MSAL refreshes an access token with less than 5 minutes left; 60 s is "expired" for it at once
		emu.tokens().ttl(Duration.ofSeconds(60));
		Identity id = Identity.of(settings);
		List<DeviceCode> shown = new CopyOnWriteArrayList<>();
		CompletableFuture<String> user = signInAsync(id, shown);
		entra.approve(entra.awaitUserCode(Duration.ofSeconds(30)));
		user.get();
		List<String> atSignIn = entra.grants();
		assertTrue(!atSignIn.contains("refresh_token"), atSignIn.toString());
		String first = entra.issuedSecrets().get(0);

		emu.tokens().ttl(Duration.ofHours(1));
		Token t = id.token(FABRIC);
		assertNotEquals(first, t.value());
		List<String> grants = entra.grants();
		assertEquals(atSignIn.size() + 1, grants.size(), grants.toString());
		assertEquals("refresh_token", grants.get(grants.size() - 1));
		assertEquals(1, deviceCodeRequests(), "no new device code");
		assertEquals(1, shown.size(), "no new prompt");
		HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(emu.fabricUrl()
				+ "/v1/workspaces")).header("Authorization", "Bearer " + t.value()).build(),
				HttpResponse.BodyHandlers.ofString());
		assertEquals(200, r.statusCode(), r.body());
		// the refreshed token (1 h) is now served from the cache
		int before = emu.log().size();
		assertEquals(t.value(), id.token(FABRIC).value());
		assertEquals(before, emu.log().size());
	}

	private long deviceCodeRequests() {
		return RequestLog.targets(emu.log().matching(q -> "entra".equals(q.api()))).stream()
				.filter(c -> c.endsWith("/oauth2/v2.0/devicecode")).count();
	}

	@Test
	void anotherProcessWithoutKeyringMustSignInAgain() throws Exception {
		Identity id = Identity.of(settings);
		CompletableFuture<String> user = signInAsync(id, new CopyOnWriteArrayList<>());
		entra.approve(entra.awaitUserCode(Duration.ofSeconds(30)));
		user.get();
		// a new process: same record on disk, empty memory; no keyring, so no cache to read silently
		Identity fresh = Identity.of(new SignInSettings(settings.account(), settings.stateFolder(),
				settings.authorityHost(), settings.tenant(), settings.clientId() + "-other-process", settings.caFile()));
		SignInException e = assertThrows(SignInException.class, () -> fresh.token(FABRIC));
		assertEquals(SignInException.Kind.REQUIRED, e.kind());
		assertTrue(e.getMessage().contains("not persisted"), e.getMessage());
		fresh.signOut();
	}

	@Test
	void expiredDeviceCodeSaysSo() throws Exception {
		entra.codeLifetime(Duration.ofSeconds(2));
		Identity id = Identity.of(settings);
		SignInException e = assertThrows(SignInException.class, () -> id.signInWithDeviceCode(FABRIC, c -> {
		}));
		assertEquals(SignInException.Kind.EXPIRED, e.kind(), e.getMessage());
		assertTrue(e.getMessage().contains("expired"), e.getMessage());
	}

	@Test
	void slowDownIsReportedClearly() throws Exception {
		entra.slowDown(1);
		Identity id = Identity.of(settings);
		SignInException e = assertThrows(SignInException.class, () -> id.signInWithDeviceCode(FABRIC, c -> {
		}));
		assertEquals(SignInException.Kind.SLOW_DOWN, e.kind(), e.getMessage());
		assertTrue(e.getMessage().contains("slow"), e.getMessage());
	}

	@Test
	void declinedSignIn() throws Exception {
		Identity id = Identity.of(settings);
		CompletableFuture<String> user = signInAsync(id, new CopyOnWriteArrayList<>());
		entra.decline(entra.awaitUserCode(Duration.ofSeconds(30)));
		Exception e = assertThrows(Exception.class, user::get);
		SignInException s = (SignInException) e.getCause().getCause();
		assertEquals(SignInException.Kind.DECLINED, s.kind(), s.getMessage());
	}

	@Test
	void revokedRefreshTokenMeansSignInAgain() throws Exception {
		Identity id = Identity.of(settings);
		CompletableFuture<String> user = signInAsync(id, new CopyOnWriteArrayList<>());
		entra.approve(entra.awaitUserCode(Duration.ofSeconds(30)));
		user.get();
		id.token(FABRIC); // silent works before the revocation
		entra.refuseRefresh(true);
		SignInException e = assertThrows(SignInException.class, () -> id.token(STORAGE));
		assertEquals(SignInException.Kind.REQUIRED, e.kind(), e.getMessage());
		assertEquals("refresh_token", entra.grants().get(entra.grants().size() - 1));
	}

	@Test
	void browserSignInFailsClearlyWithoutADisplay() {
		org.junit.jupiter.api.Assumptions.assumeFalse(Identity.browserPossible(), "a display is available");
		SignInException e = assertThrows(SignInException.class, () -> Identity.of(settings).signInWithBrowser(FABRIC));
		assertEquals(SignInException.Kind.NO_BROWSER, e.kind());
		assertTrue(e.getMessage().contains("device-code"), e.getMessage());
		assertEquals(0, emu.log().matching(Request::listing).size());
	}
}
