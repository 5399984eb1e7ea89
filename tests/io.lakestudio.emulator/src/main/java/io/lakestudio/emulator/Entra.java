package io.lakestudio.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLContext;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import io.lakestudio.emulator.internal.Answer;
import io.lakestudio.emulator.internal.LoopbackTls;
import io.lakestudio.emulator.internal.Query;

/**
 * Entra-like sign-in endpoints, enough for MSAL's device-code and interactive browser flows and its refresh-token
 * grant, on a loopback
 * <b>HTTPS</b> port (MSAL4J and azure-identity refuse an authority that isn't https), with a self-signed
 * certificate made by the JDK's keytool for 127.0.0.1; {@link #caFile()} is that certificate in PEM, for the
 * client's trust.
 * <ul>
 * <li>{@code POST /{tenant}/oauth2/v2.0/devicecode} → user_code, device_code, verification_uri, interval,
 * expires_in, message;</li>
 * <li>{@code POST /{tenant}/oauth2/v2.0/token}, {@code grant_type=urn:ietf:params:oauth:grant-type:device_code}:
 * {@code authorization_pending} until a test {@link #approve}s the code ({@code slow_down}, {@code expired_token},
 * {@code authorization_declined} on demand); then an access token the Fabric/DFS endpoints accept, a refresh
 * token, an (unsigned) id_token and client_info;</li>
 * <li>{@code GET /{tenant}/oauth2/v2.0/authorize} (the page a browser opens): signs {@link #USER} in at once and
 * sends the browser back to the client's loopback {@code redirect_uri} with {@code code} and {@code state} (with
 * {@code response_mode=form_post}, as MSAL asks, Entra's self-posting form; else a 302); PKCE
 * ({@code code_challenge}, S256) is required, a non-loopback redirect is refused (400), and
 * {@link #declineBrowser} makes it redirect with {@code error=access_denied};</li>
 * <li>the token endpoint with {@code grant_type=authorization_code}: the code once, the same redirect_uri and
 * client, and a {@code code_verifier} whose S256 hash is the challenge, else {@code invalid_grant};</li>
 * <li>the same endpoint with {@code grant_type=refresh_token};</li>
 * <li>{@code GET /{tenant}/v2.0/.well-known/openid-configuration}, and its {@code jwks_uri},
 * {@code GET /{tenant}/discovery/v2.0/keys}: the key users' access tokens are signed with. Those are JSON Web Tokens
 * in Entra's v2 shape ({@code aud} the scope's resource, {@code iss}, {@code exp}, {@code oid},
 * {@code preferred_username}), RS256-signed, so a service can check them offline as it would Entra's.</li>
 * </ul>
 * Every request is logged in the emulator's request log as api "entra" (the form bodies are not logged).
 */
public final class Entra implements AutoCloseable {

	static {
		// as Emulator's: no 40 ms Nagle stall between a response's headers and body
		System.setProperty("sun.net.httpserver.nodelay", System.getProperty("sun.net.httpserver.nodelay", "true"));
	}

	public static final String DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
	/** The tenant id the emulator's accounts live in. */
	public static final String TENANT_ID = "00000000-0000-4000-8000-00000000e1a0";
	public static final String USER = "ada@emulator.example";
	public static final String USER_OID = "00000000-0000-4000-8000-0000000000ad";

	/** The emulator's loopback certificate (the DFS endpoint serves the same one), PEM. */
	private final Path caPem;

	private final Clock clock;
	private final Tokens tokens;
	private final RequestLog log;
	private final HttpsServer server;
	private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
	private final SecureRandom random = new SecureRandom();
	private final Map<String, Code> codes = new ConcurrentHashMap<>();
	private final Map<String, String> refreshTokens = new ConcurrentHashMap<>();
	private final LinkedBlockingQueue<String> shown = new LinkedBlockingQueue<>();
	private final Map<String, AuthCode> authCodes = new ConcurrentHashMap<>();
	private final List<Map<String, String>> authorizations = new java.util.concurrent.CopyOnWriteArrayList<>();
	private volatile boolean browserDeclined;
	private final AtomicInteger slowDowns = new AtomicInteger();
	private volatile Duration codeLifetime = Duration.ofMinutes(15);
	private volatile int interval = 1;
	private volatile boolean refreshRefused;

