package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.Tokens;

/**
 * {@code fdl serve abfss://...}: a host whose repository is in a OneLake folder (the emulator's DFS, signed in with
 * its client credentials): a push through it lands as files in the lakehouse's folder (byte-identical to the
 * pushing repository's), through DFS writes, and a clone through it gets the data back.
 */
@Timeout(240)
class FdlOneLakeServeTest {

	@TempDir
	Path dir;
	Path home;
	Path root;
	Emulator emu;
	Thread serving;

	@BeforeEach
	void start() throws Exception {
		root = dir.resolve("lake");
		BigTenant.write(root, 1, 1, 1);
		Files.createDirectories(root.resolve("ws00/lh000.Lakehouse/Files"));
		emu = Emulator.start(root);
		home = dir.resolve("home");
		System.setProperty("lakestudio.clientSecret", Tokens.CLIENT_SECRET);
		System.setProperty("lakestudio.onelakeCa", emu.dfsCaFile().toString());
		CliRun login = CliRun.run(home, "login", "--account", "emu", "--client-id", Tokens.CLIENT_ID,
				"--token-endpoint", emu.tokenUrl(), "--fabric-endpoint", emu.fabricUrl(), "--onelake-endpoint",
				emu.dfsUrl());
		assertEquals(0, login.exit, login.toString());
	}

	@AfterEach
	void stop() throws Exception {
		if (serving != null) {
			serving.interrupt();
			serving.join(30_000);
		}
		System.clearProperty("lakestudio.clientSecret");
		System.clearProperty("lakestudio.onelakeCa");
		emu.close();
	}

	private CliRun fdl(String... args) {
		String[] all = new String[args.length + 1];
		all[0] = "fdl";
		System.arraycopy(args, 0, all, 1, args.length);
		return CliRun.run(home, all);
	}

	@Test
	void aHostOnAOneLakeFolderTakesAPushAndServesAClone() throws Exception {
		int port;
		try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = s.getLocalPort();
		}
		String folder = "abfss://ws00@" + URI.create(emu.dfsUrl()).getAuthority() + "/lh000.Lakehouse/Files/sales.fdl";
		CompletableFuture<CliRun> served = new CompletableFuture<>();
		serving = Thread.ofPlatform().daemon().start(() -> served.complete(fdl("serve", folder, "--port",
				Integer.toString(port), "--json")));
		long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (true) {
			try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
				break;
			} catch (java.io.IOException e) {
				assertFalse(served.isDone(), () -> "fdl serve stopped: " + served.join());
				assertTrue(System.nanoTime() < until, "fdl serve took no connection in 60 s");
				Thread.sleep(200);
			}
		}
		String url = "http://127.0.0.1:" + port + "/";
		Path onelake = root.resolve("ws00/lh000.Lakehouse/Files/sales.fdl");
		assertEquals("{\"format\":\"fdl\",\"version\":\"0.1\"}", Files.readString(onelake.resolve("FDL")),
				"init wrote the marker on OneLake");

		Path local = dir.resolve("local"), work = dir.resolve("work");
		assertEquals(0, fdl("init", local.toString()).exit);
		assertEquals(0, fdl("clone", local.toString(), work.toString()).exit);
		CliRun sql = fdl("sql", "--work", work.toString(), "CREATE TABLE t(id BIGINT); INSERT INTO t VALUES (1), (2)");
		assertEquals(0, sql.exit, sql.toString());
		assertEquals(0, fdl("commit", "--work", work.toString(), "-m", "first", "--author", "Ada").exit);
		emu.log().clear();
		CliRun push = fdl("push", local.toString(), url);
		assertEquals(0, push.exit, push.toString());
		assertArrayEquals(Files.readAllBytes(local.resolve("refs/heads/main")),
				Files.readAllBytes(onelake.resolve("refs/heads/main")));
		List<Path> objects;
		try (var all = Files.walk(local)) {
			objects = all.filter(Files::isRegularFile).toList();
		}
		for (Path f : objects)
			assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(onelake.resolve(local.relativize(f))),
					local.relativize(f).toString());
		List<Request> writes = emu.log().all().stream().filter(r -> r.api().equals("dfs")
				&& r.path().contains("sales.fdl") && !r.method().equals("GET") && !r.method().equals("HEAD")).toList();
		assertFalse(writes.isEmpty(), "the push went through OneLake's DFS");

		Path cloned = dir.resolve("cloned");
		CliRun clone = fdl("clone", url, cloned.toString());
		assertEquals(0, clone.exit, clone.toString());
		try (var all = Files.walk(work.resolve("data"))) {
			for (Path f : all.filter(Files::isRegularFile).toList())
				assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(cloned.resolve(work.relativize(f))));
		}
		assertFalse(served.isDone(), "still serving");
	}
}
