package io.lakestudio.fdl.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.store.http.HttpStore;
import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Writer;
import io.lakestudio.fdl.WorkingCatalogs;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectInfo;

/**
 * The hostile requests HostTest leaves out, on a host over a folder (a streamed body with no length past the limit,
 * a climb out of the root spelled with encoded slashes, a tag written over or with If-Match, no token on a write
 * or a DELETE), each refused with its status and nothing changed; and HTTPS from a self-signed certificate made
 * here, as a PKCS#12 file and as a PEM.
 */
class HostileAndTlsTest {

	@TempDir
	Path dir;

	private Map<String, String> snapshot(FolderStore s) throws Exception {
		Map<String, String> m = new HashMap<>();
		for (ObjectInfo o : s.list(""))
			m.put(o.path(), o.etag() + "/" + o.size());
		return m;
	}

	@Test
	void moreHostileRequestsAreRefusedAndChangeNothing() throws Exception {
		Path root = dir.resolve("repo");
		Files.createDirectories(root);
		FolderStore backend = new FolderStore(root);
		Repository local = Repository.init(backend, root + "/");
		try (Host host = new Host(local, Access.of(Map.of("tok", new Access.Who("owner", true))),
				new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, 1 << 20, Clock.systemUTC()).start()) {
			Repository remote = new Repository(new HttpStore(host.uri(), () -> "tok"), host.uri().toString());
			String v1;
			try (var w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
				v1 = new Writer(remote, Signing.generate(), "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "1",
						dir.resolve("t"), false).id();
			}
			new Refs(remote).tag("v1", v1);
			byte[] tag = backend.get("refs/tags/v1");
			String tagEtag = backend.head("refs/tags/v1").get().etag();
			Map<String, String> before = snapshot(backend);
			HttpClient http = HttpClient.newHttpClient();
			record Case(int status, String code, HttpRequest request) {
			}
			String base = host.uri().toString();
			// a body with no Content-Length, streamed past the limit
			InputStream endless = new InputStream() {
				long left = (1 << 20) + 4096;

				@Override
				public int read() {
					return left-- > 0 ? 'x' : -1;
				}
			};
			List<Case> cases = List.of(
					new Case(413, "too-large", HttpRequest.newBuilder(URI.create(base + "data/streamed.parquet"))
							.header("Authorization", "Bearer tok").header("If-None-Match", "*")
							.PUT(HttpRequest.BodyPublishers.ofInputStream(() -> endless)).build()),
					new Case(400, "malformed", HttpRequest.newBuilder(URI.create(base + "data/..%2F..%2F..%2Fetc%2Fpasswd"))
							.header("Authorization", "Bearer tok").GET().build()),
					new Case(400, "malformed", HttpRequest.newBuilder(URI.create(base + "refs/heads/..%2F..%2FFDL"))
							.header("Authorization", "Bearer tok").header("If-None-Match", "*")
							.PUT(HttpRequest.BodyPublishers.ofByteArray(tag)).build()),
					new Case(412, "condition-failed", HttpRequest.newBuilder(URI.create(base + "refs/tags/v1"))
							.header("Authorization", "Bearer tok").header("If-None-Match", "*")
							.PUT(HttpRequest.BodyPublishers.ofByteArray(tag)).build()),
					new Case(400, "malformed", HttpRequest.newBuilder(URI.create(base + "refs/tags/v1"))
							.header("Authorization", "Bearer tok").header("If-Match", tagEtag)
							.PUT(HttpRequest.BodyPublishers.ofByteArray(tag)).build()),
					new Case(412, "condition-failed", HttpRequest.newBuilder(URI.create(base + "FDL"))
							.header("Authorization", "Bearer tok").header("If-None-Match", "*")
							.PUT(HttpRequest.BodyPublishers.ofByteArray(backend.get("FDL"))).build()),
					new Case(401, "unauthorized", HttpRequest.newBuilder(URI.create(base + "data/new.parquet"))
							.header("If-None-Match", "*").PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[10])).build()),
					new Case(401, "unauthorized", HttpRequest.newBuilder(URI.create(base + "refs/heads/main"))
							.header("If-Match", backend.head("refs/heads/main").get().etag()).DELETE().build()),
					new Case(401, "unauthorized", HttpRequest.newBuilder(URI.create(base + "?list=refs/")).GET().build()));
			for (Case c : cases) {
				HttpResponse<String> r = http.send(c.request(), HttpResponse.BodyHandlers.ofString());
				String what = c.request().method() + " " + c.request().uri();
				assertEquals(c.status(), r.statusCode(), what + ": " + r.body());
				assertTrue(r.body().contains("\"error\":\"" + c.code() + "\""), what + ": " + r.body());
				assertEquals(before, snapshot(backend), what + " changed the repository");
			}
			assertTrue(Files.notExists(root.resolve("data/streamed.parquet")));
		}
	}

	@Test
	void servesHttpsFromAPkcs12OrAPemMadeHere() throws Exception {
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
		Path pem = dir.resolve("host.pem");
		Base64.Encoder b64 = Base64.getMimeEncoder(64, "\n".getBytes());
		Files.writeString(pem, "-----BEGIN CERTIFICATE-----\n" + b64.encodeToString(ks.getCertificate("host").getEncoded())
				+ "\n-----END CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----\n"
				+ b64.encodeToString(ks.getKey("host", "s3cret".toCharArray()).getEncoded()) + "\n-----END PRIVATE KEY-----\n");

		TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		KeyStore trust = KeyStore.getInstance("PKCS12");
		trust.load(null, null);
		trust.setCertificateEntry("host", ks.getCertificate("host"));
		tmf.init(trust);
		SSLContext client = SSLContext.getInstance("TLS");
		client.init(null, tmf.getTrustManagers(), null);
		HttpClient https = HttpClient.newBuilder().sslContext(client).build();

		Path root = dir.resolve("repo");
		Files.createDirectories(root);
		Repository repo = Repository.init(new FolderStore(root), root + "/");
		for (SSLContext tls : List.of(TlsFiles.context(p12, "s3cret".toCharArray()), TlsFiles.context(pem, null)))
			try (Host host = new Host(repo, Access.open(), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), tls,
					1 << 20, Clock.systemUTC()).start()) {
				assertTrue(host.uri().toString().startsWith("https://"), host.uri().toString());
				HttpResponse<String> r = https.send(HttpRequest.newBuilder(host.uri().resolve("FDL")).build(),
						HttpResponse.BodyHandlers.ofString());
				assertEquals(200, r.statusCode());
				assertEquals("{\"format\":\"fdl\",\"version\":\"0.1\"}", r.body());
				// plain HTTP on the HTTPS port gets no answer from the repository
				URI plain = URI.create(host.uri().toString().replace("https://", "http://") + "FDL");
				assertThrows(Exception.class, () -> {
					HttpResponse<String> p = HttpClient.newHttpClient().send(HttpRequest.newBuilder(plain)
							.timeout(java.time.Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
					if (p.body().contains("fdl"))
						return;
					throw new java.io.IOException("no answer over plain HTTP: " + p.statusCode());
				});
			}
		java.io.IOException wrong = assertThrows(java.io.IOException.class,
				() -> TlsFiles.context(p12, "wrong".toCharArray()));
		assertTrue(wrong.getMessage().contains("host.p12"), wrong.getMessage());
	}
}