	/** A device code's state. */
	private static final class Code {
		final String userCode;
		final Instant expires;
		volatile String state = "pending";

		Code(String userCode, Instant expires) {
			this.userCode = userCode;
			this.expires = expires;
		}
	}

	/** An authorization code handed to a browser: what its redemption must match. */
	private record AuthCode(String clientId, String redirectUri, String challenge, Instant expires) {
	}

	Entra(Clock clock, Tokens tokens, RequestLog log) throws IOException {
		this.clock = clock;
		this.tokens = tokens;
		this.log = log;
		server = HttpsServer.create(new InetSocketAddress("127.0.0.1", Integer.getInteger("lakestudio.emulator.entraPort", 0)), 50);
		server.setHttpsConfigurator(new HttpsConfigurator(LoopbackTls.serverContext()));
		caPem = LoopbackTls.caFile();
		server.createContext("/", this::serve);
		server.setExecutor(executor);
		server.start();
	}

	/** The authority host, e.g. {@code https://127.0.0.1:40123}; the tenant goes after it. */
	public String authorityHost() {
		int port = server.getAddress().getPort();
		return port == 443 ? "https://127.0.0.1" : "https://127.0.0.1:" + port;
	}

	/** The server's self-signed certificate, PEM: what a client must trust to talk to {@link #authorityHost()}. */
	public Path caFile() {
		return caPem;
	}

	/** The user codes shown so far, oldest first, waiting at most {@code wait} for the next one. */
	public String awaitUserCode(Duration wait) throws InterruptedException {
		String c = shown.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
		if (c == null) {
			throw new IllegalStateException("no device code was asked for in " + wait);
		}
		return c;
	}

	/** The user signed in with {@code userCode} at the verification page: the next poll gets tokens. */
	public void approve(String userCode) {
		code(userCode).state = "approved";
	}

	/** The user declined: the next poll gets {@code authorization_declined}. */
	public void decline(String userCode) {
		code(userCode).state = "declined";
	}

	/** The next {@code n} polls of any device code answer {@code slow_down}. */
	public void slowDown(int n) {
		slowDowns.set(n);
	}

	/** How long new device codes live (Entra: 15 minutes). */
	public void codeLifetime(Duration d) {
		codeLifetime = d;
	}

	/** Seconds between polls asked of the client (Entra: 5; here 1 by default, for fast tests). */
	public void interval(int seconds) {
		interval = seconds;
	}

	/** The browser sign-in page answers {@code error=access_denied} (the user cancelled) from now on, or again signs in. */
	public void declineBrowser(boolean decline) {
		browserDeclined = decline;
	}

	/**
	 * The query of every browser sign-in ({@code /authorize}) so far, oldest first: what the client sent
	 * (redirect_uri, code_challenge_method, scope, ...).
	 */
	public List<Map<String, String>> authorizations() {
		return List.copyOf(authorizations);
	}

	/**
	 * What the user's browser does with the sign-in page the client opens: loads it (the user is signed in at once,
	 * see {@link #declineBrowser}) and goes back to the client's loopback listener, posting the page's form
	 * ({@code response_mode=form_post}) or following the redirect. Runs on its own thread, as a browser is its own
	 * process; {@link #browsed()} says what it saw. A {@code Browser} for the client: {@code entra::browse}.
	 */
	public void browse(URI page) {
		browse(page, caPem, browsed);
	}

