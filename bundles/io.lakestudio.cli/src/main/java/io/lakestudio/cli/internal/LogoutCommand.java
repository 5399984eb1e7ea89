package io.lakestudio.cli.internal;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.sync.account.Accounts;

/** Signs the current account out; its catalog stays, so every metadata command still answers offline. */
public final class LogoutCommand extends Command {

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "Sign the current account out. Its catalog is kept: metadata commands still answer from it, and"
				+ " --fresh and sync ask for a sign-in.";
	}

	@Override
	public int run(CommandLine line) {
		args(line, 0, 0);
		Settings s = Settings.load(home);
		try {
			Accounts.signOut(s, home);
		} catch (java.io.IOException e) {
			err.println("Signed out, but the sign-in record could not be removed: " + e);
		}
		s.save();
		new EventLog(home).log("account", "signed out of account " + s.account());
		out.println("signed out: account " + s.account() + " (its catalog is kept)");
		return 0;
	}
}
