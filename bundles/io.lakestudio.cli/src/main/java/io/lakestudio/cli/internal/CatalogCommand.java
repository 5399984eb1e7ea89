package io.lakestudio.cli.internal;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;

/**
 * A command that answers from the catalog, read only. Opening it may find the file unusable; then it was set
 * aside and the command says so on stderr before answering from the new, empty one.
 */
abstract class CatalogCommand extends Command {

	@Override
	public Options options() {
		return super.options().addOption(flag("json", "Print JSON instead of a table."));
	}

	@Override
	public final int run(CommandLine line) {
		Settings settings = Settings.load(home);
		try (ReadOnlyCatalog catalog = Catalogs.openReadOnly(Catalogs.catalogFile(home, settings.account()),
				settings.account())) {
			catalog.openNotice().ifPresent(err::println);
			return run(line, catalog, new Out(out, line.hasOption("json")));
		}
	}

	abstract int run(CommandLine line, ReadOnlyCatalog catalog, Out out);

	/** Nothing was ever listed: say what to do, exit "not known". */
	static Die nothingKnown() {
		return new Die(2, "Nothing is known yet: the catalog holds no listing. Run 'lakestudio sync'"
				+ " (or 'lakestudio demo' for the sample lake).");
	}
}
