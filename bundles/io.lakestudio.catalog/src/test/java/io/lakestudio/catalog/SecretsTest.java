package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each credential shape, wherever it sits in a message, is masked on its way into the log; the rest is kept. */
public class SecretsTest {

	/** Made up, in the shapes Entra hands out. */
	public static final String JWT = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJodHRwczovL3N0b3JhZ2UuYXp1cmUuY29t"
			+ "In0.c2lnbmF0dXJlLW9mLWEtdG9rZW4tbm8tb25lLWlzc3VlZA";
	public static final String REFRESH = "0.AXkAabcdefghijklmnopqrstuvwxyz0123456789_-ABCDEFGHIJ.AgABAAEAAAD--DLA3VO7QrddgJg7WevrAgDs";
	public static final String CLIENT_SECRET = "Abc8Q~abcdefghijklmnopqrstuvwxyz01234567";
	public static final String CODE = "1.AXkAzyxwvutsrqponmlkjihgfedcba9876543210";

	/** Messages as the code that logs would make them: URLs, error bodies the lake sent back, exceptions. */
	public static List<String> messages() {
		return List.of(
				"GET https://onelake.dfs.fabric.microsoft.com/ws/item?sv=2023&sig=" + CLIENT_SECRET.substring(4) + " 403",
				"POST https://login.microsoftonline.com/t/oauth2/v2.0/token?grant_type=refresh_token&refresh_token="
						+ REFRESH + "&client_secret=" + CLIENT_SECRET + " 400",
				"sign-in refused: {\"error\":\"invalid_grant\",\"refresh_token\": \"" + REFRESH + "\",\"access_token\":\""
						+ JWT + "\"}",
				"Fabric answered 401 {\"errorCode\":\"TokenExpired\",\"message\":\"Access token " + JWT + " expired\"}",
				new java.io.IOException("HTTP/1.1 header Authorization: Bearer " + JWT.substring(0, 30)
						+ " refused; client secret was " + CLIENT_SECRET).toString(),
				"redirect http://localhost:1234/?code=" + CODE + "&state=xyz",
				"a token alone in a message: " + JWT + ", and a refresh token alone: " + REFRESH);
	}

	public static List<String> secrets() {
		return List.of(JWT, REFRESH, CLIENT_SECRET, CLIENT_SECRET.substring(4), JWT.substring(0, 30), CODE,
				JWT.substring(JWT.lastIndexOf('.') + 1), REFRESH.substring(5, 40));
	}

	@Test
	void noCredentialShapeSurvivesTheLog(@TempDir Path home) throws Exception {
		EventLog log = new EventLog(home);
		for (String m : messages()) {
			log.log("test", m);
		}
		String text = Files.readString(log.file());
		for (String s : secrets()) {
			assertFalse(text.contains(s), "'" + s + "' survived in:\n" + text);
		}
		assertEquals(messages().size(), text.lines().count());
		for (String kept : new String[] { "login.microsoftonline.com", "grant_type=refresh_token", "invalid_grant",
				"TokenExpired", "state=xyz", "403", "***" }) {
			assertTrue(text.contains(kept), kept + " was kept:\n" + text);
		}
	}
}
