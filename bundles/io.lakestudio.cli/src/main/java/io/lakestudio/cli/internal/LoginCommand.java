package io.lakestudio.cli.internal;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.identity.Browser;
import io.lakestudio.identity.SignInException;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.auth.TokenSource;
import io.lakestudio.sync.account.IdentityTokens;
import io.lakestudio.sync.account.UserSignIn;

/**
 * Signs an account in to OneLake and makes it the current one. A service principal's grant is tried once here so a
 * wrong secret or endpoint shows now, not on the first sync; the token is kept by no one.
 */
public final class LoginCommand extends Command {

	/**
	 * How the browser sign-in opens its page when not the desktop's browser: the workbench (or a test) sets its own.
	 * Null: {@link Browser#system()}.
	 */
	private static volatile Browser browser;

	public static void browser(Browser b) {
		browser = b;
	}

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "Sign in to OneLake and make the account current (its catalog is catalog-<account>.sqlite). With a"
				+ " service principal: --client-id, --tenant (or --token-endpoint), the secret in $"
				+ Lakes.SECRET_ENV + ". As a user: --device-code (the code is shown on stderr; approve it in any"
				+ " browser), or without --client-id the interactive browser sign-in (needs a display). Endpoints"
				+ " default to Microsoft's public ones.";
	}

	@Override
	public Options options() {
		return super.options().addOption(valued(null, "account", "NAME", "The account's name (default: the client id)."))
				.addOption(valued(null, "client-id", "ID", "A service principal's application id; with --device-code,"
						+ " the public client's (default: the Azure CLI's)."))
				.addOption(valued(null, "authority-host", "URL", "Entra's host for user sign-in (default: "
						+ "https://login.microsoftonline.com)."))
				.addOption(valued(null, "tenant", "TENANT", "The Entra tenant."))
				.addOption(valued(null, "token-endpoint", "URL", "The OAuth token endpoint (default: Entra's)."))
				.addOption(valued(null, "fabric-endpoint", "URL", "Fabric REST (default: the public one)."))
				.addOption(valued(null, "onelake-endpoint", "URL", "OneLake DFS (default: the public one)."))
				.addOption(flag("device-code", "Sign in as a user with a device code."));
	}

	@Override
	public int run(CommandLine line) {
		args(line, 0, 0);
		Settings s = Settings.load(home);
		if (line.hasOption("device-code")) {
			return user(line, s, true);
		}
		String clientId = line.getOptionValue("client-id", s.string(Lakes.CLIENT_ID, null));
		if (clientId == null) {
			return user(line, s, false);
		}
		String account = line.getOptionValue("account",
				Lakes.LOCAL.equals(s.account()) ? clientId : s.account());
		if (Lakes.LOCAL.equals(account)) {
			throw new Die(2, "'local' is the folder lake's account; choose another name with --account.");
		}
		s.set(Settings.ACCOUNT, account).set(Lakes.CLIENT_ID, clientId).set(IdentityTokens.METHOD, null);
		copy(line, "tenant", s, Settings.TENANT);
		copy(line, "token-endpoint", s, Lakes.TOKEN_ENDPOINT);
		copy(line, "fabric-endpoint", s, Lakes.FABRIC_ENDPOINT);
		copy(line, "onelake-endpoint", s, Lakes.ONELAKE_ENDPOINT);
		try {
			Lakes.tokens(s).token(TokenSource.FABRIC_SCOPE);
		} catch (LakeException e) {
			throw new Die(3, "Sign-in failed: " + e.getMessage());
		}
		SignIn.mark(s, account, true);
		s.save();
		new EventLog(home).log("account", "signed in to account " + account + " as " + clientId);
		out.println("signed in: account " + account + " (" + clientId + ")");
		return 0;
	}

	/**
	 * A user's sign-in through {@link UserSignIn}: the device code (shown on stderr; this waits until it is approved,
	 * declined or expired, or the thread is interrupted) or the browser. Records who signed in (no token); settings
	 * say which method, so {@link Lakes#tokens} asks Identity for this account.
	 */
	private int user(CommandLine line, Settings s, boolean deviceCode) {
		String account = line.getOptionValue("account", Lakes.LOCAL.equals(s.account()) ? "onelake" : s.account());
		if (Lakes.LOCAL.equals(account)) {
			throw new Die(2, "'local' is the folder lake's account; choose another name with --account.");
		}
		copy(line, "tenant", s, Settings.TENANT);
		copy(line, "authority-host", s, IdentityTokens.AUTHORITY_HOST);
		copy(line, "client-id", s, IdentityTokens.PUBLIC_CLIENT_ID);
		copy(line, "fabric-endpoint", s, Lakes.FABRIC_ENDPOINT);
		copy(line, "onelake-endpoint", s, Lakes.ONELAKE_ENDPOINT);
		UserSignIn.Done done;
		try {
			done = UserSignIn.run(s, account, home, deviceCode ? c -> {
				err.println(c.message());
				err.flush();
			} : null, deviceCode ? null : browser());
		} catch (SignInException e) {
			if (e.kind() == SignInException.Kind.NO_BROWSER) {
				throw new Die(3, "No browser can be opened here (no display): sign in with 'lakestudio login"
						+ " --device-code' instead.");
			}
			throw new Die(3, "Sign-in failed: " + e.getMessage());
		}
		out.println("signed in: account " + account + " (" + done.user() + "; " + done.cache() + ")");
		return 0;
	}

	/** The set browser or the desktop's, saying on stderr that a page is opened; none without a display. */
	private Browser browser() throws SignInException {
		Browser b = browser;
		if (b == null) {
			b = Browser.system().orElse(null);
		}
		if (b == null) {
			throw new SignInException(SignInException.Kind.NO_BROWSER, "no browser", null); // said by the caller
		}
		Browser open = b;
		return page -> {
			err.println("Opening the sign-in page in your browser; waiting for the sign-in (up to 5 minutes).");
			err.flush();
			open.open(page);
		};
	}

	private static void copy(CommandLine line, String option, Settings s, String key) {
		if (line.hasOption(option)) {
			s.set(key, line.getOptionValue(option));
		}
	}
}
