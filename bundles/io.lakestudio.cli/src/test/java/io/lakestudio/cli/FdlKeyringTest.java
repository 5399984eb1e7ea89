package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.SecretService;

/**
 * {@code fdl keys --keyring}, each command its own JVM on a private D-Bus session with an unlocked gnome-keyring:
 * the signing key file moves into the keyring and is gone, a commit in another process is signed with that key
 * (checked with the JDK's Ed25519 over the record's bytes), no file anywhere holds the private key, and with no
 * keyring the command says so and leaves the key file as it was. Skips where gnome-keyring/dbus are missing, fails
 * in CI ({@code CI=true}).
 */
@Timeout(300)
class FdlKeyringTest {

	@TempDir
	Path dir;
	Path home;
	Path userHome;
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
		home = dir.resolve("home");
		userHome = dir.resolve("user-home");
		Files.createDirectories(userHome);
	}

	@AfterEach
	void stop() {
		if (keyring != null) {
			keyring.close();
		}
	}

	private CliProcess fdl(Map<String, String> props, String... args) throws Exception {
		String[] all = new String[args.length + 1];
		all[0] = "fdl";
		System.arraycopy(args, 0, all, 1, args.length);
		return CliProcess.run(keyring.environment(), props, all);
	}

	private CliProcess fdl(String... args) throws Exception {
		return fdl(Map.of("lakestudio.home", home.toString(), "user.home", userHome.toString()), args);
	}

	private static String field(String json, String name) {
		Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
		assertTrue(m.find(), name + " in " + json);
		return m.group(1);
	}

	@Test
	void theKeyMovesIntoTheKeyringAndCommitsInOtherProcessesAreSignedFromThere() throws Exception {
		CliProcess made = fdl("keys", "--json");
		assertEquals(0, made.exit, made::toString);
		String key = field(made.out, "key");
		Path keys = home.resolve("fdl/keys");
		byte[] priv = Files.readAllBytes(keys.resolve("ed25519"));

		CliProcess moved = fdl("keys", "--keyring");
		assertEquals(0, moved.exit, moved::toString);
		assertTrue(moved.out.contains(key) && moved.out.contains("in the OS keyring, in no file"), moved::toString);
		assertFalse(Files.exists(keys.resolve("ed25519")), "the private key file is deleted");
		String item = "fdl-signing-key " + home.resolve("fdl").toAbsolutePath().normalize();
		assertEquals(1, keyring.items(Map.of("lakestudio.secret", item)).size());
		CliProcess shown = fdl("keys", "--json");
		assertEquals(0, shown.exit, shown::toString);
		assertEquals(key, field(shown.out, "key"));
		assertEquals("keyring", field(shown.out, "kept"));

		Path repo = dir.resolve("repo");
		assertEquals(0, fdl("init", repo.toString()).exit);
		Path catalog = FdlCommandTest.workingCatalog(dir.resolve("work"));
		CliProcess commit = fdl("commit", repo.toString(), catalog.toString(), "-m", "signed from the keyring",
				"--author", "Ada", "--json");
		assertEquals(0, commit.exit, commit::toString);
		String id = field(commit.out, "version");
		String record = Files.readString(repo.resolve("versions/" + id));
		assertEquals(key, field(record, "key"));
		Matcher sig = Pattern.compile(",\"signature\":\"([0-9a-f]{128})\"").matcher(record);
		assertTrue(sig.find(), record);
		byte[] signed = (record.substring(0, sig.start()) + record.substring(sig.end())).getBytes(StandardCharsets.UTF_8);
		Signature v = Signature.getInstance("Ed25519");
		v.initVerify(KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(
				HexFormat.of().parseHex("302a300506032b6570032100" + key))));
		v.update(signed);
		assertTrue(v.verify(HexFormat.of().parseHex(sig.group(1))), "signed by the key from the keyring");
		assertFalse(Files.exists(keys.resolve("ed25519")), "signing made no key file");

		// the private key (raw, Base64 as libsecret passes it, hex) is in no file of ours or the keyring daemon's
		List<byte[]> forms = List.of(priv, Base64.getEncoder().encode(priv),
				HexFormat.of().formatHex(priv).getBytes(StandardCharsets.US_ASCII));
		for (Path folder : List.of(home, userHome, dir.resolve("work"), repo, keyring.home())) {
			try (Stream<Path> all = Files.walk(folder)) {
				for (Path f : all.filter(Files::isRegularFile).toList()) {
					String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
					for (byte[] form : forms)
						assertFalse(text.contains(new String(form, StandardCharsets.ISO_8859_1)), "the private key in " + f);
				}
			}
		}
	}

	@Test
	void withNoKeyringTheKeyStaysInItsFileAndTheCommandSaysWhy() throws Exception {
		Map<String, String> off = Map.of("lakestudio.home", home.toString(), "user.home", userHome.toString(),
				"lakestudio.keyring", "off");
		CliProcess made = fdl(off, "keys");
		assertEquals(0, made.exit, made::toString);
		Path file = home.resolve("fdl/keys/ed25519");
		byte[] priv = Files.readAllBytes(file);
		CliProcess refused = fdl(off, "keys", "--keyring");
		assertEquals(3, refused.exit, refused::toString);
		assertTrue(refused.out.contains("no OS keyring here"), refused::toString);
		assertTrue(java.util.Arrays.equals(priv, Files.readAllBytes(file)), "the key file is as it was");
		assertFalse(Files.exists(home.resolve("fdl/keys/keyring")), "nothing says the key is in a keyring");
		CliProcess after = fdl(off, "keys", "--json");
		assertEquals(0, after.exit, after::toString);
		assertEquals(file.toString(), field(after.out, "kept"));
	}
}
