package io.lakestudio.cli.internal;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.EventLog;

public final class LogCommand extends Command {

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "Print the last lines of the log: lake requests, sync events, warm reads. Asks the lake nothing.";
	}

	@Override
	public Options options() {
		return super.options().addOption(valued("n", "lines", "N", "How many lines (default 50)."))
				.addOption(flag("json", "Print the lines as a JSON array."));
	}

	@Override
	public int run(CommandLine line) {
		args(line, 0, 0);
		java.util.List<String> lines = new EventLog(home).tail(intValue(line, "lines", 50));
		if (line.hasOption("json")) {
			new Out(out, true).json(lines);
			return 0;
		}
		for (String l : lines) {
			out.println(l);
		}
		return 0;
	}
}