	/** {@link #browse(URI)} from another process than the emulator's: {@code ca} is its {@link #caFile()}. */
	public static void browse(URI page, Path ca, List<String> browsed) {
		Thread.ofPlatform().daemon().name("emulated-browser").start(() -> {
			try {
				browsed.add("open " + page);
				HttpClient https = HttpClient.newBuilder().sslContext(trusting(ca))
						.connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NEVER).build();
				HttpResponse<String> r = https.send(HttpRequest.newBuilder(page).build(),
						HttpResponse.BodyHandlers.ofString());
				String to = r.headers().firstValue("Location").orElse(null);
				browsed.add("answer " + r.statusCode() + " " + (to != null ? to : r.body()));
				HttpRequest back = null;
				java.util.regex.Matcher action = java.util.regex.Pattern.compile("<form[^>]*action=\"([^\"]*)\"")
						.matcher(r.body());
				if (r.statusCode() == 302 && to != null) {
					back = HttpRequest.newBuilder(browserUri(to)).build();
				} else if (r.statusCode() == 200 && r.body().contains("document.forms[0].submit()") && action.find()) {
					StringBuilder form = new StringBuilder();
					java.util.regex.Matcher input = java.util.regex.Pattern
							.compile("<input type=\"hidden\" name=\"([^\"]*)\" value=\"([^\"]*)\"").matcher(r.body());
					while (input.find()) {
						form.append(form.isEmpty() ? "" : "&")
								.append(URLEncoder.encode(unhtml(input.group(1)), StandardCharsets.UTF_8)).append('=')
								.append(URLEncoder.encode(unhtml(input.group(2)), StandardCharsets.UTF_8));
					}
					back = HttpRequest.newBuilder(browserUri(unhtml(action.group(1))))
							.header("Content-Type", "application/x-www-form-urlencoded")
							.POST(HttpRequest.BodyPublishers.ofString(form.toString())).build();
				}
				if (back != null) {
					browsed.add("back " + back.method() + " " + back.uri());
					HttpResponse<String> b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()
							.send(back, HttpResponse.BodyHandlers.ofString());
					browsed.add("listener " + b.statusCode() + " " + b.body());
				}
			} catch (Exception e) {
				browsed.add("failed " + e);
			}
		});
	}

	/** What {@link #browse} saw, in order: the page opened, Entra's answer, the way back, the listener's answer. */
	public List<String> browsed() {
		return List.copyOf(browsed);
	}

	private final List<String> browsed = new java.util.concurrent.CopyOnWriteArrayList<>();

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

	private static SSLContext trusting(Path caPem) throws Exception {
		KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
		ks.load(null, null);
		try (InputStream in = Files.newInputStream(caPem)) {
			ks.setCertificateEntry("entra", java.security.cert.CertificateFactory.getInstance("X.509")
					.generateCertificate(in));
		}
		javax.net.ssl.TrustManagerFactory tmf = javax.net.ssl.TrustManagerFactory
				.getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
		tmf.init(ks);
		SSLContext ctx = SSLContext.getInstance("TLS");
		ctx.init(null, tmf.getTrustManagers(), null);
		return ctx;
	}

	/** Refresh-token grants answer {@code invalid_grant} from now on (as after a revoked session). */
	public void refuseRefresh(boolean refuse) {
		refreshRefused = refuse;
	}

	/** Every access, refresh and id token handed out so far (for tests that check none leaked to disk). */
	public List<String> issuedSecrets() {
		return List.copyOf(issued);
	}

	private final List<String> issued = new java.util.concurrent.CopyOnWriteArrayList<>();
	private final List<String> grants = new java.util.concurrent.CopyOnWriteArrayList<>();

	/**
	 * The {@code grant_type} of every token request so far, oldest first ({@code device_code} or the URN, and
	 * {@code refresh_token}); the request log has the paths only, as the form bodies are not logged.
	 */
	public List<String> grants() {
		return List.copyOf(grants);
	}

	private Code code(String userCode) {
		return codes.values().stream().filter(c -> c.userCode.equals(userCode)).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("no device code with user code " + userCode));
	}

	private void serve(HttpExchange ex) throws IOException {
		String method = ex.getRequestMethod();
		String path = ex.getRequestURI().getRawPath();
		String query = ex.getRequestURI().getRawQuery();
		byte[] in;
		try (InputStream body = ex.getRequestBody()) {
			in = body.readAllBytes();
		}
		try (ex) {
			Answer a;
			try {
				a = answer(method, path, new Query("GET".equals(method) ? query : new String(in, StandardCharsets.UTF_8)));
			} catch (RuntimeException e) {
				a = Answer.json(500, Map.of("error", "server_error", "error_description", e.toString()));
			}
			log.add(new Request(clock.instant(), "entra", method, path, query, a.status()));
			a.headers().forEach((k, v) -> ex.getResponseHeaders().set(k, v));
			ex.sendResponseHeaders(a.status(), a.body().length == 0 ? -1 : a.body().length);
			try (OutputStream out = ex.getResponseBody()) {
				out.write(a.body());
			}
		}
	}

	private Answer answer(String method, String path, Query form) {
		String[] p = path.split("/");
		// ["", tenant, "oauth2", "v2.0", "devicecode"|"token"] or ["", tenant, "v2.0", ".well-known", "openid-configuration"]
		if (p.length == 5 && "GET".equals(method) && path.endsWith("/v2.0/.well-known/openid-configuration")) {
			return openIdConfiguration(p[1]);
		}
		if (p.length == 5 && "GET".equals(method) && "discovery".equals(p[2]) && "v2.0".equals(p[3])
				&& "keys".equals(p[4])) {
			return Answer.json(200, tokens.jwks());
		}
		if (p.length == 5 && "GET".equals(method) && "oauth2".equals(p[2]) && "v2.0".equals(p[3])
				&& "authorize".equals(p[4])) {
			return authorize(form);
		}
		if (p.length == 5 && "POST".equals(method) && "oauth2".equals(p[2]) && "v2.0".equals(p[3])) {
			if ("devicecode".equals(p[4])) {
				return deviceCode(p[1], form);
			}
			if ("token".equals(p[4])) {
				return token(p[1], form);
			}
		}
		return error(404, "invalid_request", "AADSTS90002: not emulated: " + method + " " + path);
	}

	private Answer openIdConfiguration(String tenant) {
		String base = authorityHost() + "/" + tenant;
		Map<String, Object> doc = new LinkedHashMap<>();
		doc.put("issuer", authorityHost() + "/" + TENANT_ID + "/v2.0");
		doc.put("authorization_endpoint", base + "/oauth2/v2.0/authorize");
		doc.put("token_endpoint", base + "/oauth2/v2.0/token");
		doc.put("device_authorization_endpoint", base + "/oauth2/v2.0/devicecode");
		doc.put("jwks_uri", base + "/discovery/v2.0/keys");
		doc.put("response_types_supported", List.of("code", "id_token", "code id_token", "id_token token"));
		doc.put("subject_types_supported", List.of("pairwise"));
		doc.put("id_token_signing_alg_values_supported", List.of("RS256"));
		doc.put("scopes_supported", List.of("openid", "profile", "email", "offline_access"));
		doc.put("tenant_region_scope", "EU");
		return Answer.json(200, doc);
	}

	private Answer deviceCode(String tenant, Query form) {
		if (form.get("client_id") == null) {
			return error(400, "invalid_request", "AADSTS900144: The request body must contain client_id.");
		}
		String userCode = userCode();
		String deviceCode = "emudc." + hex(24);
		Duration life = codeLifetime;
		codes.put(deviceCode, new Code(userCode, clock.instant().plus(life)));
		String uri = authorityHost() + "/devicelogin";
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("user_code", userCode);
		body.put("device_code", deviceCode);
		body.put("verification_uri", uri);
		body.put("expires_in", Math.max(1, life.toSeconds()));
		body.put("interval", interval);
		body.put("message", "To sign in, use a web browser to open the page " + uri + " and enter the code "
				+ userCode + " to authenticate.");
		shown.add(userCode);
		return Answer.json(200, body);
	}

	private Answer token(String tenant, Query form) {
		String grant = form.get("grant_type", "");
		grants.add(grant);
		String clientId = form.get("client_id");
		String scope = form.get("scope", "");
		// MSAL4J sends grant_type=device_code (Entra takes both that and the RFC 8628 URN)
		if (DEVICE_CODE_GRANT.equals(grant) || "device_code".equals(grant)) {
			String dc = form.get("device_code", form.get("code"));
			Code c = dc == null ? null : codes.get(dc);
			if (c == null) {
				return error(400, "invalid_grant", "AADSTS70000: The provided device code is unknown.");
			}
			if (!clock.instant().isBefore(c.expires)) {
				codes.remove(dc);
				return error(400, "expired_token", "AADSTS70020: The provided value for the input parameter"
						+ " 'device_code' is not valid. This device code has expired.");
			}
			if (slowDowns.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
				return error(400, "slow_down", "AADSTS70000: polling too fast, slow down.");
			}
			switch (c.state) {
			case "pending":
				return error(400, "authorization_pending", "AADSTS70016: OAuth 2.0 device flow error."
						+ " Authorization is pending. Continue polling.");
			case "declined":
				codes.remove(dc);
				return error(400, "authorization_declined", "AADSTS70000: the user declined to sign in.");
			default:
				codes.remove(dc);
				return tokensFor(tenant, clientId, scope);
			}
		}
		if ("authorization_code".equals(grant)) {
			return redeem(tenant, form);
		}
		if ("refresh_token".equals(grant)) {
			String rt = form.get("refresh_token");
			if (refreshRefused || rt == null || !refreshTokens.containsKey(rt)) {
				return error(400, "invalid_grant", "AADSTS700082: The refresh token has expired or is invalid.");
			}
			return tokensFor(tenant, clientId, scope);
		}
		return error(400, "unsupported_grant_type", "AADSTS70003: only device_code, authorization_code and refresh_token are emulated");
	}

	/**
	 * The browser's sign-in page: the user is signed in at once (no page is shown) and the browser is redirected to
	 * the client's loopback listener with a one-time code bound to the PKCE challenge.
	 */
	private Answer authorize(Query q) {
		Map<String, String> seen = new LinkedHashMap<>();
		for (String k : List.of("client_id", "response_type", "response_mode", "redirect_uri", "scope",
				"state", "code_challenge", "code_challenge_method", "prompt", "login_hint")) {
			if (q.get(k) != null) {
				seen.put(k, q.get(k));
			}
		}
		authorizations.add(seen);
		String redirect = q.get("redirect_uri");
		URI r;
		try {
			r = redirect == null ? null : new URI(redirect);
		} catch (URISyntaxException e) {
			r = null;
		}
		if (r == null || !"http".equals(r.getScheme())
				|| !List.of("localhost", "127.0.0.1", "[::1]").contains(String.valueOf(r.getHost()))) {
			return error(400, "invalid_request", "AADSTS50011: The redirect URI '" + redirect
					+ "' is not a loopback address (only http://localhost:<port> is emulated).");
		}
		if (q.get("client_id") == null || !"code".equals(q.get("response_type"))) {
			return back(redirect, q.get("response_mode"), "error", "invalid_request", "error_description",
					"AADSTS900144: client_id and response_type=code are required.", "state", q.get("state"));
		}
		if (q.get("code_challenge") == null || !"S256".equals(q.get("code_challenge_method"))) {
			return back(redirect, q.get("response_mode"), "error", "invalid_request", "error_description",
					"AADSTS9002325: Proof Key for Code Exchange is required (code_challenge, S256).", "state",
					q.get("state"));
		}
		if (browserDeclined) {
			return back(redirect, q.get("response_mode"), "error", "access_denied", "error_description",
					"AADSTS65004: User declined to consent to access the app.", "state", q.get("state"));
		}
		String code = "emuac." + hex(24);
		authCodes.put(code, new AuthCode(q.get("client_id"), redirect, q.get("code_challenge"),
				clock.instant().plus(Duration.ofMinutes(10))));
		return back(redirect, q.get("response_mode"), "code", code, "state", q.get("state"), "session_state", UUID.randomUUID().toString());
	}

	/**
	 * The answer to the client's redirect URI: with {@code response_mode=form_post} (what MSAL asks for) Entra's page
	 * whose form the browser posts there at once; otherwise a 302 with the parameters in the query.
	 */
	private static Answer back(String to, String mode, String... params) {
		if ("form_post".equals(mode)) {
			StringBuilder b = new StringBuilder("<html><head><title>Working...</title></head>"
					+ "<body onload=\"document.forms[0].submit()\"><form method=\"POST\" name=\"hiddenform\" action=\"")
					.append(html(to)).append("\">");
			for (int i = 0; i + 1 < params.length; i += 2) {
				if (params[i + 1] != null) {
					b.append("<input type=\"hidden\" name=\"").append(html(params[i])).append("\" value=\"")
							.append(html(params[i + 1])).append("\"/>");
				}
			}
			b.append("<noscript><p>Script is disabled. Click Submit to continue.</p><input type=\"submit\""
					+ " value=\"Submit\"/></noscript></form></body></html>");
			return new Answer(200, new LinkedHashMap<>(Map.of("Content-Type", "text/html; charset=utf-8")),
					b.toString().getBytes(StandardCharsets.UTF_8));
		}
		return redirect(to, params);
	}

	private static String html(String s) {
		return s.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
	}

	private static Answer redirect(String to, String... params) {
		StringBuilder b = new StringBuilder(to).append(to.contains("?") ? '&' : '?');
		for (int i = 0; i + 1 < params.length; i += 2) {
			if (params[i + 1] != null) {
				b.append(i == 0 ? "" : "&").append(params[i]).append('=')
						.append(URLEncoder.encode(params[i + 1], StandardCharsets.UTF_8));
			}
		}
		return new Answer(302, new LinkedHashMap<>(Map.of("Location", b.toString())), new byte[0]);
	}

	/** The authorization-code grant: the code once, for the same client and redirect, with the PKCE verifier. */
	private Answer redeem(String tenant, Query form) {
		String code = form.get("code");
		AuthCode c = code == null ? null : authCodes.remove(code);
		if (c == null || !clock.instant().isBefore(c.expires())) {
			return error(400, "invalid_grant", "AADSTS70008: The provided authorization code or refresh token has"
					+ " expired or was already used.");
		}
		if (!c.clientId().equals(form.get("client_id")) || !c.redirectUri().equals(form.get("redirect_uri"))) {
			return error(400, "invalid_grant", "AADSTS50148: The redirect_uri or client_id does not match the"
					+ " authorization request.");
		}
		String verifier = form.get("code_verifier");
		if (verifier == null || !s256(verifier).equals(c.challenge())) {
			return error(400, "invalid_grant", "AADSTS501481: The Code_Verifier does not match the code_challenge"
					+ " supplied in the authorization request.");
		}
		return tokensFor(tenant, c.clientId(), form.get("scope", ""));
	}

	private static String s256(String verifier) {
		try {
			return Base64.getUrlEncoder().withoutPadding().encodeToString(java.security.MessageDigest
					.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
		} catch (java.security.NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}

	/** A tenant in the path is the account's tenant; "organizations"/"common" mean its home tenant, {@link #TENANT_ID}. */
	private static String tid(String tenant) {
		return List.of("organizations", "common", "consumers").contains(tenant) ? TENANT_ID : tenant;
	}

	private Answer tokensFor(String tenant, String clientId, String scope) {
		String tid = tid(tenant);
		Duration ttl = tokens.ttl();
		Instant issuedAt = clock.instant();
		Map<String, Object> at = new LinkedHashMap<>();
		// as Entra's v2 access tokens: for the resource of the scope asked for (the scope less its last segment)
		String resource = java.util.Arrays.stream(scope.split(" "))
				.filter(s -> !s.isBlank() && !List.of("openid", "profile", "offline_access").contains(s)).findFirst()
				.map(s -> s.contains("/") ? s.substring(0, s.lastIndexOf('/')) : s).orElse("");
		at.put("aud", resource);
		at.put("iss", authorityHost() + "/" + tid + "/v2.0");
		at.put("iat", issuedAt.getEpochSecond());
		at.put("nbf", issuedAt.getEpochSecond());
		at.put("exp", issuedAt.plus(ttl).getEpochSecond());
		at.put("azp", clientId);
		at.put("name", "Ada Emulator");
		at.put("oid", USER_OID);
		at.put("preferred_username", USER);
		at.put("scp", "user_impersonation");
		at.put("sub", "emulated-subject");
		at.put("tid", tid);
		at.put("ver", "2.0");
		String access = tokens.issueSigned(at, ttl);
		String refresh = "emurt." + hex(32);
		refreshTokens.put(refresh, USER);
		Instant now = clock.instant();
		Map<String, Object> claims = new LinkedHashMap<>();
		claims.put("aud", clientId);
		claims.put("iss", authorityHost() + "/" + tid + "/v2.0");
		claims.put("iat", now.getEpochSecond());
		claims.put("nbf", now.getEpochSecond());
		claims.put("exp", now.plus(Duration.ofHours(1)).getEpochSecond());
		claims.put("name", "Ada Emulator");
		claims.put("oid", USER_OID);
		claims.put("preferred_username", USER);
		claims.put("sub", "emulated-subject");
		claims.put("tid", tid);
		claims.put("ver", "2.0");
		String idToken = b64("{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"emulator\"}") + "." + b64(json(claims))
				+ "." + b64("not-signed");
		String clientInfo = b64("{\"uid\":\"" + USER_OID + "\",\"utid\":\"" + tid + "\"}");
		issued.add(access);
		issued.add(refresh);
		issued.add(idToken);
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("token_type", "Bearer");
		// MSAL adds openid profile offline_access; the access token is for the resource scope
		body.put("scope", String.join(" ", java.util.Arrays.stream(scope.split(" "))
				.filter(s -> !s.isBlank() && !List.of("openid", "profile", "offline_access").contains(s)).toList()));
		body.put("expires_in", ttl.toSeconds());
		body.put("ext_expires_in", ttl.toSeconds());
		body.put("access_token", access);
		body.put("refresh_token", refresh);
		body.put("id_token", idToken);
		body.put("client_info", clientInfo);
		return Answer.json(200, body);
	}

	private static String json(Map<String, Object> m) {
		try {
			return Answer.JSON.writeValueAsString(m);
		} catch (IOException e) {
			throw new IllegalStateException(e);
		}
	}

	private static Answer error(int status, String code, String description) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("error", code);
		body.put("error_description", description);
		body.put("error_codes", List.of(70000));
		body.put("timestamp", Instant.now().toString());
		body.put("trace_id", UUID.randomUUID().toString());
		body.put("correlation_id", UUID.randomUUID().toString());
		return Answer.json(status, body);
	}

	private String userCode() {
		String letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
		StringBuilder b = new StringBuilder();
		for (int i = 0; i < 9; i++) {
			b.append(letters.charAt(random.nextInt(letters.length())));
		}
		return b.toString();
	}

	private String hex(int bytes) {
		byte[] b = new byte[bytes];
		random.nextBytes(b);
		return HexFormat.of().formatHex(b);
	}

	private static String b64(String s) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
	}

	@Override
	public void close() {
		server.stop(0);
		executor.shutdownNow();
	}
}
