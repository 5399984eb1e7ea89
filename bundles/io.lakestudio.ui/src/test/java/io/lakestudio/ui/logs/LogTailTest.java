package io.lakestudio.ui.logs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Logs console shows is what {@link LogTail#read} gives it: credential shapes are masked there too, even in
 * lines the log file holds unmasked (written by an earlier version, or by anything else appending to it).
 */
class LogTailTest {

	private static final String JWT = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXgtcGFydA";
	private static final String REFRESH = "0.AXkAabcdefghijklmnopqrstuvwxyz0123456789_-ABCDEFGHIJ.AgABAAEAAAD";
	private static final String CLIENT_SECRET = "Abc8Q~abcdefghijklmnopqrstuvwxyz01234567";

	@Test
	void theConsoleShowsNoCredentialShape(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("lakestudio.log");
		Files.writeString(file, "2026-12-01T00:00:00Z fabric GET /v1/workspaces 401 {\"access_token\":\"" + JWT
				+ "\"}\n2026-12-01T00:00:01Z sign-in POST /token?refresh_token=" + REFRESH + "&client_secret="
				+ CLIENT_SECRET + " 400\n2026-12-01T00:00:02Z sync java.io.IOException: Bearer " + JWT + "\n");
		String shown = new LogTail(file, 64 * 1024).read();
		for (String s : new String[] { JWT, REFRESH, CLIENT_SECRET, JWT.substring(0, 20) }) {
			assertFalse(shown.contains(s), s + " shown in:\n" + shown);
		}
		assertTrue(shown.contains("GET /v1/workspaces 401") && shown.contains("***"), shown);
		assertTrue(shown.lines().count() == 3, shown);
	}
}
