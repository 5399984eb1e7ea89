package io.lakestudio.cli.internal;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top command: only help and version; the work is in the subcommands. */
@Command(name = "lakestudio", mixinStandardHelpOptions = true, version = "Lakestudio 0.1.0",
		description = "OneLake metadata and SQL, offline-first. Metadata commands answer from the local catalog"
				+ " with no network.",
		footer = { "", "Exit codes: 0 done, 1 missing, 2 not known or bad usage, 3 failed.",
				"State folder: $LAKESTUDIO_HOME (default ~/.lakestudio)." })
public final class Cli implements Runnable {

	@Spec
	CommandSpec spec;

	@Override
	public void run() {
		throw new ParameterException(spec.commandLine(), "Name a command.");
	}
}
