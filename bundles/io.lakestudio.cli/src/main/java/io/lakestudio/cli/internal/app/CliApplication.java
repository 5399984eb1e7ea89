package io.lakestudio.cli.internal.app;

import java.io.PrintWriter;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

import io.lakestudio.cli.Lakestudio;

/**
 * The command line as a headless Eclipse application ({@code -application io.lakestudio.cli.app}): the same
 * commands as {@code cli/lakestudio}, with the arguments after the launcher's own; returns the exit code.
 */
public final class CliApplication implements IApplication {

	@Override
	public Object start(IApplicationContext context) {
		String[] args = (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
		PrintWriter out = new PrintWriter(System.out, false);
		PrintWriter err = new PrintWriter(System.err, true);
		int code = new Lakestudio(out, err).run(args == null ? new String[0] : args);
		out.flush();
		return code;
	}

	@Override
	public void stop() {
		// commands are short; nothing to interrupt
	}
}
