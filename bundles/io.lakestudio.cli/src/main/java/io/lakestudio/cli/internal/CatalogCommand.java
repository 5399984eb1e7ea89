package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A command that answers from the catalog, read only. Opening it may find the file unusable; then it was set
 * aside and the command says so on stderr before answering from the new, empty one.
 */
abstract class CatalogCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Option(names = "--json", description = "Print JSON instead of a table.")
	boolean json;

	@Option(names = { "-h", "--help" }, usageHelp = true, description = "Show this help.")
	boolean help;

	final Path home = Catalogs.home();

	@Override
	public final Integer call() {
		Settings settings = Settings.load(home);
		try (ReadOnlyCatalog catalog = Catalogs.openReadOnly(Catalogs.catalogFile(home, settings.account()),
				settings.account())) {
			catalog.openNotice().ifPresent(err()::println);
			return run(catalog, new Out(out(), json));
		}
	}

	abstract int run(ReadOnlyCatalog catalog, Out out);

	PrintWriter out() {
		return spec.commandLine().getOut();
	}

	PrintWriter err() {
		return spec.commandLine().getErr();
	}

	/** Nothing was ever listed: say what to do, exit "not known". */
	static Die nothingKnown() {
		return new Die(2, "Nothing is known yet: the catalog holds no listing. Run 'lakestudio sync'"
				+ " (or 'lakestudio demo' for the sample lake).");
	}
}
