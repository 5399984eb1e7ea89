package io.lakestudio.ui.sql;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.Result;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.lake.UiAnswers;

/**
 * Runs one statement through the workbench's engine off the UI thread and hands its rows to a {@link Sink} on the
 * UI thread in batches (every {@link #BATCH} rows or {@link #FLUSH_MILLIS}), so a large result shows its first
 * rows at once and the UI stays live while the rest streams. Cancel (the progress view's red square) asks DuckDB
 * to stop the statement; at most {@link #MAX_ROWS} rows are kept.
 */
public final class StatementJob extends Job {

	public static final Object FAMILY = StatementJob.class;
	public static final int BATCH = 2000;
	public static final long FLUSH_MILLIS = 150;
	public static final int MAX_ROWS = 1_000_000;

	/** What the job tells, always on the UI thread. */
	public interface Sink {
		/** The statement's columns: the rows follow. */
		void columns(List<String> names, List<String> types);

		void rows(List<String[]> batch);

		/** Done: all rows read, or stopped ({@code cancelled}) or cut at {@link #MAX_ROWS} ({@code truncated}). */
		void done(long rows, long millis, List<String> notices, boolean cancelled, boolean truncated);

		void failed(String message, long millis, boolean cancelled);

		/** Whether the sink still wants this job's answers (its widget may be gone, or a newer run started). */
		boolean wants();
	}

	private final String sql;
	private final String source;
	private final Sink sink;
	private final UiAnswers ui;
	private final int limit;
	private java.nio.file.Path attachKept;
	private volatile EngineSession session;
	private EditorSession editorSession;
	/** Said before the statement's own notices: the editor's session was opened anew. */
	private final List<String> notes = new ArrayList<>();

	public StatementJob(String sql, String source, Display display, int limit, Sink sink) {
		super("Running SQL: " + oneLine(sql));
		this.sql = sql;
		this.source = source;
		this.ui = new UiAnswers(display, sink::wants);
		this.sink = sink;
		this.limit = limit;
		setUser(true);
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		monitor.beginTask(oneLine(sql), IProgressMonitor.UNKNOWN);
		long t0 = System.nanoTime();
		long n = 0;
		try (Result r = open()) {
			int cols = r.columnNames().size();
			List<String> names = List.copyOf(r.columnNames());
			List<String> types = List.copyOf(r.columnTypes());
			ui.send(() -> sink.columns(names, types));
			List<String[]> batch = new ArrayList<>();
			long last = System.nanoTime();
			boolean truncated = false;
			while (!monitor.isCanceled()) {
				if (n >= limit) {
					truncated = true;
					break;
				}
				if (!r.next()) {
					break;
				}
				String[] row = new String[cols];
				for (int c = 0; c < cols; c++) {
					String v = r.text(c);
					row[c] = v == null ? RowsTable.NULL : v;
				}
				batch.add(row);
				n++;
				if (batch.size() >= BATCH || System.nanoTime() - last > FLUSH_MILLIS * 1_000_000) {
					List<String[]> b = batch;
					batch = new ArrayList<>();
					ui.send(() -> sink.rows(b));
					monitor.subTask(n + " rows");
					last = System.nanoTime();
				}
			}
			List<String[]> b = batch;
			long rows = n;
			boolean cancelled = monitor.isCanceled();
			boolean cut = truncated;
			List<String> notices = new ArrayList<>(notes);
			notices.addAll(r.notices());
			long ms = (System.nanoTime() - t0) / 1_000_000;
			ui.send(() -> {
				sink.rows(b);
				sink.done(rows, ms, notices, cancelled, cut);
			});
			return cancelled ? Status.CANCEL_STATUS : Status.OK_STATUS;
		} catch (EngineException | RuntimeException e) {
			long ms = (System.nanoTime() - t0) / 1_000_000;
			boolean cancelled = monitor.isCanceled();
			if (e instanceof RuntimeException && editorSession != null) {
				editorSession.broken();
			}
			String m = (e.getMessage() == null ? e.toString() : e.getMessage())
					+ (notes.isEmpty() ? "" : "\n" + String.join("\n", notes));
			ui.send(() -> sink.failed(m, ms, cancelled));
			// the sink shows it plainly; an error dialog on top would say it twice
			return cancelled ? Status.CANCEL_STATUS : Status.OK_STATUS;
		} finally {
			if (session != null) {
				session.close();
				session = null;
			}
			monitor.done();
		}
	}

	/**
	 * Runs the statement in a session of its own with the DuckLake catalogs kept in {@code home}'s settings
	 * attached, as {@code lakestudio sql} does: how a statement naming a kept catalog finds it.
	 */
	public StatementJob attachingKept(java.nio.file.Path home) {
		this.attachKept = home;
		return this;
	}

	/** Runs the statement in an editor's session, after the editor's statements asked before it. */
	public StatementJob in(EditorSession s) {
		this.editorSession = s;
		setRule(s);
		return this;
	}

	private Result open() throws EngineException {
		if (editorSession != null) {
			return editorSession.execute(sql, source, notes);
		}
		if (attachKept == null) {
			return Engines.get().execute(sql, source);
		}
		session = Engines.get().openSession(source);
		session.attachKept(io.lakestudio.catalog.Settings.load(attachKept));
		return session.execute(sql);
	}

	@Override
	protected void canceling() {
		EngineSession own = session;
		if (editorSession != null) {
			editorSession.cancel();
		} else if (own != null) {
			own.cancel();
		} else {
			Engines.cancel();
		}
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == FAMILY;
	}


	static String oneLine(String sql) {
		String s = sql.strip().replaceAll("\\s+", " ");
		return s.length() > 80 ? s.substring(0, 79) + "\u2026" : s;
	}
}
