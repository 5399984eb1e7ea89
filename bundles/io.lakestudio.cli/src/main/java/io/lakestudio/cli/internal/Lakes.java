package io.lakestudio.cli.internal;

import java.util.function.Consumer;

import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.auth.TokenSource;
import io.lakestudio.onelake.fabric.FabricLake;
import io.lakestudio.sync.account.Accounts;

/**
 * The lake the settings name, for {@code sync}, {@code --fresh} and {@code model --fresh}: {@link Accounts}' mapping
 * (shared with the workbench), its refusals as the command line's exit codes.
 */
final class Lakes {

	static final String LOCAL = Accounts.LOCAL;
	static final String FABRIC_ENDPOINT = Accounts.FABRIC_ENDPOINT;
	static final String ONELAKE_ENDPOINT = Accounts.ONELAKE_ENDPOINT;
	static final String TOKEN_ENDPOINT = Accounts.TOKEN_ENDPOINT;
	static final String CLIENT_ID = Accounts.CLIENT_ID;
	static final String SECRET_ENV = Accounts.SECRET_ENV;

	private Lakes() {
	}

	static boolean isFolder(Settings s) {
		return Accounts.isFolder(s);
	}

	static Lake open(Settings s, Consumer<String> log) {
		try {
			return Accounts.open(s, log);
		} catch (Accounts.NoLake e) {
			throw die(e);
		}
	}

	static FabricLake oneLake(Settings s, Consumer<String> log) {
		try {
			return Accounts.oneLake(s, log);
		} catch (Accounts.NoLake e) {
			throw die(e);
		}
	}

	/** Tokens for the account, silent only: a sign-in that needs a person is {@code login}'s business. */
	static TokenSource tokens(Settings s) {
		try {
			return Accounts.tokens(s);
		} catch (Accounts.NoLake e) {
			throw die(e);
		}
	}

	private static Die die(Accounts.NoLake e) {
		return new Die(e.kind() == Accounts.NoLake.Kind.NOT_CONFIGURED ? 2 : 3, e.getMessage());
	}
}
