package io.lakestudio.cli.internal;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;
import io.lakestudio.sync.account.Accounts;

/** Shows the accounts (one catalog file each) and switches the current one. */
public final class AccountCommand extends Command {

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "Show the current account and the others that have a catalog here; --use NAME switches to one."
				+ " Each account has its own catalog-<account>.sqlite.";
	}

	@Override
	public Options options() {
		return super.options().addOption(valued(null, "use", "NAME", "Make NAME the current account."));
	}

	@Override
	public int run(CommandLine line) {
		args(line, 0, 0);
		Settings s = Settings.load(home);
		if (line.hasOption("use")) {
			String name = line.getOptionValue("use");
			if (!Accounts.validName(name)) {
				throw new Die(2, "'" + name + "' is not an account name (letters, digits, . _ - @).");
			}
			s.set(Settings.ACCOUNT, name).save();
			out.println("account: " + name + (SignIn.signedIn(s) ? " (signed in)" : " (not signed in)"));
			return 0;
		}
		TreeSet<String> names;
		try {
			names = new TreeSet<>(Accounts.known(home));
		} catch (java.io.UncheckedIOException e) {
			throw new Die(3, e.getMessage());
		}
		names.add(s.account());
		List<List<Object>> rows = new ArrayList<>();
		for (String n : names) {
			Settings as = Settings.load(home).set(Settings.ACCOUNT, n);
			rows.add(List.of(n.equals(s.account()) ? "*" : "", n,
					Lakes.isFolder(as) ? "folder lake" : SignIn.signedIn(as) ? "signed in" : "not signed in",
					Files.exists(Catalogs.catalogFile(home, n)) ? Catalogs.catalogFile(home, n).toString() : "(none yet)"));
		}
		new Out(out, false).rows(List.of("", "ACCOUNT", "SIGN-IN", "CATALOG"), rows);
		return 0;
	}
}
