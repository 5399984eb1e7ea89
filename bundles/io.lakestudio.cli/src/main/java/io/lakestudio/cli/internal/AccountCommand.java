package io.lakestudio.cli.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;

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
			if (name.isBlank() || !name.matches("[\\w.@-]+")) {
				throw new Die(2, "'" + name + "' is not an account name (letters, digits, . _ - @).");
			}
			s.set(Settings.ACCOUNT, name).save();
			out.println("account: " + name + (SignIn.signedIn(s) ? " (signed in)" : " (not signed in)"));
			return 0;
		}
		TreeSet<String> names = new TreeSet<>(known());
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

	/** Accounts that have a catalog file in the state folder. */
	private List<String> known() {
		if (!Files.isDirectory(home)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(home)) {
			return files.map(p -> p.getFileName().toString())
					.filter(f -> f.startsWith("catalog-") && f.endsWith(".sqlite"))
					.map(f -> f.substring("catalog-".length(), f.length() - ".sqlite".length())).toList();
		} catch (IOException e) {
			throw new Die(3, "Cannot read " + home + ": " + e.getMessage());
		}
	}
}
