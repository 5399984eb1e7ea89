package io.lakestudio.emulator.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The emulator's TLS (its DFS and Entra endpoints): one self-signed key for 127.0.0.1 per JVM, made with the
 * JDK's keytool (no crypto library needed), and its certificate as PEM for the client's trust.
 */
public final class LoopbackTls {

	private static final char[] PASS = "emulator".toCharArray();
	private static Path keyStore;
	private static Path pem;

	private LoopbackTls() {
	}

	/** The certificate clients must trust, PEM. */
	public static synchronized Path caFile() throws IOException {
		make();
		return pem;
	}

	public static synchronized SSLContext serverContext() throws IOException {
		make();
		try {
			KeyStore k = load();
			KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
			kmf.init(k, PASS);
			SSLContext ctx = SSLContext.getInstance("TLS");
			ctx.init(kmf.getKeyManagers(), null, null);
			return ctx;
		} catch (IOException e) {
			throw e;
		} catch (Exception e) {
			throw new IOException("cannot make the emulator's TLS key: " + e, e);
		}
	}

	/** A client context that trusts this certificate only: for tests that talk to DFS with a plain HTTP client. */
	public static synchronized SSLContext clientContext() throws IOException {
		make();
		try {
			KeyStore trust = KeyStore.getInstance("PKCS12");
			trust.load(null, null);
			trust.setCertificateEntry("dfs", load().getCertificate("dfs"));
			TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			tmf.init(trust);
			SSLContext ctx = SSLContext.getInstance("TLS");
			ctx.init(null, tmf.getTrustManagers(), null);
			return ctx;
		} catch (Exception e) {
			throw new IOException("cannot trust the emulator's TLS key: " + e, e);
		}
	}

	private static void make() throws IOException {
		if (keyStore != null) {
			return;
		}
		Path dir = Files.createTempDirectory("lakestudio-dfs-tls");
		Path ks = dir.resolve("dfs.p12");
		Path ca = dir.resolve("dfs-ca.pem");
		String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
		run(keytool, "-genkeypair", "-alias", "dfs", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
				"CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "30", "-storetype", "PKCS12",
				"-keystore", ks.toString(), "-storepass", "emulator", "-keypass", "emulator");
		keyStore = ks;
		try {
			Certificate cert = load().getCertificate("dfs");
			Files.writeString(ca, "-----BEGIN CERTIFICATE-----\n"
					+ Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(cert.getEncoded())
					+ "\n-----END CERTIFICATE-----\n");
		} catch (Exception e) {
			keyStore = null;
			throw new IOException("cannot read the emulator's TLS key: " + e, e);
		}
		dir.toFile().deleteOnExit();
		ks.toFile().deleteOnExit();
		ca.toFile().deleteOnExit();
		pem = ca;
	}

	private static KeyStore load() throws Exception {
		KeyStore k = KeyStore.getInstance("PKCS12");
		try (InputStream in = Files.newInputStream(keyStore)) {
			k.load(in, PASS);
		}
		return k;
	}

	private static void run(String... cmd) throws IOException {
		try {
			Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			p.getInputStream().transferTo(out);
			if (p.waitFor() != 0) {
				throw new IOException("keytool failed: " + out.toString(StandardCharsets.UTF_8));
			}
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted while making the emulator's TLS key", e);
		}
	}
}
