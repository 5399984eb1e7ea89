package io.lakestudio.ui.ducklake;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.FdlDiff;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Repository;
import io.lakestudio.store.StoreException;
import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.lake.UiAnswers;

/**
 * Compares two versions off the UI thread: each opened by FDL's reader first (record, signature, trusted key,
 * catalog hash: a version that doesn't verify is named before any engine starts), the older one taken as A, then
 * {@link FdlDiff} in an engine session of its own, the progress view counting tables. Cancel stops the statement
 * running.
 */
final class FdlCompareJob extends Job {

	static final Object FAMILY = FdlCompareJob.class;

	/** What the job tells, always on the UI thread. */
	interface Sink {
		void versions(Reader.Opened a, Reader.Opened b);

		void comparing(String table, int done, int total);

		void done(List<FdlDiff.TableDiff> tables, long millis);

		void failed(String message, boolean cancelled);

		/** Whether the sink still wants the answers (its editor may be closed). */
		boolean wants();
	}

	private final Path home;
	private final FdlCompareInput input;
	private final Sink sink;
	private final UiAnswers ui;
	private volatile EngineSession session;

	FdlCompareJob(Path home, FdlCompareInput input, Display display, Sink sink) {
		super("Comparing versions: " + input.getName());
		this.home = home;
		this.input = input;
		this.ui = new UiAnswers(display, sink::wants);
		this.sink = sink;
		setUser(true);
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		monitor.beginTask(getName(), IProgressMonitor.UNKNOWN);
		long t0 = System.nanoTime();
		try {
			Repository repo = FdlFacts.repository(input.url());
			Reader reader = new Reader(repo, FdlFacts.trust(home), home.resolve("fdl").resolve("catalogs"));
			Reader.Opened b = open(reader, input.b());
			String parent = input.a() != null ? input.a() : b.record().parents().stream().findFirst()
					.orElseThrow(() -> new IllegalStateException("Version " + FdlFacts.shortId(b.id())
							+ " has no parent: select two versions to compare them"));
			Reader.Opened a = open(reader, parent);
			Reader.Opened older = a.record().created().isAfter(b.record().created()) ? b : a;
			Reader.Opened newer = older == a ? b : a;
			ui.send(() -> sink.versions(older, newer));
			session = Engines.get().openSession("fdl-compare");
			List<FdlDiff.TableDiff> tables = FdlDiff.between(session, repo.location(), older.id(), newer.id(),
					(t, done, total) -> {
						monitor.subTask(t + " (" + (done + 1) + " of " + total + ")");
						ui.send(() -> sink.comparing(t, done, total));
						return !monitor.isCanceled();
					});
			long ms = (System.nanoTime() - t0) / 1_000_000;
			ui.send(() -> sink.done(tables, ms));
			return Status.OK_STATUS;
		} catch (EngineException | StoreException | IOException | RuntimeException e) {
			boolean cancelled = monitor.isCanceled();
			String m = e.getMessage() == null ? e.toString() : e.getMessage();
			ui.send(() -> sink.failed(m, cancelled));
			// the editor shows it plainly; an error dialog on top would say it twice
			return cancelled ? Status.CANCEL_STATUS : Status.OK_STATUS;
		} finally {
			EngineSession s = session;
			session = null;
			if (s != null) {
				s.close();
			}
			monitor.done();
		}
	}

	/** A version opened as any reader opens it; a failure says which version and why. */
	private static Reader.Opened open(Reader reader, String id) throws IOException {
		try {
			return reader.open(id, false);
		} catch (FdlException e) {
			throw new IllegalStateException("Version " + FdlFacts.shortId(id) + " does not verify: " + e.getMessage(),
					e);
		}
	}

	@Override
	protected void canceling() {
		EngineSession s = session;
		if (s != null) {
			s.cancel();
		}
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == FAMILY;
	}

}
