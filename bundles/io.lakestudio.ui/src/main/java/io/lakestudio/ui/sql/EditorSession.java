package io.lakestudio.ui.sql;

import java.util.List;

import org.eclipse.core.runtime.jobs.ISchedulingRule;
import org.eclipse.core.runtime.jobs.Job;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;
import io.lakestudio.ui.lake.Engines;

/**
 * One SQL editor's engine session, so what {@code ATTACH}, {@code USE}, {@code SET} and {@code BEGIN ... COMMIT}
 * set carries from one of its statements to the next, as in a script {@code lakestudio sql -f} runs. Opened on the
 * editor's first statement with the kept DuckLake catalogs attached once; closed when the editor closes, which
 * rolls back an open transaction. As a scheduling rule it runs the editor's statement jobs one at a time, in the
 * order they were asked (conflicting jobs do not overtake each other). A session the engine lost (a new engine
 * was made, or a statement broke the session) is opened anew on the next statement, with a note saying so.
 */
public final class EditorSession implements ISchedulingRule {

	private Engine engine;
	/** Volatile: {@link #cancel} reads it from another thread while {@link #execute} holds the lock. */
	private volatile EngineSession session;
	private boolean broken;
	private boolean closed;

	/** Runs a statement, opening the session first if needed; {@code notes} gets a line when it was reopened. */
	synchronized Result execute(String sql, String source, List<String> notes) throws EngineException {
		if (closed) {
			throw new EngineException(EngineException.Kind.FAILED, "the editor was closed");
		}
		Engine current = Engines.get();
		if (session != null && (current != engine || broken)) {
			notes.add("A new session was opened for this editor (" + (broken ? "its session failed"
					: "the engine restarted") + "): what ATTACH, USE and SET set before, and any open transaction,"
					+ " are gone.");
			session.close();
			session = null;
		}
		if (session == null) {
			EngineSession s = current.openSession(source);
			try {
				s.attachKept(Settings.load(Catalogs.home()));
			} catch (EngineException | RuntimeException e) {
				s.close(); // tried again on the next statement
				throw e;
			}
			session = s;
			engine = current;
			broken = false;
		}
		try {
			return session.execute(sql);
		} catch (RuntimeException e) {
			broken = true;
			throw e;
		}
	}

	/** Stops the editor's statement now running (the progress view's Cancel), wherever it runs. */
	void cancel() {
		EngineSession s = session;
		if (s != null) {
			s.cancel();
		} else {
			Engines.cancel();
		}
	}

	/** A statement broke the session while its rows streamed: the next statement opens a new one. */
	synchronized void broken() {
		broken = true;
	}

	/** Whether a session is open now (tests). */
	public synchronized boolean open() {
		return session != null;
	}

	/** Closes the session once the statements asked before have run (the editor closed). */
	void closeAfterRunning() {
		Job j = Job.create("Closing the SQL editor's session", (org.eclipse.core.runtime.ICoreRunnable) m -> close());
		j.setRule(this);
		j.setSystem(true);
		try {
			j.schedule();
		} catch (IllegalStateException e) {
			close(); // the job manager has shut down: nothing runs any more
		}
	}

	private synchronized void close() {
		closed = true;
		if (session != null) {
			session.close();
			session = null;
		}
	}

	@Override
	public boolean contains(ISchedulingRule rule) {
		return rule == this;
	}

	@Override
	public boolean isConflicting(ISchedulingRule rule) {
		return rule == this;
	}
}
