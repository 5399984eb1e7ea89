package io.lakestudio.ui.table;

import static io.lakestudio.ui.format.Tables.pack;
import static io.lakestudio.ui.format.Tables.table;
import static io.lakestudio.ui.format.Tables.row;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;

import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ui.sql.RowsTable;
import io.lakestudio.ui.sql.StatementJob;

/** The table editor's widgets: a facts table and a columns table for Stats, a versions table for History. */
public final class TablePages {

	public static final String READING = "Reading the Delta log\u2026";
	public static final String READING_ROWS = "Reading the first rows\u2026";
	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
			.withZone(ZoneId.systemDefault());

	private final Composite parent;
	private Table facts;
	private Table columns;
	private Table history;
	private Label historyState;
	private Label dataState;
	private RowsTable data;
	private boolean dataOpen = true;

	TablePages(Composite parent) {
		this.parent = parent;
	}

	Composite statsPage(TableStats stats) {
		List<String[]> rows = new ArrayList<>();
		for (LakeColumn col : stats.columns()) {
			rows.add(new String[] { String.valueOf(col.ordinal()), col.name(), col.type(), col.nullable() ? "yes"
					: "no", col.partition() ? "yes" : "" });
		}
		return statsPage(stats.facts(), new String[] { "#", "Column", "Type", "Nullable", "Partition" }, rows);
	}

	Composite statsPage(List<String[]> factRows, String[] columnHeaders, List<String[]> columnRows) {
		Composite c = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().margins(6, 6).applyTo(c);
		facts = table(c, "Fact", "Value");
		factRows.forEach(f -> row(facts, f));
		GridDataFactory.fillDefaults().grab(true, false).applyTo(facts);
		new Label(c, SWT.NONE).setText("Columns (" + columnRows.size() + ")");
		columns = table(c, columnHeaders);
		columnRows.forEach(r -> row(columns, r));
		GridDataFactory.fillDefaults().grab(true, true).applyTo(columns);
		pack(facts);
		pack(columns);
		return c;
	}

	Composite historyPage() {
		return historyPage("Version", "Time", "Operation", "Log bytes");
	}

	Composite historyPage(String... headers) {
		Composite c = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().margins(6, 6).applyTo(c);
		historyState = new Label(c, SWT.WRAP);
		historyState.setText(READING);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(historyState);
		history = table(c, headers);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(history);
		return c;
	}

	void showHistory(List<DeltaHistory.Commit> commits) {
		history.removeAll();
		for (DeltaHistory.Commit commit : commits) {
			row(history, String.valueOf(commit.version()), TIME.format(commit.time()), commit.operation(),
					String.valueOf(commit.logBytes()));
		}
		pack(history);
		historyState.setText(commits.size() + " versions from the table's _delta_log (newest first; the mirror"
				+ " will serve this once it lands)");
		historyState.getParent().layout();
	}

	/** A DuckLake table's snapshots; opening a row ({@code open}, with the snapshot id) shows the table at it. */
	void showSnapshots(List<Snapshot> snapshots, java.util.function.LongConsumer open) {
		history.removeAll();
		for (Snapshot s : snapshots) {
			row(history, String.valueOf(s.id()), TIME.format(s.time()), s.author() == null ? "" : s.author(),
					s.commitMessage() == null ? "" : s.commitMessage(), s.changesMade() == null ? "" : s.changesMade());
		}
		pack(history);
		history.addListener(SWT.DefaultSelection, e -> {
			int i = history.getSelectionIndex();
			if (i >= 0) {
				open.accept(snapshots.get(i).id());
			}
		});
		historyState.setText(snapshots.size() + " snapshots of the catalog touch this table (newest first);"
				+ " open one to see the table as it was then");
		historyState.getParent().layout();
	}

	void showHistoryError(String message) {
		historyState.setText(message);
		historyState.getParent().layout();
	}

	Composite dataPage() {
		Composite c = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().margins(6, 6).applyTo(c);
		dataState = new Label(c, SWT.WRAP);
		dataState.setText("The first rows are read when this tab is shown.");
		GridDataFactory.fillDefaults().grab(true, false).hint(400, SWT.DEFAULT).applyTo(dataState);
		data = new RowsTable(c);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(data.table());
		c.addDisposeListener(e -> dataOpen = false);
		return c;
	}

	void dataStarted(String sql) {
		showDataState(READING_ROWS + "  " + sql);
	}

	void showDataError(String message) {
		showDataState(message);
	}

	private void showDataState(String text) {
		dataState.setText(text);
		dataState.getParent().layout();
	}

	StatementJob.Sink dataSink() {
		return new StatementJob.Sink() {
			@Override
			public void columns(List<String> names, List<String> types) {
				data.reset(names, types);
			}

			@Override
			public void rows(List<String[]> batch) {
				data.append(batch);
			}

			@Override
			public void done(long rows, long millis, List<String> notices, boolean cancelled, boolean truncated) {
				StringBuilder s = new StringBuilder(cancelled ? "Stopped: " : "").append(
						truncated || rows == TableEditor.DATA_ROWS ? "First " + rows + " rows" : rows == 1 ? "1 row"
								: rows + " rows")
						.append(" (").append(millis).append(" ms)");
				notices.forEach(n -> s.append("\n").append(n));
				showDataState(s.toString());
			}

			@Override
			public void failed(String message, long millis, boolean cancelled) {
				showDataState("Cannot read the rows: " + message);
			}

			@Override
			public boolean wants() {
				return dataOpen && !dataState.isDisposed();
			}
		};
	}

	public RowsTable data() {
		return data;
	}

	public String dataState() {
		return dataState.getText();
	}




	public Table facts() {
		return facts;
	}

	public Table columns() {
		return columns;
	}

	public Table history() {
		return history;
	}

	public String historyState() {
		return historyState.getText();
	}
}
