package io.lakestudio.cli.internal;

import io.lakestudio.catalog.Settings;

/**
 * Which accounts are signed in, and where a service principal's secret comes from. settings.json keeps only a
 * marker per account ({@code signedIn.<account>}); tokens live in memory, and the secret in the environment
 * ({@code LAKESTUDIO_CLIENT_SECRET}) or, in-process, the {@code lakestudio.clientSecret} system property.
 */
final class SignIn {

	/** The account has neither a service principal nor a user sign-in on record. */
	static final String NO_INTERACTIVE = "No sign-in method is recorded for this account: run 'lakestudio login"
			+ " --device-code', or 'lakestudio login --client-id ID --tenant TENANT' with a service principal's"
			+ " secret in $" + Lakes.SECRET_ENV + ".";

	private SignIn() {
	}

	static boolean signedIn(Settings s) {
		return s.flag(marker(s.account()));
	}

	static void mark(Settings s, String account, boolean signedIn) {
		s.set(marker(account), signedIn ? Boolean.TRUE : null);
	}

	static String secret() {
		String env = System.getenv(Lakes.SECRET_ENV);
		return env != null && !env.isEmpty() ? env : System.getProperty("lakestudio.clientSecret");
	}

	private static String marker(String account) {
		return "signedIn." + account;
	}
}
