package io.lakestudio.fdl.host;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The TLS identity a host serves HTTPS with, from a file the user gives: a PEM holding the certificate chain and
 * its private key (PKCS#8, "BEGIN PRIVATE KEY"), or a PKCS#12 file and its password. The JDK's own providers only.
 */
public final class TlsFiles {

	private static final Pattern PEM = Pattern.compile("-----BEGIN ([A-Z ]+)-----([^-]+)-----END \\1-----");

	private TlsFiles() {
	}

	public static SSLContext context(Path file, char[] password) throws IOException {
		byte[] bytes = Files.readAllBytes(file);
		try {
			KeyStore ks;
			char[] pw = password == null ? new char[0] : password;
			if (new String(bytes, StandardCharsets.US_ASCII).contains("-----BEGIN ")) {
				ks = fromPem(new String(bytes, StandardCharsets.US_ASCII), file);
				pw = new char[0];
			} else {
				ks = KeyStore.getInstance("PKCS12");
				try (InputStream in = new ByteArrayInputStream(bytes)) {
					ks.load(in, pw);
				} catch (IOException e) {
					throw new IOException(file + ": can't open it as PKCS#12 (" + e.getMessage()
							+ "; the password is $LAKESTUDIO_TLS_PASSWORD)", e);
				}
			}
			KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
			kmf.init(ks, pw);
			SSLContext c = SSLContext.getInstance("TLS");
			c.init(kmf.getKeyManagers(), null, null);
			return c;
		} catch (GeneralSecurityException e) {
			throw new IOException(file + ": not a usable certificate and key (" + e.getMessage() + ")", e);
		}
	}

	private static KeyStore fromPem(String text, Path file) throws GeneralSecurityException, IOException {
		List<Certificate> chain = new ArrayList<>();
		PrivateKey key = null;
		Matcher m = PEM.matcher(text);
		CertificateFactory cf = CertificateFactory.getInstance("X.509");
		while (m.find()) {
			byte[] der = Base64.getMimeDecoder().decode(m.group(2).strip());
			switch (m.group(1)) {
			case "CERTIFICATE" -> chain.add(cf.generateCertificate(new ByteArrayInputStream(der)));
			case "PRIVATE KEY" -> key = privateKey(der);
			default -> throw new IOException(file + ": a PEM " + m.group(1) + " is not taken; give the key as PKCS#8"
					+ " (BEGIN PRIVATE KEY), e.g. openssl pkcs8 -topk8 -nocrypt");
			}
		}
		if (key == null || chain.isEmpty())
			throw new IOException(file + ": the PEM needs the certificate and its private key");
		KeyStore ks = KeyStore.getInstance("PKCS12");
		ks.load(null, null);
		ks.setKeyEntry("host", key, new char[0], chain.toArray(Certificate[]::new));
		return ks;
	}

	private static PrivateKey privateKey(byte[] der) throws GeneralSecurityException {
		GeneralSecurityException last = null;
		for (String alg : new String[] { "RSA", "EC", "Ed25519" })
			try {
				return KeyFactory.getInstance(alg).generatePrivate(new PKCS8EncodedKeySpec(der));
			} catch (GeneralSecurityException e) {
				last = e;
			}
		throw last;
	}
}
