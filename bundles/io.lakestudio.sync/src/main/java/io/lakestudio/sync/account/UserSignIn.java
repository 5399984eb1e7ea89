package io.lakestudio.sync.account;

import java.nio.file.Path;
import java.util.function.Consumer;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.identity.Browser;
import io.lakestudio.identity.DeviceCode;
import io.lakestudio.identity.Identity;
import io.lakestudio.identity.SignInException;
import io.lakestudio.onelake.auth.TokenSource;

/**
 * A user's sign-in to an account through {@link Identity}, the same for {@code lakestudio login} and the
 * workbench's Sign In: the account becomes the current one, settings record the method (never a token), and
 * {@link Accounts#tokens} then asks Identity for it.
 */
public final class UserSignIn {

	/** Who signed in, and how the token cache is kept. */
	public record Done(String user, String cache) {
	}

	/** How long the browser flow waits for the page to come back. */
	public static final java.time.Duration BROWSER_WAIT = java.time.Duration.ofMinutes(5);

	private UserSignIn() {
	}

	/**
	 * Signs {@code account} in with the device code ({@code show} gets the code and the page; this waits until it
	 * is approved, declined, expired, or the thread is interrupted), or with the browser when {@code show} is null.
	 * Saves the settings only on success.
	 */
	public static Done run(Settings s, String account, Path home, Consumer<DeviceCode> show) throws SignInException {
		return run(s, account, home, show, null);
	}

	/** As {@link #run(Settings, String, Path, Consumer)}, the browser flow opening its page with {@code browser}. */
	public static Done run(Settings s, String account, Path home, Consumer<DeviceCode> show, Browser browser)
			throws SignInException {
		s.set(Settings.ACCOUNT, account).set(Accounts.CLIENT_ID, null).set(Accounts.TOKEN_ENDPOINT, null);
		Identity id = Identity.of(IdentityTokens.signIn(s, account, home));
		String user = show != null ? id.signInWithDeviceCode(TokenSource.FABRIC_SCOPE, show)
				: browser != null ? id.signInWithBrowser(TokenSource.FABRIC_SCOPE, browser, BROWSER_WAIT)
						: id.signInWithBrowser(TokenSource.FABRIC_SCOPE);
		String method = show != null ? IdentityTokens.DEVICE_CODE : IdentityTokens.BROWSER;
		s.set(IdentityTokens.METHOD, method);
		Accounts.mark(s, account, true);
		s.save();
		new EventLog(home).log("account", "signed in to account " + account + " as " + user + " (" + method + ")");
		return new Done(user, id.cache().label());
	}
}
