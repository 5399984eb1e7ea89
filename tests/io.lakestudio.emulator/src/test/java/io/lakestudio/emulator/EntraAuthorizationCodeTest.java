package io.lakestudio.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.util.Base64;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The emulated browser sign-in's server side: /authorize and the authorization-code grant with its PKCE check. */
@Timeout(60)
class EntraAuthorizationCodeTest {

	@TempDir
	Path root;
	Emulator emu;
	Entra entra;
	HttpClient http;
	static final String REDIRECT = "http://localhost:45678";

	@BeforeEach
	void start() throws Exception {
		BigTenant.write(root, 1, 1, 1);
		emu = Emulator.start(root);
		entra = emu.entra();
		KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
		ks.load(null, null);
		try (InputStream in = Files.newInputStream(entra.caFile())) {
			ks.setCertificateEntry("emu", CertificateFactory.getInstance("X.509").generateCertificate(in));
		}
		TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		tmf.init(ks);
		SSLContext ctx = SSLContext.getInstance("TLS");
		ctx.init(null, tmf.getTrustManagers(), null);
		http = HttpClient.newBuilder().sslContext(ctx).followRedirects(HttpClient.Redirect.NEVER).build();
	}

	@AfterEach
	void stop() {
		emu.close();
	}

	private static String enc(String s) {
		return URLEncoder.encode(s, StandardCharsets.UTF_8);
	}

	private static String challenge(String verifier) throws Exception {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(
				MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
	}

	private HttpResponse<String> authorize(String redirect, String challenge) throws Exception {
		String q = "client_id=c1&response_type=code&scope=" + enc("openid x/.default") + "&state=s1&redirect_uri="
				+ enc(redirect) + (challenge == null ? "" : "&code_challenge_method=S256&code_challenge=" + challenge);
		return http.send(HttpRequest.newBuilder(URI.create(entra.authorityHost() + "/t/oauth2/v2.0/authorize?" + q))
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> redeem(String code, String verifier) throws Exception {
		String form = "grant_type=authorization_code&client_id=c1&scope=" + enc("openid x/.default") + "&code="
				+ enc(code) + "&redirect_uri=" + enc(REDIRECT) + "&code_verifier=" + enc(verifier);
		return http.send(HttpRequest.newBuilder(URI.create(entra.authorityHost() + "/t/oauth2/v2.0/token"))
				.header("Content-Type", "application/x-www-form-urlencoded")
				.POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
	}

	private static String code(HttpResponse<String> r) {
		String loc = r.headers().firstValue("Location").orElseThrow();
		assertTrue(loc.startsWith(REDIRECT + "?code="), loc);
		assertTrue(loc.contains("&state=s1"), loc);
		return loc.substring(loc.indexOf("code=") + 5, loc.indexOf('&'));
	}

	@Test
	void theCodeNeedsTheVerifierOfItsChallengeAndWorksOnce() throws Exception {
		String verifier = "a-verifier-of-at-least-43-characters-0123456789";
		String code = code(authorize(REDIRECT, challenge(verifier)));
		HttpResponse<String> wrong = redeem(code, verifier + "x");
		assertEquals(400, wrong.statusCode());
		assertTrue(wrong.body().contains("invalid_grant") && wrong.body().contains("Code_Verifier"), wrong.body());

		String code2 = code(authorize(REDIRECT, challenge(verifier)));
		HttpResponse<String> ok = redeem(code2, verifier);
		assertEquals(200, ok.statusCode(), ok.body());
		assertTrue(ok.body().contains("\"access_token\"") && ok.body().contains("\"refresh_token\""));
		HttpResponse<String> again = redeem(code2, verifier);
		assertEquals(400, again.statusCode(), "a code works once");
		assertEquals(java.util.List.of("authorization_code", "authorization_code", "authorization_code"),
				entra.grants());
	}

	@Test
	void pkceIsRequiredAndTheRedirectMustBeLoopback() throws Exception {
		HttpResponse<String> noPkce = authorize(REDIRECT, null);
		assertEquals(302, noPkce.statusCode());
		assertTrue(noPkce.headers().firstValue("Location").orElseThrow().contains("error=invalid_request"));
		HttpResponse<String> remote = authorize("https://evil.example/cb", challenge("v"));
		assertEquals(400, remote.statusCode());
		assertTrue(remote.body().contains("loopback"), remote.body());
	}
}
