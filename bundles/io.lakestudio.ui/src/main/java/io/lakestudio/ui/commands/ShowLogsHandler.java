package io.lakestudio.ui.commands;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;

import io.lakestudio.ui.logs.LogConsole;

/** Show Logs: the Lakestudio console, following {@code logs/lakestudio.log}. */
public final class ShowLogsHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.showLogs";

	@Override
	public Object execute(ExecutionEvent event) {
		LogConsole.show();
		return null;
	}
}
