package io.lakestudio.ui.sql;

import java.util.List;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.part.ViewPart;

/**
 * Results of a statement: a status line (rows, time, and how it was answered — a held snapshot's age when offline
 * — or the error, plainly), the statement as it ran, and a virtual table for the rows, filled as they stream.
 */
public final class ResultsView extends ViewPart {

	public static final String ID = "io.lakestudio.ui.views.results";
	public static final String IDLE = "No statement run yet: Ctrl+Enter in a SQL editor runs the statement at the"
			+ " cursor (or the selection).";

	private Label status;
	private Text statement;
	private RowsTable rows;
	private StatementJob job;
	private Object run;
	private String state = "idle";

	@Override
	public void createPartControl(Composite parent) {
		GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(parent);
		status = new Label(parent, SWT.WRAP);
		status.setText(IDLE);
		GridDataFactory.fillDefaults().grab(true, false).hint(400, SWT.DEFAULT).applyTo(status);
		statement = new Text(parent, SWT.READ_ONLY | SWT.MULTI | SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(statement);
		rows = new RowsTable(parent);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(rows.table());
	}

	/**
	 * Runs a statement in an editor's session; the rows stream into the table. Another editor's statement still
	 * running here is stopped; one of the same editor's runs to its end first (its answer no longer shown).
	 */
	public StatementJob run(String sql, EditorSession session) {
		if (job != null && job.getRule() != session) {
			job.cancel();
		}
		Object me = new Object();
		run = me;
		state = "running";
		statement.setText(sql);
		rows.reset(List.of(), List.of());
		setStatus("Running\u2026");
		job = new StatementJob(sql, "workbench", status.getDisplay(), StatementJob.MAX_ROWS,
				new StatementJob.Sink() {
					private long count;

					@Override
					public void columns(List<String> names, List<String> types) {
						rows.reset(names, types);
					}

					@Override
					public void rows(List<String[]> batch) {
						rows.append(batch);
						count += batch.size();
						if (!batch.isEmpty()) {
							setStatus("Running\u2026 " + count + " rows so far");
						}
					}

					@Override
					public void done(long n, long millis, List<String> notices, boolean cancelled, boolean truncated) {
						state = cancelled ? "cancelled" : "done";
						StringBuilder s = new StringBuilder();
						s.append(cancelled ? "Cancelled after " : truncated ? "First " : "").append(rowsText(n))
								.append(truncated ? " shown (the rest was not read)" : "").append(" in ")
								.append(millis(millis));
						for (String notice : notices) {
							s.append("\n").append(notice);
						}
						setStatus(s.toString());
					}

					@Override
					public void failed(String message, long millis, boolean cancelled) {
						state = cancelled ? "cancelled" : "failed";
						// a stopped statement's own error ("Invalid result set", "INTERRUPT") says nothing more
						setStatus(cancelled ? "Cancelled after " + millis(millis) + ": the statement was stopped."
								: "Error: " + message);
					}

					@Override
					public boolean wants() {
						return run == me && !status.isDisposed();
					}
				});
		job.in(session).schedule();
		return job;
	}

	/** A statement that did not run, with why; the statement is shown as it was asked. */
	public void showNotRun(String sql, String why) {
		run = null;
		state = "not run";
		statement.setText(sql);
		rows.reset(List.of(), List.of());
		setStatus(why);
	}

	private void setStatus(String text) {
		status.setText(text);
		status.getParent().layout();
	}

	static String rowsText(long n) {
		return n == 1 ? "1 row" : n + " rows";
	}

	static String millis(long ms) {
		return ms < 1000 ? ms + " ms" : String.format("%.1f s", ms / 1000.0);
	}

	public String status() {
		return status.getText();
	}

	public String statement() {
		return statement.getText();
	}

	/** idle, running, done, failed, cancelled, not run. */
	public String state() {
		return state;
	}

	public RowsTable rows() {
		return rows;
	}

	@Override
	public void setFocus() {
		rows.table().setFocus();
	}

	@Override
	public void dispose() {
		if (job != null) {
			job.cancel();
		}
		super.dispose();
	}
}
