package io.lakestudio.ui.logs;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.ui.console.ConsolePlugin;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.IConsoleManager;
import org.eclipse.ui.console.MessageConsole;
import org.eclipse.ui.console.MessageConsoleStream;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;

/**
 * The Logs console: {@code logs/lakestudio.log} of the state folder (lake requests, sync events, warm reads, from
 * this workbench and from command-line processes alike), followed by a small polling job while the console is
 * open. The file is the record; the console only shows it.
 */
public final class LogConsole extends MessageConsole {

	public static final String NAME = "Lakestudio Logs";
	public static final Object FAMILY = LogConsole.class;
	static final long POLL_MILLIS = 500;

	private final LogTail tail;
	private final MessageConsoleStream out;
	private final Job follow;
	private volatile boolean disposed;

	private LogConsole(Path home) {
		super(NAME, null);
		this.tail = new LogTail(new EventLog(home).file(), 64 * 1024);
		this.out = newMessageStream();
		this.follow = new Job("Following " + tail.file()) {
			@Override
			protected IStatus run(IProgressMonitor monitor) {
				poll();
				if (!disposed) {
					schedule(POLL_MILLIS);
				}
				return Status.OK_STATUS;
			}

			@Override
			public boolean belongsTo(Object family) {
				return family == FAMILY;
			}
		};
		follow.setSystem(true);
	}

	/** Shows the console for the current state folder, creating it (or replacing one for another folder). */
	public static LogConsole show() {
		IConsoleManager manager = ConsolePlugin.getDefault().getConsoleManager();
		Path file = new EventLog(Catalogs.home()).file();
		LogConsole found = null;
		for (IConsole c : manager.getConsoles()) {
			if (c instanceof LogConsole l) {
				if (l.file().equals(file)) {
					found = l;
				} else {
					manager.removeConsoles(new IConsole[] { l });
				}
			}
		}
		if (found == null) {
			found = new LogConsole(Catalogs.home());
			manager.addConsoles(new IConsole[] { found });
		}
		manager.showConsoleView(found);
		return found;
	}

	public Path file() {
		return tail.file();
	}

	@Override
	protected void init() {
		super.init();
		follow.schedule();
	}

	@Override
	protected void dispose() {
		disposed = true;
		follow.cancel();
		super.dispose();
	}

	private void poll() {
		try {
			String lines = tail.read();
			if (!lines.isEmpty()) {
				out.print(lines);
			}
		} catch (IOException e) {
			out.println("(cannot read " + tail.file() + ": " + e.getMessage() + ")");
		}
	}
}
