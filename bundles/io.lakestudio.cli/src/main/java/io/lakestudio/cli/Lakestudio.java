package io.lakestudio.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

import io.lakestudio.catalog.CatalogException;
import io.lakestudio.cli.internal.Cli;
import io.lakestudio.cli.internal.Die;
import picocli.CommandLine;

/**
 * The commands and how they end: every command answers from the catalog; a failure is one line on stderr and an
 * exit code, never a stack trace. Only the command named on the line is built, to keep start-up short.
 * Exit codes: 0 done (and "exists"), 1 missing, 2 not known or bad usage, 3 failed.
 */
public final class Lakestudio {

	public static final int FAILED = 3;

	/**
	 * Command name to class, by name: a metadata command must not link the classes of sync or demo (the lake,
	 * Delta Kernel, DuckDB), which the fast launcher leaves off its class path.
	 */
	private static final Map<String, String> COMMANDS = new LinkedHashMap<>();
	static {
		String p = "io.lakestudio.cli.internal.";
		COMMANDS.put("ls", p + "LsCommand");
		COMMANDS.put("items", p + "ItemsCommand");
		COMMANDS.put("models", p + "ModelsCommand");
		COMMANDS.put("files", p + "FilesCommand");
		COMMANDS.put("find", p + "FindCommand");
		COMMANDS.put("table", p + "TableCommand");
		COMMANDS.put("exists", p + "ExistsCommand");
		COMMANDS.put("status", p + "StatusCommand");
		COMMANDS.put("log", p + "LogCommand");
		COMMANDS.put("sync", p + "SyncCommand");
		COMMANDS.put("demo", p + "DemoCommand");
	}

	private final PrintWriter out;
	private final PrintWriter err;

	public Lakestudio(PrintWriter out, PrintWriter err) {
		this.out = out;
		this.err = err;
	}

	public int run(String... args) {
		CommandLine cl;
		if (args.length > 0 && COMMANDS.containsKey(args[0])) {
			cl = new CommandLine(new Cli());
			cl.addSubcommand(args[0], command(args[0]));
		} else {
			cl = full();
		}
		cl.setOut(out).setErr(err);
		cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
			if (e instanceof Die die) {
				if (die.getMessage() != null) {
					err.println("lakestudio: " + die.getMessage());
				}
				return die.exitCode();
			}
			if (e instanceof CatalogException) {
				err.println("lakestudio: " + e.getMessage());
				return FAILED;
			}
			err.println("lakestudio: " + e);
			return FAILED;
		});
		cl.setParameterExceptionHandler((e, a) -> {
			err.println("lakestudio: " + e.getMessage());
			err.println("Try 'lakestudio " + (e.getCommandLine().getParent() == null ? ""
					: e.getCommandLine().getCommandName() + " ") + "--help'.");
			return 2;
		});
		try {
			return cl.execute(args);
		} finally {
			out.flush();
		}
	}

	private static CommandLine full() {
		CommandLine cl = new CommandLine(new Cli());
		COMMANDS.keySet().forEach(name -> cl.addSubcommand(name, command(name)));
		return cl;
	}

	private static Object command(String name) {
		try {
			return Class.forName(COMMANDS.get(name)).getDeclaredConstructor().newInstance();
		} catch (ReflectiveOperationException | LinkageError e) {
			throw new IllegalStateException("The command '" + name + "' is not available here: " + e, e);
		}
	}
}
