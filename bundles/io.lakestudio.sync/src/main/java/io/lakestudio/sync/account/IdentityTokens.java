package io.lakestudio.sync.account;

import java.nio.file.Path;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;
import io.lakestudio.identity.Identity;
import io.lakestudio.identity.SignInException;
import io.lakestudio.identity.SignInSettings;
import io.lakestudio.identity.Token;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.auth.AccessToken;
import io.lakestudio.onelake.auth.TokenSource;

/**
 * The lake's {@link TokenSource} over {@link Identity} (device-code or browser sign-in): silent only. The only class
 * of {@link Accounts} that names the identity bundle's types, so a path that never signs a user in (the command
 * line's metadata commands) never loads them.
 */
public final class IdentityTokens implements TokenSource {

	/** settings.json: how the current account signed in, {@link #DEVICE_CODE} or {@link #BROWSER}; else a service principal. */
	public static final String METHOD = "signInMethod";
	public static final String DEVICE_CODE = "deviceCode";
	public static final String BROWSER = "browser";
	public static final String AUTHORITY_HOST = "authorityHost";
	public static final String PUBLIC_CLIENT_ID = "publicClientId";
	/** An extra CA (PEM) to trust for the authority only; tests give the emulator's. A system property, never a setting. */
	public static final String CA_PROPERTY = "lakestudio.authorityCa";

	private final Identity identity;

	IdentityTokens(Identity identity) {
		this.identity = identity;
	}

	public static boolean uses(Settings s) {
		String m = s.string(METHOD, null);
		return DEVICE_CODE.equals(m) || BROWSER.equals(m);
	}

	public static TokenSource of(Settings s) {
		return new IdentityTokens(Identity.of(signIn(s, s.account(), Catalogs.home())));
	}

	public static SignInSettings signIn(Settings s, String account, Path home) {
		String ca = System.getProperty(CA_PROPERTY);
		return new SignInSettings(account, home, s.string(AUTHORITY_HOST, null), s.string(Settings.TENANT, null),
				s.string(PUBLIC_CLIENT_ID, null), ca == null || ca.isBlank() ? null : Path.of(ca));
	}

	/** Forgets the account's user sign-in (record and token cache). */
	static void signOut(Settings s, Path home) throws java.io.IOException {
		Identity.of(signIn(s, s.account(), home)).signOut();
	}

	@Override
	public AccessToken token(String scope) throws LakeException {
		try {
			Token t = identity.token(scope);
			return new AccessToken(t.value(), t.expiresOn());
		} catch (SignInException e) {
			throw new LakeException(kind(e), message(e, identity), e);
		}
	}

	/**
	 * Nothing to forget: Identity's cache is MSAL's, which serves a token until it nears expiry; a refused one fails
	 * the retry too, and the command says to sign in again.
	 */
	@Override
	public void invalidate(String scope, AccessToken token) {
	}

	static LakeException.Kind kind(SignInException e) {
		return switch (e.kind()) {
		case OFFLINE -> LakeException.Kind.OFFLINE;
		case REQUIRED, EXPIRED, DECLINED -> LakeException.Kind.UNAUTHORIZED;
		default -> LakeException.Kind.FAILED;
		};
	}

	static String message(SignInException e, Identity id) {
		if (e.kind() == SignInException.Kind.REQUIRED && id.cache() == Identity.Cache.MEMORY) {
			return "sign in again (token cache not persisted: no keyring): run 'lakestudio login --device-code'";
		}
		return e.getMessage();
	}
}
