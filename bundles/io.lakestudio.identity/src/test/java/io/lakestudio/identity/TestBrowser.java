package io.lakestudio.identity;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The tests' "browser": opens Entra's sign-in page (the emulator signs the user in at once and redirects), then
 * follows the redirect to MSAL's loopback listener, as a browser would; it trusts the emulator's certificate.
 */
final class TestBrowser implements Browser {

	private final HttpClient https;
	private final HttpClient loopback = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
	/** The pages opened, the redirects followed, and what the listener answered, in order. */
	final List<String> seen = new CopyOnWriteArrayList<>();
	volatile CompletableFuture<Void> done = CompletableFuture.completedFuture(null);

	TestBrowser(Path ca) {
		https = HttpClient.newBuilder().sslContext(trusting(ca)).connectTimeout(Duration.ofSeconds(10))
				.followRedirects(HttpClient.Redirect.NEVER).build();
	}

	@Override
	public void open(URI page) {
		// like a real browser: the page loads while the caller goes on waiting on its listener
		done = CompletableFuture.runAsync(() -> {
			try {
				seen.add("open " + page);
				HttpResponse<String> r = https.send(HttpRequest.newBuilder(page).build(),
						HttpResponse.BodyHandlers.ofString());
				String to = r.headers().firstValue("Location").orElse(null);
				seen.add("answer " + r.statusCode() + " " + (to != null ? to : r.body()));
				HttpRequest back = null;
				if (r.statusCode() == 302 && to != null) {
					back = HttpRequest.newBuilder(browserUri(to)).build();
				} else if (r.statusCode() == 200 && r.body().contains("document.forms[0].submit()")) {
					// the page's script posts its form at once (response_mode=form_post)
					Matcher action = Pattern.compile("<form[^>]*action=\"([^\"]*)\"").matcher(r.body());
					if (action.find()) {
						StringBuilder form = new StringBuilder();
						Matcher input = Pattern.compile("<input type=\"hidden\" name=\"([^\"]*)\" value=\"([^\"]*)\"")
								.matcher(r.body());
						while (input.find()) {
							form.append(form.isEmpty() ? "" : "&").append(enc(unhtml(input.group(1)))).append('=')
									.append(enc(unhtml(input.group(2))));
						}
						back = HttpRequest.newBuilder(browserUri(unhtml(action.group(1))))
								.header("Content-Type", "application/x-www-form-urlencoded")
								.POST(HttpRequest.BodyPublishers.ofString(form.toString())).build();
					}
				}
				if (back != null) {
					seen.add("back " + back.method() + " " + back.uri());
					HttpResponse<String> b = loopback.send(back, HttpResponse.BodyHandlers.ofString());
					seen.add("listener " + b.statusCode() + " " + b.body());
				}
			} catch (IOException | InterruptedException | RuntimeException e) {
				seen.add("failed " + e);
			}
		}, r -> Thread.ofPlatform().daemon().start(r)); // its own thread, as a browser is its own process
	}

	/** As a browser does (URL standard): an http URL's empty path is "/". */
	private static URI browserUri(String s) {
		URI u = URI.create(s);
		if (u.getRawPath() == null || u.getRawPath().isEmpty()) {
			u = URI.create(u.getScheme() + "://" + u.getRawAuthority() + "/"
					+ (u.getRawQuery() == null ? "" : "?" + u.getRawQuery()));
		}
		return u;
	}

	private static String unhtml(String s) {
		return s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
	}

	private static String enc(String s) {
		return URLEncoder.encode(s, StandardCharsets.UTF_8);
	}

	static SSLContext trusting(Path pem) {
		try (InputStream in = Files.newInputStream(pem)) {
			KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
			ks.load(null, null);
			ks.setCertificateEntry("emulator", CertificateFactory.getInstance("X.509").generateCertificate(in));
			TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			tmf.init(ks);
			SSLContext ctx = SSLContext.getInstance("TLS");
			ctx.init(null, tmf.getTrustManagers(), null);
			return ctx;
		} catch (Exception e) {
			throw new IllegalStateException(e);
		}
	}
}
