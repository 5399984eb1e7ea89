package io.lakestudio.identity;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import com.azure.identity.AuthenticationRecord;
import com.azure.json.JsonProviders;
import com.azure.json.JsonWriter;
import com.microsoft.aad.msal4j.DeviceCodeFlowParameters;
import com.microsoft.aad.msal4j.IAccount;
import com.microsoft.aad.msal4j.IAuthenticationResult;
import com.microsoft.aad.msal4j.InteractiveRequestParameters;
import com.microsoft.aad.msal4j.MsalClientException;
import com.microsoft.aad.msal4j.MsalInteractionRequiredException;
import com.microsoft.aad.msal4j.PublicClientApplication;
import com.microsoft.aad.msal4j.SilentParameters;
import com.microsoft.aad.msal4j.SystemBrowserOptions;

import io.lakestudio.identity.SignInException.Kind;
import io.lakestudio.identity.internal.Keyring;

/**
 * Sign-in for one account with MSAL4J (as embedded with azure-identity; see {@link #app()} for why not through
 * azure-identity's credentials): {@link #token} is silent only (the token cache,
 * then the refresh token); {@link #signInWithDeviceCode} and {@link #signInWithBrowser} are the explicit, interactive
 * steps. The token cache is persisted only where the OS keeps it encrypted (a keyring on Linux); without one it
 * stays in this process's memory and is never written to a plain file. What is written: the account's
 * {@code AuthenticationRecord} (authority, tenant, client id, user name, home account id; no token) in
 * {@code <state>/identity/<account>.json}, so a later process knows whom to ask the cache for.
 *
 * <p>
 * One instance per account per process ({@link #of}), so the in-memory cache outlives a single command run in the
 * same JVM (the workbench, in-process tests).
 */
public final class Identity {

	/** How the token cache is kept. */
	public enum Cache {
		PERSISTED("token cache: persisted (OS keyring)"),
		MEMORY("token cache: not persisted (no keyring)");

		private final String label;

		Cache(String label) {
			this.label = label;
		}

		public String label() {
			return label;
		}
	}

	private static final Map<String, Identity> OPEN = new ConcurrentHashMap<>();
	/**
	 * MSAL's requests run here, not in the common fork-join pool: the device-code and browser flows block their
	 * thread for minutes, and with two cores the common pool has one thread.
	 */
	private static final java.util.concurrent.ExecutorService WAITING = java.util.concurrent.Executors
			.newCachedThreadPool(r -> Thread.ofPlatform().name("lakestudio-sign-in").daemon().unstarted(r));

	private final SignInSettings settings;
	private final Cache cache;
	private final Path recordFile;
	/** One MSAL client (and so one token cache) per account per process, made on first use. */
	private volatile PublicClientApplication app;
	private volatile Consumer<DeviceCode> show = c -> {
	};

	private Identity(SignInSettings settings) {
		this.settings = settings;
		this.cache = Keyring.available() ? Cache.PERSISTED : Cache.MEMORY;
		this.recordFile = settings.stateFolder().resolve("identity").resolve(settings.account() + ".json");
	}

	/** This process's sign-in for the account the settings name. */
	public static Identity of(SignInSettings settings) {
		return OPEN.computeIfAbsent(settings.key(), k -> new Identity(settings));
	}

	public Cache cache() {
		return cache;
	}

	/** Who is signed in (the user name from the sign-in record), if anyone has signed in for this account. */
	public Optional<String> user() {
		return record().map(AuthenticationRecord::getUsername);
	}

