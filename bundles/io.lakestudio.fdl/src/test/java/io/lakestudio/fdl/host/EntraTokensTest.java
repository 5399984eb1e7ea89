package io.lakestudio.fdl.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.FdlException.Refusal;

/**
 * The host's offline check of Entra tokens, each rule of docs/fdl-0.1.md "This project's host" on its own: tokens
 * made here with a key given as a JWKS file, one claim changed at a time.
 */
class EntraTokensTest {

	static final String ISSUER = "https://login.example/tenant-1/v2.0";
	static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
	@TempDir
	Path dir;
	KeyPair key;
	Access access;

	private static String b64(byte[] b) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
	}

	private static byte[] unsigned(BigInteger n) {
		byte[] b = n.toByteArray();
		return b[0] == 0 ? java.util.Arrays.copyOfRange(b, 1, b.length) : b;
	}

	@BeforeEach
	void keys() throws Exception {
		KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
		g.initialize(2048);
		key = g.generateKeyPair();
		RSAPublicKey pub = (RSAPublicKey) key.getPublic();
		Path jwks = Files.writeString(dir.resolve("jwks.json"), "{\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"k1\","
				+ "\"n\":\"" + b64(unsigned(pub.getModulus())) + "\",\"e\":\"" + b64(unsigned(pub.getPublicExponent())) + "\"}]}");
		Path allow = Files.writeString(dir.resolve("allow"), "# who\noid-ada ada main\nBob@Example.com bob\n");
		access = Access.open().and(EntraTokens.of(ISSUER, "api://host", allow, jwks, null, Clock.fixed(NOW, ZoneOffset.UTC)));
	}

	private String token(String alg, String kid, String claims, KeyPair signer) throws Exception {
		String h = b64(("{\"alg\":\"" + alg + "\",\"kid\":\"" + kid + "\"}").getBytes(StandardCharsets.UTF_8));
		String c = b64(claims.getBytes(StandardCharsets.UTF_8));
		Signature s = Signature.getInstance("SHA256withRSA");
		s.initSign(signer.getPrivate());
		s.update((h + "." + c).getBytes(StandardCharsets.US_ASCII));
		return h + "." + c + "." + b64(s.sign());
	}

	private String claims(String iss, String aud, long exp, long nbf, String who) {
		return "{\"iss\":\"" + iss + "\",\"aud\":\"" + aud + "\",\"exp\":" + exp + ",\"nbf\":" + nbf + "," + who + "}";
	}

	private String valid(String who) throws Exception {
		long t = NOW.getEpochSecond();
		return token("RS256", "k1", claims(ISSUER, "api://host", t + 3600, t - 60, who), key);
	}

	private FdlException refused(String token) {
		return assertThrows(FdlException.class, () -> access.who("Bearer " + token));
	}

	@Test
	void aValidTokenNamesWhoTheAllowListSays() throws Exception {
		assertEquals(Optional.of(new Access.Who("ada", true)), access.who("Bearer " + valid("\"oid\":\"oid-ada\"")));
		assertEquals(Optional.of(new Access.Who("bob", false)),
				access.who("Bearer " + valid("\"oid\":\"x\",\"preferred_username\":\"bob@example.com\"")));
		assertEquals(Optional.of(new Access.Who("bob", false)), access.who("Bearer " + valid("\"upn\":\"BOB@example.com\"")));
		assertEquals(Optional.empty(), access.who("Bearer opaque-token"), "not a JWT: the token file's, which has none");
		assertEquals(Optional.empty(), access.who(null));
	}

	@Test
	void eachBrokenRuleIsA401SayingWhich() throws Exception {
		long t = NOW.getEpochSecond();
		String ada = "\"oid\":\"oid-ada\"";
		KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
		g.initialize(2048);
		String[][] cases = {
				{ token("RS256", "k1", claims(ISSUER, "api://host", t + 3600, t, ada), g.generateKeyPair()), "does not verify" },
				{ token("RS256", "k2", claims(ISSUER, "api://host", t + 3600, t, ada), key), "no key of" },
				{ token("HS256", "k1", claims(ISSUER, "api://host", t + 3600, t, ada), key), "RS256" },
				{ token("RS256", "k1", claims("https://other/v2.0", "api://host", t + 3600, t, ada), key), "issued by https://other" },
				{ token("RS256", "k1", claims(ISSUER, "https://storage.azure.com", t + 3600, t, ada), key), "another audience" },
				{ token("RS256", "k1", claims(ISSUER, "api://host", t - 301, t - 4000, ada), key), "expired" },
				{ token("RS256", "k1", claims(ISSUER, "api://host", t + 3600, t + 301, ada), key), "not valid yet" },
				{ "a.b.c", "well-formed" } };
		for (String[] c : cases) {
			FdlException e = refused(c[0]);
			assertEquals(Refusal.UNAUTHORIZED, e.refusal(), c[1]);
			assertTrue(e.getMessage().contains(c[1]), e.getMessage());
			assertTrue(!e.getMessage().contains(c[0]), "the token is not in the message");
		}
		// within the 5 minutes' leeway either side
		assertTrue(access.who("Bearer " + token("RS256", "k1", claims(ISSUER, "api://host", t - 299, t - 4000, ada), key)).isPresent());
		assertTrue(access.who("Bearer " + token("RS256", "k1", claims(ISSUER, "api://host", t + 3600, t + 299, ada), key)).isPresent());
	}

	@Test
	void aValidTokenOfSomeoneNotListedIsA403() throws Exception {
		FdlException e = refused(valid("\"oid\":\"oid-eve\",\"preferred_username\":\"eve@example.com\""));
		assertEquals(Refusal.FORBIDDEN, e.refusal());
		assertTrue(e.getMessage().contains("allow-list"), e.getMessage());
	}
}
