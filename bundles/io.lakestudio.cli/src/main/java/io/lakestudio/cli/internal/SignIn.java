package io.lakestudio.cli.internal;

import io.lakestudio.catalog.Settings;
import io.lakestudio.sync.account.Accounts;

/** Which accounts are signed in, and where a service principal's secret comes from: see {@link Accounts}. */
final class SignIn {

	static final String NO_INTERACTIVE = Accounts.NO_INTERACTIVE;

	private SignIn() {
	}

	static boolean signedIn(Settings s) {
		return Accounts.signedIn(s);
	}

	static void mark(Settings s, String account, boolean signedIn) {
		Accounts.mark(s, account, signedIn);
	}
}