	/**
	 * A token for {@code scope}, silently: from the cache, else by the refresh token. Never prompts.
	 *
	 * @throws SignInException {@link Kind#REQUIRED} when only a sign-in would help
	 */
	public Token token(String scope) throws SignInException {
		Optional<AuthenticationRecord> record = record();
		if (record.isEmpty()) {
			throw new SignInException(Kind.REQUIRED, "Not signed in to account '" + settings.account() + "'", null);
		}
		try {
			PublicClientApplication a = app();
			IAccount account = null;
			for (IAccount x : a.getAccounts().get()) {
				if (x.homeAccountId().equals(record.get().getHomeAccountId())) {
					account = x;
				}
			}
			if (account == null) {
				throw required(null);
			}
			IAuthenticationResult r = a.acquireTokenSilently(SilentParameters.builder(Set.of(scope), account)
					.build()).get();
			return new Token(r.accessToken(), r.expiresOnDate().toInstant());
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new SignInException(Kind.DECLINED, "Cancelled", e);
		} catch (ExecutionException e) {
			Throwable c = e.getCause();
			if (c instanceof MsalInteractionRequiredException
					|| c instanceof MsalClientException ce && "cache_miss".equals(ce.errorCode())) {
				throw required(c);
			}
			throw translate(c, "Silent sign-in failed");
		} catch (java.net.MalformedURLException | RuntimeException e) {
			throw translate(e, "Silent sign-in failed");
		}
	}

	private SignInException required(Throwable cause) {
		return new SignInException(Kind.REQUIRED, "Sign-in needed for account '" + settings.account() + "'"
				+ (cache == Cache.MEMORY ? " (the token cache is not persisted: no keyring)" : ""), cause);
	}

	/**
	 * The device-code flow: {@code show} gets the code and the page to open; this returns once the user has signed
	 * in there (or throws when the code expires, is declined, or the calling thread is interrupted).
	 *
	 * @return the signed-in user's name
	 */
	public String signInWithDeviceCode(String scope, Consumer<DeviceCode> show) throws SignInException {
		this.show = show;
		CompletableFuture<IAuthenticationResult> f = null;
		try {
			f = app().acquireToken(DeviceCodeFlowParameters.builder(Set.of(scope),
					i -> this.show.accept(new DeviceCode(i.userCode(), i.verificationUri(),
							OffsetDateTime.now().plusSeconds(i.expiresIn()), i.message())))
					.build());
			return signedIn(f.get());
		} catch (InterruptedException e) {
			f.cancel(true);
			Thread.currentThread().interrupt();
			throw new SignInException(Kind.DECLINED, "Sign-in cancelled", e);
		} catch (CancellationException e) {
			throw new SignInException(Kind.DECLINED, "Sign-in cancelled", e);
		} catch (ExecutionException e) {
			throw translate(e.getCause(), "Device-code sign-in failed");
		} catch (RuntimeException e) {
			throw translate(e, "Device-code sign-in failed");
		} finally {
			this.show = d -> {
			};
		}
	}

	/**
	 * The interactive browser flow with the desktop's browser ({@link Browser#system()}). Fails at once with
	 * {@link Kind#NO_BROWSER} on a machine without one (no display).
	 */
	public String signInWithBrowser(String scope) throws SignInException {
		Browser b = Browser.system().orElseThrow(() -> new SignInException(Kind.NO_BROWSER,
				"No browser can be opened here (no display): sign in with the device-code flow instead", null));
		return signInWithBrowser(scope, b, BROWSER_WAIT);
	}

