package io.lakestudio.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.ParseException;

import io.lakestudio.catalog.CatalogException;
import io.lakestudio.cli.internal.Command;
import io.lakestudio.cli.internal.Die;

/**
 * The commands and how they end: a failure is one line on stderr and an exit code, never a stack trace. Only the
 * command named on the line is loaded, by class name, so a metadata command links nothing of the lake, Delta
 * Kernel or DuckDB. Exit codes: 0 done (and "exists"), 1 missing, 2 not known or bad usage, 3 failed.
 */
public final class Lakestudio {

	public static final int FAILED = 3;
	public static final String VERSION = "Lakestudio 0.1.0";

	private record Entry(String className, String summary) {
	}

	private static final Map<String, Entry> COMMANDS = new LinkedHashMap<>();

	/** Registers a command; bundles that add commands call this before {@link #run}. */
	public static void register(String name, String className, String summary) {
		COMMANDS.put(name, new Entry(className, summary));
	}

	static {
		String p = "io.lakestudio.cli.internal.";
		register("ls", p + "LsCommand", "List workspaces, an item's tables, a table's columns.");
		register("items", p + "ItemsCommand", "List the items of one or every workspace.");
		register("models", p + "ModelsCommand", "List semantic models.");
		register("files", p + "FilesCommand", "List a folder of an item's Files.");
		register("find", p + "FindCommand", "Find workspaces, items, tables and columns by name.");
		register("table", p + "TableCommand", "Show a table: format, version, size, columns.");
		register("exists", p + "ExistsCommand", "Does a table exist? Exit 0 yes, 1 no, 2 not known.");
		register("status", p + "StatusCommand", "Account, catalog, listings and their failures, the lease.");
		register("log", p + "LogCommand", "Print the last lines of the log.");
		register("model", p + "ModelCommand", "A semantic model's tables and the lakehouse tables they read.");
		register("sync", p + "SyncCommand", "List the lake into the catalog.");
		register("login", p + "LoginCommand", "Sign in to OneLake (device code, browser, or a service principal).");
		register("logout", p + "LogoutCommand", "Sign out; the catalog is kept.");
		register("account", p + "AccountCommand", "Show the accounts, or switch with --use NAME.");
		register("demo", p + "DemoCommand", "Write a sample lake, sync it and show the commands on it.");
		register("sql", p + "SqlCommand", "Run a query on the lake's tables; prints a table, --csv or --json.");
		register("fdl", p + "FdlCommand", "FDL: versions of a DuckLake catalog in a folder or on a host.");
		register("ducklake", p + "DuckLakeCommand", "Keep DuckLake catalogs attached: attach, detach, list.");
		register("moraine", p + "MoraineCommand", "A moraine store: census, checkpoints, maintain, compact, migrate.");
		register("engine-server", p + "EngineServerCommand", "Serve the SQL engine on the state folder's socket until idle.");
	}

	private final PrintWriter out;
	private final PrintWriter err;

	public Lakestudio(PrintWriter out, PrintWriter err) {
		this.out = out;
		this.err = err;
	}

	public int run(String... args) {
		try {
			return dispatch(args);
		} catch (Die e) {
			if (e.getMessage() != null) {
				err.println("lakestudio: " + e.getMessage());
			}
			return e.exitCode();
		} catch (CatalogException e) {
			err.println("lakestudio: " + e.getMessage());
			return FAILED;
		} catch (RuntimeException e) {
			err.println("lakestudio: " + e);
			return FAILED;
		} finally {
			out.flush();
			err.flush();
		}
	}

	private int dispatch(String[] args) {
		if (args.length == 0 || List.of("-h", "--help", "help").contains(args[0])) {
			overview(args.length == 0 ? err : out);
			return args.length == 0 ? 2 : 0;
		}
		if (List.of("-V", "--version").contains(args[0])) {
			out.println(VERSION);
			return 0;
		}
		Entry entry = COMMANDS.get(args[0]);
		if (entry == null) {
			throw new Die(2, "'" + args[0] + "' is not a command. Try 'lakestudio --help'.");
		}
		Command command = instantiate(args[0], entry);
		command.init(args[0], out, err);
		String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
		CommandLine line;
		try {
			line = new DefaultParser().parse(command.options(), rest);
		} catch (ParseException e) {
			throw new Die(2, args[0] + ": " + e.getMessage() + ". Try 'lakestudio " + args[0] + " --help'.");
		}
		if (line.hasOption("help")) {
			command.printHelp(line);
			return 0;
		}
		return command.run(line);
	}

	private static Command instantiate(String name, Entry entry) {
		try {
			return (Command) Class.forName(entry.className()).getDeclaredConstructor().newInstance();
		} catch (ReflectiveOperationException | LinkageError e) {
			throw new Die(FAILED, "the command '" + name + "' is not available here: " + e);
		}
	}

	private void overview(PrintWriter w) {
		w.println("Usage: lakestudio COMMAND [options] [arguments]");
		w.println("OneLake metadata and SQL, offline-first. Metadata commands answer from the local catalog with no");
		w.println("network. 'lakestudio COMMAND --help' tells more.");
		w.println();
		int width = COMMANDS.keySet().stream().mapToInt(String::length).max().orElse(0);
		COMMANDS.forEach((name, e) -> w.println("  " + name + " ".repeat(width - name.length() + 2) + e.summary()));
		w.println();
		w.println("Exit codes: 0 done, 1 missing, 2 not known or bad usage, 3 failed.");
		w.println("State folder: $LAKESTUDIO_HOME (default ~/.lakestudio).");
	}
}
