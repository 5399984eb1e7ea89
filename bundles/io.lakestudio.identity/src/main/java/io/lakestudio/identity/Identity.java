package io.lakestudio.identity;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import com.azure.core.credential.TokenRequestContext;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.identity.AuthenticationRecord;
import com.azure.identity.AuthenticationRequiredException;
import com.azure.identity.DeviceCodeCredential;
import com.azure.identity.DeviceCodeCredentialBuilder;
import com.azure.identity.InteractiveBrowserCredential;
import com.azure.identity.InteractiveBrowserCredentialBuilder;
import com.azure.identity.TokenCachePersistenceOptions;

import io.lakestudio.identity.SignInException.Kind;
import io.lakestudio.identity.internal.Keyring;

/**
 * Sign-in for one account with azure-identity (MSAL4J underneath): {@link #token} is silent only (the token cache,
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

	private final SignInSettings settings;
	private final Cache cache;
	private final Path recordFile;
	private final com.azure.core.http.HttpClient http;
	private volatile DeviceCodeCredential deviceCredential;
	private volatile InteractiveBrowserCredential browserCredential;
	private volatile Consumer<DeviceCode> show = c -> {
	};

	private Identity(SignInSettings settings) {
		this.settings = settings;
		this.cache = Keyring.available() ? Cache.PERSISTED : Cache.MEMORY;
		this.recordFile = settings.stateFolder().resolve("identity").resolve(settings.account() + ".json");
		this.http = httpClient(settings);
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
		if (deviceCredential == null && browserCredential == null && record().isEmpty()) {
			throw new SignInException(Kind.REQUIRED, "Not signed in to account '" + settings.account() + "'", null);
		}
		try {
			// getToken, not getTokenSync: azure-identity 1.18 gives the sync path its own MSAL client, and so its own
			// in-memory cache, which never sees what authenticate() put in the async client's (measured)
			com.azure.core.credential.AccessToken t = credential().getToken(new TokenRequestContext().addScopes(scope))
					.block(Duration.ofSeconds(90));
			return new Token(t.getToken(), t.getExpiresAt().toInstant());
		} catch (AuthenticationRequiredException e) {
			throw new SignInException(Kind.REQUIRED, "Sign-in needed for account '" + settings.account() + "'"
					+ (cache == Cache.MEMORY ? " (the token cache is not persisted: no keyring)" : ""), e);
		} catch (RuntimeException e) {
			throw translate(e, "Silent sign-in failed");
		}
	}

	/**
	 * The device-code flow: {@code show} gets the code and the page to open; this returns once the user has signed
	 * in there (or throws when the code expires, is declined, or the calling thread is interrupted).
	 *
	 * @return the signed-in user's name
	 */
	public String signInWithDeviceCode(String scope, Consumer<DeviceCode> show) throws SignInException {
		this.show = show;
		DeviceCodeCredential c = deviceCredential(null);
		CompletableFuture<AuthenticationRecord> f = c.authenticate(new TokenRequestContext().addScopes(scope)).toFuture();
		try {
			AuthenticationRecord r = f.get();
			deviceCredential = c;
			browserCredential = null;
			save(r);
			return r.getUsername();
		} catch (InterruptedException e) {
			f.cancel(true);
			Thread.currentThread().interrupt();
			throw new SignInException(Kind.DECLINED, "Sign-in cancelled", e);
		} catch (CancellationException e) {
			throw new SignInException(Kind.DECLINED, "Sign-in cancelled", e);
		} catch (ExecutionException e) {
			throw translate(e.getCause(), "Device-code sign-in failed");
		} finally {
			this.show = d -> {
			};
		}
	}

	/**
	 * The interactive browser flow (authorization code with PKCE on a loopback redirect). Fails at once with
	 * {@link Kind#NO_BROWSER} on a machine without a display.
	 */
	public String signInWithBrowser(String scope) throws SignInException {
		if (!browserPossible()) {
			throw new SignInException(Kind.NO_BROWSER, "No browser can be opened here (no display): sign in with"
					+ " the device-code flow instead", null);
		}
		InteractiveBrowserCredentialBuilder b = new InteractiveBrowserCredentialBuilder();
		common(b);
		b.clientId(settings.clientId()).tenantId(settings.tenant()).disableAutomaticAuthentication();
		if (cache == Cache.PERSISTED) {
			b.tokenCachePersistenceOptions(persistence());
		}
		InteractiveBrowserCredential c = b.build();
		try {
			AuthenticationRecord r = c.authenticate(new TokenRequestContext().addScopes(scope)).block();
			browserCredential = c;
			deviceCredential = null;
			save(r);
			return r.getUsername();
		} catch (RuntimeException e) {
			throw translate(e, "Browser sign-in failed");
		}
	}

	/**
	 * Forgets the account's sign-in: the record, this process's in-memory cache, and (where persisted) the
	 * account's cache entry files. The catalog is not touched.
	 */
	public void signOut() throws IOException {
		deviceCredential = null;
		browserCredential = null;
		Files.deleteIfExists(recordFile);
		if (cache == Cache.PERSISTED) {
			Keyring.forget(cacheName());
		}
		OPEN.remove(settings.key());
	}

	/** Whether a browser could be opened (a display, or not Linux/BSD). */
	public static boolean browserPossible() {
		String os = System.getProperty("os.name", "").toLowerCase();
		if (os.contains("win") || os.contains("mac")) {
			return true;
		}
		String display = System.getenv("DISPLAY");
		String wayland = System.getenv("WAYLAND_DISPLAY");
		return display != null && !display.isEmpty() || wayland != null && !wayland.isEmpty();
	}

	private com.azure.core.credential.TokenCredential credential() {
		if (browserCredential != null) {
			return browserCredential;
		}
		DeviceCodeCredential c = deviceCredential;
		if (c == null) {
			c = deviceCredential(record().orElse(null));
			deviceCredential = c;
		}
		return c;
	}

	private DeviceCodeCredential deviceCredential(AuthenticationRecord record) {
		DeviceCodeCredentialBuilder b = new DeviceCodeCredentialBuilder();
		common(b);
		b.clientId(settings.clientId()).tenantId(settings.tenant())
				.challengeConsumer(i -> show.accept(new DeviceCode(i.getUserCode(), i.getVerificationUrl(),
						i.getExpiresOn(), i.getMessage())))
				.disableAutomaticAuthentication();
		if (record != null) {
			b.authenticationRecord(record);
		}
		if (cache == Cache.PERSISTED) {
			b.tokenCachePersistenceOptions(persistence());
		}
		return b.build();
	}

	private <T extends com.azure.identity.AadCredentialBuilderBase<T>> void common(T b) {
		b.authorityHost(settings.authorityHost()).disableInstanceDiscovery().httpClient(http)
				// the sync job owns back-off; the SDK retries nothing
				.retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))));
	}

	private TokenCachePersistenceOptions persistence() {
		return new TokenCachePersistenceOptions().setName(cacheName()).setUnencryptedStorageAllowed(false);
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
			Files.createDirectories(recordFile.getParent());
			Path tmp = recordFile.resolveSibling(recordFile.getFileName() + ".tmp");
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

	private static com.azure.core.http.HttpClient httpClient(SignInSettings s) {
		HttpClient.Builder jdk = HttpClient.newBuilder();
		if (s.caFile() != null) {
			jdk.sslContext(trusting(s.caFile()));
		}
		return new JdkHttpClientBuilder(jdk).connectionTimeout(Duration.ofSeconds(10))
				.responseTimeout(Duration.ofSeconds(60)).build();
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
