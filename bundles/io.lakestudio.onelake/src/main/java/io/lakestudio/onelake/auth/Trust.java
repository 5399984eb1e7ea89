package io.lakestudio.onelake.auth;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** TLS that trusts the JDK's CAs plus the certificates of one PEM file (the emulator's self-signed one). */
public final class Trust {

	private Trust() {
	}

	public static SSLContext with(Path pem) {
		try {
			KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
			ks.load(null, null);
			TrustManagerFactory def = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			def.init((KeyStore) null);
			int i = 0;
			for (TrustManager tm : def.getTrustManagers()) {
				if (tm instanceof X509TrustManager x) {
					for (X509Certificate c : x.getAcceptedIssuers()) {
						ks.setCertificateEntry("jdk-" + i++, c);
					}
				}
			}
			try (InputStream in = Files.newInputStream(pem)) {
				for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
					ks.setCertificateEntry("extra-" + i++, c);
				}
			}
			TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			tmf.init(ks);
			SSLContext ctx = SSLContext.getInstance("TLS");
			ctx.init(null, tmf.getTrustManagers(), null);
			return ctx;
		} catch (Exception e) {
			throw new IllegalArgumentException("Cannot trust the certificate in " + pem + ": " + e, e);
		}
	}
}
