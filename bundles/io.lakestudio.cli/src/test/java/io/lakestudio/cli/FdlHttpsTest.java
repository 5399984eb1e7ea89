package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fdl serve --tls-cert} with a self-signed certificate made here, in its own JVM as a user runs it, and the
 * clients over https: push and clone refused with a clear error while the certificate isn't trusted (nothing
 * written on either side), then done with {@code --ca} naming it; the cloned data is the pushed bytes.
 */
@Timeout(300)
class FdlHttpsTest {

	@TempDir
	Path dir;
	Process serve;

	@AfterEach
	void stop() throws Exception {
		if (serve != null) {
			serve.destroy();
			serve.waitFor(30, TimeUnit.SECONDS);
		}
	}

	private CliRun fdl(String... args) {
		String[] all = new String[args.length + 1];
		all[0] = "fdl";
		System.arraycopy(args, 0, all, 1, args.length);
		return CliRun.run(dir.resolve("home"), all);
	}

	/** A certificate for 127.0.0.1: the host's PEM (certificate and key) and the client's (certificate only). */
	private Path[] certificate() throws Exception {
		Path p12 = dir.resolve("host.p12");
		Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
				"-genkeypair", "-alias", "host", "-keyalg", "EC", "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1",
				"-validity", "2", "-keystore", p12.toString(), "-storetype", "PKCS12", "-storepass", "s3cret",
				"-keypass", "s3cret").redirectErrorStream(true).start();
		assertTrue(keytool.waitFor(2, TimeUnit.MINUTES));
		assertEquals(0, keytool.exitValue(), new String(keytool.getInputStream().readAllBytes()));
		KeyStore ks = KeyStore.getInstance("PKCS12");
		try (InputStream in = Files.newInputStream(p12)) {
			ks.load(in, "s3cret".toCharArray());
		}
		Base64.Encoder b64 = Base64.getMimeEncoder(64, "\n".getBytes());
		String cert = "-----BEGIN CERTIFICATE-----\n" + b64.encodeToString(ks.getCertificate("host").getEncoded())
				+ "\n-----END CERTIFICATE-----\n";
		Path host = Files.writeString(dir.resolve("host.pem"), cert + "-----BEGIN PRIVATE KEY-----\n"
				+ b64.encodeToString(ks.getKey("host", "s3cret".toCharArray()).getEncoded()) + "\n-----END PRIVATE KEY-----\n");
		Path ca = Files.writeString(dir.resolve("ca.pem"), cert);
		return new Path[] { host, ca };
	}

	/** {@code lakestudio fdl serve FOLDER --port P --tls-cert PEM} in a new JVM; once it takes connections. */
	private String serve(Path folder, Path pem) throws Exception {
		int port;
		try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = s.getLocalPort();
		}
		List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
				"-Dlakestudio.home=" + dir.resolve("host-home"), Main.class.getName(), "fdl", "serve", folder.toString(),
				"--port", Integer.toString(port), "--tls-cert", pem.toString()));
		serve = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("serve.log").toFile())
				.start();
		long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (true) {
			try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
				return "https://127.0.0.1:" + port + "/";
			} catch (java.io.IOException e) {
				assertTrue(serve.isAlive(), () -> "fdl serve stopped: " + read(dir.resolve("serve.log")));
				assertTrue(System.nanoTime() < until, "fdl serve took no connection in 60 s");
				Thread.sleep(200);
			}
		}
	}

	private static String read(Path p) {
		try {
			return Files.readString(p);
		} catch (java.io.IOException e) {
			return e.toString();
		}
	}

	@Test
	void pushAndCloneOverHttpsOnlyWhenTheHostsCertificateIsTrusted() throws Exception {
		Path[] pems = certificate();
		Path served = dir.resolve("served");
		String url = serve(served, pems[0]);

		Path local = dir.resolve("local"), work = dir.resolve("work");
		assertEquals(0, fdl("init", local.toString()).exit);
		assertEquals(0, fdl("clone", local.toString(), work.toString()).exit);
		CliRun sql = fdl("sql", "--work", work.toString(), "SET ducklake_default_data_inlining_row_limit = 0; CREATE TABLE t(id BIGINT); INSERT INTO t VALUES (1), (2), (3)");
		assertEquals(0, sql.exit, sql.toString());
		CliRun commit = fdl("commit", "--work", work.toString(), "-m", "first", "--author", "Ada");
		assertEquals(0, commit.exit, commit.toString());

		CliRun untrusted = fdl("push", local.toString(), url);
		assertEquals(3, untrusted.exit, untrusted.toString());
		assertTrue(untrusted.err.contains("certificate is not trusted") && untrusted.err.contains("--ca"),
				untrusted.toString());
		assertFalse(Files.exists(served.resolve("refs")), "nothing pushed");
		assertFalse(Files.exists(served.resolve("versions")), "nothing pushed");

		CliRun pushed = fdl("push", local.toString(), url, "--ca", pems[1].toString());
		assertEquals(0, pushed.exit, pushed.toString());
		assertArrayEquals(Files.readAllBytes(local.resolve("refs/heads/main")),
				Files.readAllBytes(served.resolve("refs/heads/main")));

		Path refused = dir.resolve("refused");
		CliRun noClone = fdl("clone", url, refused.toString());
		assertEquals(3, noClone.exit, noClone.toString());
		assertTrue(noClone.err.contains("certificate is not trusted"), noClone.toString());
		assertFalse(Files.exists(refused.resolve("lake.sqlite")), "no working catalog from an untrusted host");

		Path cloned = dir.resolve("cloned");
		CliRun clone = fdl("clone", url, cloned.toString(), "--ca", pems[1].toString());
		assertEquals(0, clone.exit, clone.toString());
		assertTrue(Files.isRegularFile(cloned.resolve("lake.sqlite")), clone.toString());
		List<Path> written;
		try (var files = Files.walk(work.resolve("data"))) {
			written = files.filter(Files::isRegularFile).toList();
		}
		assertFalse(written.isEmpty());
		for (Path f : written)
			assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(cloned.resolve(work.relativize(f))),
					"the cloned " + work.relativize(f));

		// ATTACH of a version over https, by the engine in the same process, trusts what --ca says too
		String attach = "ATTACH 'ducklake:fdl:" + url + "@main' AS v; SELECT count(*) * 7 AS n FROM v.t";
		CliRun attached = fdl("sql", "--work", cloned.toString(), "--csv", "--ca", pems[1].toString(), attach);
		assertEquals(0, attached.exit, attached.toString());
		assertTrue(attached.out.contains("21"), attached.toString());
		Files.walk(dir.resolve("home/fdl")).sorted(java.util.Comparator.reverseOrder())
				.filter(p -> p.toString().contains("/mirror") || p.toString().contains("/catalogs"))
				.forEach(p -> p.toFile().delete());
		CliRun notAttached = fdl("sql", "--work", cloned.toString(), "--csv", attach);
		assertTrue(notAttached.exit != 0, notAttached.toString());
		assertTrue(notAttached.err.contains("certificate is not trusted"), notAttached.toString());

		CliRun missing = fdl("clone", url, dir.resolve("c3").toString(), "--ca", dir.resolve("nope.pem").toString());
		assertEquals(2, missing.exit, missing.toString());
		assertTrue(missing.err.contains("nope.pem"), missing.toString());
	}
}