	/**
	 * The interactive browser flow: authorization code with PKCE, the redirect to a loopback listener MSAL opens on
	 * a free port ({@code http://localhost:<port>}). {@code browser} is given Entra's sign-in page; this returns once
	 * the page has redirected back with the code and the code was redeemed, or throws when the user cancelled, the
	 * page never came back within {@code wait}, or the thread was interrupted.
	 *
	 * @return the signed-in user's name
	 */
	public String signInWithBrowser(String scope, Browser browser, java.time.Duration wait) throws SignInException {
		CompletableFuture<IAuthenticationResult> f = null;
		// MSAL 1.26 publishes the request's future only after acquireToken returns, yet its listener loop reads it
		// at once (NPE when the page comes back fast): the page is opened only once acquireToken has returned
		java.util.concurrent.CountDownLatch returned = new java.util.concurrent.CountDownLatch(1);
		try {
			SystemBrowserOptions options = SystemBrowserOptions.builder().openBrowserAction(url -> {
				try {
					returned.await(30, java.util.concurrent.TimeUnit.SECONDS);
					browser.open(url.toURI());
				} catch (IOException | java.net.URISyntaxException e) {
					throw new java.io.UncheckedIOException(new IOException("cannot open the browser: " + e, e));
				} catch (InterruptedException e) {
					Thread.currentThread().interrupt();
					throw new CancellationException("interrupted");
				}
			}).htmlMessageSuccess("<html><body><h3>Lakestudio: signed in.</h3><p>You can close this page.</p>"
					+ "</body></html>").build();
			f = app().acquireToken(InteractiveRequestParameters.builder(URI.create("http://localhost"))
					.scopes(Set.of(scope)).systemBrowserOptions(options)
					.httpPollingTimeoutInSeconds((int) Math.max(1, wait.toSeconds())).build());
			returned.countDown();
			return signedIn(f.get());
		} catch (InterruptedException e) {
			if (f != null) {
				f.cancel(true);
			}
			Thread.currentThread().interrupt();
			throw new SignInException(Kind.DECLINED, "Sign-in cancelled", e);
		} catch (ExecutionException e) {
			throw translate(e.getCause(), "Browser sign-in failed");
		} catch (RuntimeException e) {
			throw translate(e, "Browser sign-in failed");
		} finally {
			returned.countDown();
		}
	}

	/** How long the browser sign-in waits for the page to come back (typing a password, MFA). */
	static final java.time.Duration BROWSER_WAIT = java.time.Duration.ofMinutes(5);

