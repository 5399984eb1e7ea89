package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalogs;

/**
 * One command of the command line: its usage line, description, options, and what it does. Parsing and help
 * are commons-cli's; failures are thrown as {@link Die}.
 */
public abstract class Command {

	protected String name;
	protected PrintWriter out;
	protected PrintWriter err;
	protected final Path home = Catalogs.home();

	public final void init(String name, PrintWriter out, PrintWriter err) {
		this.name = name;
		this.out = out;
		this.err = err;
	}

	/** What follows the command's name in its usage line, e.g. {@code [options] NAME}. */
	protected abstract String usage();

	/** A few lines on what it does. */
	protected abstract String description();

	public Options options() {
		return new Options().addOption("h", "help", false, "Show this help.");
	}

	public abstract int run(CommandLine line);

	/** The help for what {@code line} names; a command of several actions may say only the one asked about. */
	public void printHelp(CommandLine line) {
		printHelp();
	}

	public void printHelp() {
		HelpFormatter f = new HelpFormatter();
		f.setSyntaxPrefix("Usage: ");
		f.printHelp(out, 100, "lakestudio " + name + " " + usage(), description() + "\n\nOptions:", options(), 2, 2,
				null);
		out.flush();
	}

	/** The positional arguments, between {@code min} and {@code max} of them, or a usage error. */
	protected List<String> args(CommandLine line, int min, int max) {
		List<String> args = line.getArgList();
		if (args.size() < min || args.size() > max) {
			throw new Die(2, name + ": expected " + usage() + ". Try 'lakestudio " + name + " --help'.");
		}
		return args;
	}

	protected static Option flag(String longName, String description) {
		return Option.builder().longOpt(longName).desc(description).get();
	}

	protected static Option valued(String shortName, String longName, String argName, String description) {
		return Option.builder(shortName).longOpt(longName).hasArg().argName(argName).desc(description).get();
	}

	protected static int intValue(CommandLine line, String option, int fallback) {
		String v = line.getOptionValue(option);
		try {
			return v == null ? fallback : Integer.parseInt(v);
		} catch (NumberFormatException e) {
			throw new Die(2, "--" + option + " takes a number, not '" + v + "'.");
		}
	}
}
