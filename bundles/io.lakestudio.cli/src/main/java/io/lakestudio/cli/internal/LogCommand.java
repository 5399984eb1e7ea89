package io.lakestudio.cli.internal;

import java.util.concurrent.Callable;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "log", description = "Print the last lines of the log: lake requests, sync events, warm reads.")
public final class LogCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Option(names = { "-n", "--lines" }, defaultValue = "50", description = "How many lines (default ${DEFAULT-VALUE}).")
	int lines;

	@Option(names = { "-h", "--help" }, usageHelp = true, description = "Show this help.")
	boolean help;

	@Override
	public Integer call() {
		EventLog log = new EventLog(Catalogs.home());
		var out = spec.commandLine().getOut();
		for (String line : log.tail(lines)) {
			out.println(line);
		}
		return 0;
	}
}
