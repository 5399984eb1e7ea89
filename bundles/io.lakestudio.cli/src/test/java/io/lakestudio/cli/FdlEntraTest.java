package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
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
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.host.Access;
import io.lakestudio.fdl.host.EntraTokens;
import io.lakestudio.fdl.host.Host;
import io.lakestudio.store.FolderStore;

/**
 * A host taking Entra access tokens (docs/fdl-0.1.md, "This project's host"), checked offline against the keys the
 * emulator's Entra publishes: {@code fdl push} with the token of the device-code sign-in the CLI already has is
 * taken; the same token once expired by the host's clock, one for another audience, one signed by a foreign key
 * (401), and a valid one of a user the host does not list (403) are refused, nothing written; no token is printed
 * or lands in a file.
 */
@Timeout(300)
class FdlEntraTest {

	static final String AUDIENCE = "api://fdl-host";
	@TempDir
	Path dir;
	Path home;
	Emulator emu;
	Entra entra;
	Host host;
	final AtomicReference<Instant> now = new AtomicReference<>(Instant.now());

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
		entra.interval(2);
		System.setProperty("lakestudio.authorityCa", entra.caFile().toString());
		home = dir.resolve("home");
	}

	@AfterEach
	void stop() {
		if (host != null)
			host.close();
		CliRun.run(home, "logout");
		System.clearProperty("lakestudio.authorityCa");
		emu.close();
	}

	private CliRun fdl(String... args) {
		String[] all = new String[args.length + 1];
		all[0] = "fdl";
		System.arraycopy(args, 0, all, 1, args.length);
		return CliRun.run(home, all);
	}

	/** A host of {@code folder} taking the emulator's Entra tokens for {@link #AUDIENCE}, by the given allow-list. */
	private String host(Path folder, String allowList) throws Exception {
		if (host != null)
			host.close();
		Path allow = Files.writeString(dir.resolve("allow-" + System.nanoTime()), allowList);
		Clock clock = new Clock() {
			@Override
			public Instant instant() {
				return now.get();
			}

			@Override
			public java.time.ZoneId getZone() {
				return ZoneOffset.UTC;
			}

			@Override
			public Clock withZone(java.time.ZoneId zone) {
				return this;
			}
		};
		HttpClient http = HttpClient.newBuilder()
				.sslContext(io.lakestudio.onelake.auth.Trust.with(entra.caFile())).build();
		EntraTokens tokens = EntraTokens.of(entra.authorityHost() + "/" + Entra.TENANT_ID + "/v2.0", AUDIENCE, allow,
				null, http, clock);
		Files.createDirectories(folder);
		host = new Host(Repository.init(new FolderStore(folder), folder + "/"), Access.open().and(tokens),
				new InetSocketAddress("127.0.0.1", 0), null, Host.DEFAULT_MAX_BODY, clock).start();
		return host.uri().toString();
	}

	/** {@code header.claims.signature} signed by a key no issuer publishes, claiming to be the emulator's user. */
	private String foreignToken() throws Exception {
		Base64.Encoder b = Base64.getUrlEncoder().withoutPadding();
		String header = b.encodeToString("{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"emulator-signing-1\"}"
				.getBytes(StandardCharsets.UTF_8));
		long t = Instant.now().getEpochSecond();
		String claims = b.encodeToString(("{\"aud\":\"" + AUDIENCE + "\",\"iss\":\"" + entra.authorityHost() + "/"
				+ Entra.TENANT_ID + "/v2.0\",\"exp\":" + (t + 3600) + ",\"nbf\":" + t + ",\"oid\":\"" + Entra.USER_OID
				+ "\"}").getBytes(StandardCharsets.UTF_8));
		KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
		g.initialize(2048);
		Signature s = Signature.getInstance("SHA256withRSA");
		s.initSign(g.generateKeyPair().getPrivate());
		s.update((header + "." + claims).getBytes(StandardCharsets.US_ASCII));
		return header + "." + claims + "." + b.encodeToString(s.sign());
	}

	@Test
	void aPushWithTheSignedInUsersEntraTokenIsTakenAndOthersAreRefused() throws Exception {
		CompletableFuture<CliRun> login = CompletableFuture.supplyAsync(() -> CliRun.run(home, "login", "--device-code",
				"--account", "emu", "--tenant", Entra.TENANT_ID, "--authority-host", entra.authorityHost(),
				"--client-id", "lakestudio-test-client", "--fabric-endpoint", emu.fabricUrl(), "--onelake-endpoint",
				emu.dfsUrl()));
		entra.approve(entra.awaitUserCode(Duration.ofSeconds(30)));
		CliRun in = login.get();
		assertEquals(0, in.exit, in.toString());

		Path local = dir.resolve("local"), work = dir.resolve("work"), served = dir.resolve("served");
		assertEquals(0, fdl("init", local.toString()).exit);
		assertEquals(0, fdl("clone", local.toString(), work.toString()).exit);
		CliRun sql = fdl("sql", "--work", work.toString(), "CREATE TABLE t(id BIGINT); INSERT INTO t VALUES (1), (2)");
		assertEquals(0, sql.exit, sql.toString());
		assertEquals(0, fdl("commit", "--work", work.toString(), "-m", "first", "--author", "Ada").exit);
		String scope = AUDIENCE + "/.default";

		// a valid token of a user the host does not list: 403, nothing written
		String url = host(served, "00000000-0000-4000-8000-0000000000bb bob main\n");
		CliRun stranger = fdl("push", local.toString(), url, "--entra-scope", scope);
		assertEquals(3, stranger.exit, stranger.toString());
		assertTrue(stranger.err.contains("not on this host's allow-list"), stranger.toString());
		assertFalse(Files.exists(served.resolve("refs")) || Files.exists(served.resolve("versions")), "nothing pushed");

		// listed by object ID (the user name would do too): taken
		url = host(served, "# who may push\n" + Entra.USER_OID + " ada main\n");
		CliRun pushed = fdl("push", local.toString(), url, "--entra-scope", scope);
		assertEquals(0, pushed.exit, pushed.toString());
		assertArrayEquals(Files.readAllBytes(local.resolve("refs/heads/main")),
				Files.readAllBytes(served.resolve("refs/heads/main")));
		CliRun log = fdl("log", url, "--entra-scope", scope);
		assertEquals(0, log.exit, log.toString());
		assertTrue(log.out.contains("first"), log.toString());

		// no token: 401
		CliRun none = fdl("log", url);
		assertEquals(3, none.exit, none.toString());
		assertTrue(none.err.contains("no valid bearer token"), none.toString());

		// a token for another audience (storage): 401, as a host must never take one it could replay there
		CliRun storage = fdl("log", url, "--entra-scope", "https://storage.azure.com/.default");
		assertEquals(3, storage.exit, storage.toString());
		assertTrue(storage.err.contains("another audience"), storage.toString());

		// signed by a key the issuer does not publish: 401
		Path forged = Files.writeString(dir.resolve("forged"), foreignToken());
		CliRun foreign = fdl("log", url, "--token-file", forged.toString());
		assertEquals(3, foreign.exit, foreign.toString());
		assertTrue(foreign.err.contains("signature does not verify"), foreign.toString());

		// the signed-in user's token, once the host's clock is past its expiry (and the leeway): 401
		byte[] before = Files.readAllBytes(served.resolve("refs/heads/main"));
		assertEquals(0, fdl("sql", "--work", work.toString(), "INSERT INTO t VALUES (3)").exit);
		assertEquals(0, fdl("commit", "--work", work.toString(), "-m", "second", "--author", "Ada").exit);
		now.set(Instant.now().plus(Duration.ofHours(2)));
		CliRun expired = fdl("push", local.toString(), url, "--entra-scope", scope);
		assertEquals(3, expired.exit, expired.toString());
		assertTrue(expired.err.contains("expired"), expired.toString());
		assertArrayEquals(before, Files.readAllBytes(served.resolve("refs/heads/main")), "main did not move");

		// no access token the emulator handed out is printed, or in a file of either side
		List<String> secrets = entra.issuedSecrets();
		assertFalse(secrets.isEmpty());
		for (CliRun r : List.of(in, stranger, pushed, log, none, storage, foreign, expired))
			for (String s : secrets)
				assertFalse(r.out.contains(s) || r.err.contains(s), "a token printed: " + r);
		List<Path> files;
		try (Stream<Path> all = Stream.concat(Files.walk(home), Files.walk(served))) {
			files = all.filter(Files::isRegularFile).toList();
		}
		for (Path f : files) {
			String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
			for (String s : secrets)
				assertFalse(text.contains(s), "a token in " + f);
		}
	}
}