	/** Writes the sign-in record (azure-identity's AuthenticationRecord format; no token) for the result's account. */
	private String signedIn(IAuthenticationResult r) throws SignInException {
		IAccount a = r.account();
		Map<String, String> m = new LinkedHashMap<>();
		m.put("authority", a.environment());
		m.put("homeAccountId", a.homeAccountId());
		m.put("tenantId", settings.tenant());
		m.put("username", a.username());
		m.put("clientId", settings.clientId());
		java.io.StringWriter out = new java.io.StringWriter();
		try {
			try (JsonWriter j = JsonProviders.createWriter(out)) {
				j.writeMap(m, JsonWriter::writeString);
			}
			save(AuthenticationRecord.deserialize(new java.io.ByteArrayInputStream(
					out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8))));
		} catch (IOException e) {
			throw new SignInException(Kind.FAILED, "Signed in, but cannot write " + recordFile + ": " + e, e);
		}
		return a.username();
	}

	/**
	 * Forgets the account's sign-in: the record, this process's in-memory cache, and (where persisted) the
	 * account's keyring entry and its files, so no process gets a token for it silently any more. The catalog is
	 * not touched.
	 */
	public void signOut() throws IOException {
		PublicClientApplication a = app;
		if (a != null) {
			try {
				for (IAccount x : a.getAccounts().get()) {
					a.removeAccount(x).get();
				}
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			} catch (ExecutionException e) {
				// best effort: the instance is dropped below anyway
			}
		}
		app = null;
		Files.deleteIfExists(recordFile);
		if (cache == Cache.PERSISTED) {
			Keyring.forget(cacheName());
		}
		OPEN.remove(settings.key());
	}

	/** Whether the desktop's browser can be opened here ({@link Browser#system()}). */
	public static boolean browserPossible() {
		return Browser.system().isPresent();
	}

	/**
	 * MSAL4J directly, not azure-identity's DeviceCodeCredential: in azure-identity 1.18.7,
	 * {@code DeviceCodeCredential.getToken} consults the MSAL cache only after an earlier {@code getToken} of its
	 * own succeeded (private flags {@code isCaeDisabledRequestCached}/{@code isCaeEnabledRequestCached}); neither
	 * {@code authenticate()} nor an {@code AuthenticationRecord} sets them, so with automatic authentication
	 * disabled every silent request failed with AuthenticationRequiredException without asking MSAL (measured).
	 */
	private PublicClientApplication app() throws SignInException {
		PublicClientApplication a = app;
		if (a != null) {
			return a;
		}
		synchronized (this) {
			if (app == null) {
				try {
					String authority = settings.authorityHost().replaceAll("/+$", "") + "/" + settings.tenant() + "/";
					PublicClientApplication.Builder b = PublicClientApplication.builder(settings.clientId())
							.authority(authority).instanceDiscovery(false).httpClient(new Http(settings))
							.executorService(WAITING);
					if (cache == Cache.PERSISTED) {
						b.setTokenCacheAccessAspect(Keyring.aspect(cacheName()));
					}
					app = b.build();
				} catch (IOException | RuntimeException e) {
					throw new SignInException(Kind.FAILED, "Cannot set up sign-in for account '" + settings.account()
							+ "': " + e, e);
				}
			}
			return app;
		}
	}

	private String cacheName() {
		return "lakestudio-" + settings.account();
	}

	private Optional<AuthenticationRecord> record() {
		if (!Files.isRegularFile(recordFile)) {
			return Optional.empty();
		}
		try (InputStream in = Files.newInputStream(recordFile)) {
			return Optional.of(AuthenticationRecord.deserialize(in));
		} catch (IOException | RuntimeException e) {
			return Optional.empty();
		}
	}

	private void save(AuthenticationRecord r) throws SignInException {
		try {
			Path dir = recordFile.getParent();
			boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
			if (!Files.isDirectory(dir)) {
				Files.createDirectories(dir.getParent());
				Files.createDirectory(dir, posix ? new java.nio.file.attribute.FileAttribute<?>[] {
						PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")) }
						: new java.nio.file.attribute.FileAttribute<?>[0]);
			}
			Path tmp = recordFile.resolveSibling(recordFile.getFileName() + ".tmp");
			Files.deleteIfExists(tmp);
			Files.createFile(tmp, posix ? new java.nio.file.attribute.FileAttribute<?>[] {
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")) }
					: new java.nio.file.attribute.FileAttribute<?>[0]); // this user's only, whatever the umask
			try (OutputStream out = Files.newOutputStream(tmp)) {
				r.serialize(out);
			}
			Files.move(tmp, recordFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		} catch (IOException e) {
			throw new SignInException(Kind.FAILED, "Signed in, but cannot write " + recordFile + ": " + e, e);
		}
	}

	private static SignInException translate(Throwable e, String what) {
		String code = "";
		String text = String.valueOf(e.getMessage());
		for (Throwable c = e; c != null; c = c.getCause()) {
			if (c instanceof com.microsoft.aad.msal4j.MsalServiceException se && se.errorCode() != null) {
				code = se.errorCode();
				text = se.getMessage();
				break;
			}
			if (c instanceof com.microsoft.aad.msal4j.MsalClientException ce && ce.errorCode() != null) {
				code = ce.errorCode();
				text = ce.getMessage();
				break;
			}
			if (c instanceof ConnectException || c instanceof UnknownHostException) {
				return new SignInException(Kind.OFFLINE, what + ": cannot reach the sign-in service (" + c + ")", e);
			}
		}
		return switch (code) {
		case "expired_token", "code_expired" -> new SignInException(Kind.EXPIRED,
				what + ": the device code expired before it was used; run the sign-in again", e);
		case "authorization_declined" -> new SignInException(Kind.DECLINED, what + ": the sign-in was declined", e);
		// MSAL's one code for a browser page that came back without a code, or never came back
		case "invalid_authorization_result" -> new SignInException(Kind.DECLINED, what + ": the sign-in page did not"
				+ " come back with a sign-in (cancelled, refused, or not finished in time)", e);
		case "slow_down" -> new SignInException(Kind.SLOW_DOWN,
				what + ": the sign-in service asked to poll more slowly (slow_down); try again in a minute", e);
		case "invalid_grant", "interaction_required" -> new SignInException(Kind.REQUIRED,
				what + ": the session is no longer valid; sign in again", e);
		default -> new SignInException(Kind.FAILED, what + ": " + firstLine(text), e);
		};
	}

	private static String firstLine(String s) {
		int nl = s.indexOf('\n');
		return nl < 0 ? s : s.substring(0, nl);
	}

	/**
	 * MSAL's HTTP over the JDK client (the extra CA trusted). One repair: MSAL4J 1.26's silent path rebuilds the
	 * authority from the cache's environment, which is the host without the port
	 * ({@code getAuthorityWithPrefNetworkHost}), so the refresh-token request for an authority on a non-default
	 * port (the emulator) went to port 443 (measured: connection refused). A request to the authority's host with no
	 * port is sent to the authority's port. Real Entra (default port) is untouched.
	 */
	private static final class Http implements com.microsoft.aad.msal4j.IHttpClient {
		private final HttpClient jdk;
		private final URI authority;

		Http(SignInSettings s) {
			HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(java.time.Duration.ofSeconds(10))
					.followRedirects(HttpClient.Redirect.NEVER);
			if (s.caFile() != null) {
				b.sslContext(trusting(s.caFile()));
			}
			jdk = b.build();
			authority = URI.create(s.authorityHost());
		}

		@Override
		public com.microsoft.aad.msal4j.IHttpResponse send(com.microsoft.aad.msal4j.HttpRequest q) throws Exception {
			URI u = q.url().toURI();
			if (u.getPort() == -1 && authority.getPort() != -1 && authority.getHost().equalsIgnoreCase(u.getHost())
					&& authority.getScheme().equalsIgnoreCase(u.getScheme())) {
				u = new URI(u.getScheme(), u.getUserInfo(), u.getHost(), authority.getPort(), u.getPath(),
						u.getQuery(), u.getFragment());
			}
			HttpRequest.Builder r = HttpRequest.newBuilder(u).timeout(java.time.Duration.ofSeconds(60));
			if (q.headers() != null) {
				q.headers().forEach((k, v) -> {
					if (!RESTRICTED.contains(k.toLowerCase())) {
						r.header(k, v);
					}
				});
			}
			switch (q.httpMethod()) {
			case GET -> r.GET();
			case POST -> r.POST(HttpRequest.BodyPublishers.ofString(q.body() == null ? "" : q.body()));
			default -> r.method(q.httpMethod().name(), q.body() == null ? HttpRequest.BodyPublishers.noBody()
					: HttpRequest.BodyPublishers.ofString(q.body()));
			}
			HttpResponse<String> a = jdk.send(r.build(), HttpResponse.BodyHandlers.ofString());
			com.microsoft.aad.msal4j.HttpResponse out = new com.microsoft.aad.msal4j.HttpResponse();
			out.statusCode(a.statusCode());
			out.body(a.body());
			out.addHeaders(a.headers().map());
			return out;
		}

		private static final Set<String> RESTRICTED = Set.of("content-length", "host", "connection", "expect",
				"upgrade");
	}

	/** The JDK's trusted CAs plus the certificates in {@code pem}. */
	private static SSLContext trusting(Path pem) {
		try {
			KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
			ks.load(null, null);
			TrustManagerFactory def = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			def.init((KeyStore) null);
			int i = 0;
			for (javax.net.ssl.TrustManager tm : def.getTrustManagers()) {
				if (tm instanceof javax.net.ssl.X509TrustManager x) {
					for (java.security.cert.X509Certificate c : x.getAcceptedIssuers()) {
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
