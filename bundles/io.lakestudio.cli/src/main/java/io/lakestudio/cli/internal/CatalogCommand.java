package io.lakestudio.cli.internal;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;

/**
 * A command that answers from the catalog, read only. Opening it may find the file unusable; then it was set
 * aside and the command says so on stderr before answering from the new, empty one. With {@code --fresh}, the
 * listings it needs are read first (through {@link Freshen}), and the answer still comes from the catalog.
 */
abstract class CatalogCommand extends Command {

	@Override
	public Options options() {
		Options o = super.options().addOption(flag("json", "Print JSON instead of a table."));
		if (takesFresh()) {
			o.addOption(flag("fresh", "First read the listings this answer needs from the lake, ahead of the sync"
					+ " queue, into the catalog. Fails at once offline or while OneLake asks for a pause."));
		}
		return o;
	}

	@Override
	public final int run(CommandLine line) {
		if (line.hasOption("fresh")) {
			try (Freshen f = Freshen.open(home, err)) {
				fresh(line, f);
			}
		}
		Settings settings = Settings.load(home);
		try (ReadOnlyCatalog catalog = Catalogs.openReadOnly(Catalogs.catalogFile(home, settings.account()),
				settings.account())) {
			catalog.openNotice().ifPresent(err::println);
			return run(line, catalog, new Out(out, line.hasOption("json")));
		}
	}

	abstract int run(CommandLine line, ReadOnlyCatalog catalog, Out out);

	/** Does {@code --fresh} mean something here? */
	boolean takesFresh() {
		return true;
	}

	/** Reads the listings the answer needs (only those: a parent only when a name isn't known). */
	abstract void fresh(CommandLine line, Freshen f);

	/** Nothing was ever listed: say what to do, exit "not known". */
	static Die nothingKnown() {
		return new Die(2, "Nothing is known yet: the catalog holds no listing. Run 'lakestudio sync'"
				+ " (or 'lakestudio demo' for the sample lake).");
	}
}
