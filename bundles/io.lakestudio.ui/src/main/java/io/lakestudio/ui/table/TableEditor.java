package io.lakestudio.ui.table;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.MultiPageEditorPart;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ui.ducklake.DuckLakeTableFacts;
import io.lakestudio.onelake.Lake;
import io.lakestudio.ui.sql.StatementJob;
import io.lakestudio.ui.sql.SelectStatement;
import io.lakestudio.ui.lake.LakeSource;

/**
 * A table's editor: Stats from the catalog (drawn at once, reads nothing from the lake), History from the Delta
 * log (read only when its tab is first shown, in a job), and Data: the first rows through the workbench's engine,
 * read in a job when its tab is first shown. A DuckLake table's Stats and History come from its catalog file
 * ({@link DuckLakeTableFacts}); History's snapshots open the table as it was at each.
 */
public final class TableEditor extends MultiPageEditorPart {

	public static final String ID = "io.lakestudio.ui.editors.table";
	public static final int STATS = 0;
	public static final int HISTORY = 1;
	public static final int DATA = 2;
	public static final Object HISTORY_FAMILY = DeltaHistory.class;
	static final int HISTORY_LIMIT = 100;

	private TableStats stats;
	private LakeTable table;
	private String missing;
	private TablePages pages;
	private boolean historyAsked;
	private boolean dataAsked;
	private String dataSql;
	private StatementJob job;
	static final int DATA_ROWS = 200;
	private DuckLakeTableInput ducklake;
	private DuckLakeTableFacts lakeFacts;

	@Override
	public void init(IEditorSite site, IEditorInput input) throws PartInitException {
		if (input instanceof DuckLakeTableInput d) {
			super.init(site, input);
			setPartName(input.getName());
			ducklake = d;
			try {
				lakeFacts = DuckLakeTableFacts.read(Catalogs.home(), d.catalog(), d.schema(), d.table(), d.snapshot(),
						DATA_ROWS);
				dataSql = lakeFacts.select();
			} catch (DuckLakeException e) {
				missing = "Cannot read " + input.getToolTipText() + ": " + e.getMessage();
			}
			return;
		}
		if (!(input instanceof TableEditorInput)) {
			throw new PartInitException("Not a table: " + input);
		}
		super.init(site, input);
		setPartName(input.getName());
		String id = ((TableEditorInput) input).tableId();
		String account = Settings.load(Catalogs.home()).account();
		try (ReadOnlyCatalog catalog = Catalogs.openReadOnly(Catalogs.catalogFile(Catalogs.home(), account),
				account)) {
			Optional<TableStats> s = TableStats.read(catalog, id, Clock.systemUTC());
			stats = s.orElse(null);
			table = catalog.table(id).orElse(null);
			if (table != null) {
				Optional<io.lakestudio.catalog.Item> item = catalog.item(table.itemId());
				Optional<io.lakestudio.catalog.Workspace> ws = item.flatMap(i -> catalog.workspace(i.workspaceId()));
				if (item.isPresent() && ws.isPresent()) {
					dataSql = SelectStatement.firstRows(ws.get().name(), item.get(), table, DATA_ROWS);
				}
			}
			missing = s.isPresent() ? null : "The catalog has no table " + id + " (cleared, or not synced yet).";
		}
	}

	@Override
	protected void createPages() {
		pages = new TablePages(getContainer());
		if (ducklake != null) {
			setPageText(addPage(lakeFacts == null ? message(missing) : pages.statsPage(lakeFacts.facts(),
					DuckLakeTableFacts.COLUMN_HEADERS, lakeFacts.columns())), "Stats");
			setPageText(addPage(pages.historyPage("Snapshot", "Time", "Author", "Message", "Changes")), "History");
			setPageText(addPage(pages.dataPage()), "Data");
			return;
		}
		setPageText(addPage(stats == null ? message(missing) : pages.statsPage(stats)), "Stats");
		setPageText(addPage(pages.historyPage()), "History");
		setPageText(addPage(pages.dataPage()), "Data");
	}

	private Composite message(String text) {
		Composite c = new Composite(getContainer(), SWT.NONE);
		c.setLayout(new org.eclipse.swt.layout.FillLayout());
		new Label(c, SWT.WRAP).setText(text);
		return c;
	}

	@Override
	protected void pageChange(int newPageIndex) {
		super.pageChange(newPageIndex);
		if (newPageIndex == HISTORY && !historyAsked) {
			historyAsked = true;
			loadHistory();
		}
		if (newPageIndex == DATA && !dataAsked) {
			dataAsked = true;
			loadData();
		}
	}

	/** Reads the log off the UI thread; the tab says "reading" until the job answers. */
	private void loadHistory() {
		if (ducklake != null) {
			if (lakeFacts == null) {
				pages.showHistoryError(missing);
			} else {
				pages.showSnapshots(lakeFacts.history(), this::openSnapshot);
			}
			return;
		}
		if (table == null) {
			pages.showHistoryError(missing);
			return;
		}
		if (!LakeTable.DELTA.equals(table.format())) {
			pages.showHistoryError("History is shown for Delta tables; this one is " + table.format() + ".");
			return;
		}
		LakeTable t = table;
		Job job = new Job("Reading the history of " + t.name()) {
			@Override
			protected IStatus run(IProgressMonitor monitor) {
				Optional<Lake> lake = LakeSource.open(Catalogs.home());
				String error = null;
				List<DeltaHistory.Commit> commits = List.of();
				if (lake.isEmpty()) {
					error = LakeSource.NO_LAKE;
				} else {
					try (Lake l = lake.get()) {
						commits = DeltaHistory.read(l.store(), t.location(), HISTORY_LIMIT);
					} catch (Exception e) {
						error = "Cannot read the Delta log of " + t.location() + ": " + e.getMessage();
					}
				}
				String e = error;
				List<DeltaHistory.Commit> c = commits;
				getContainer().getDisplay().asyncExec(() -> {
					if (!getContainer().isDisposed()) {
						if (e != null) {
							pages.showHistoryError(e);
						} else {
							pages.showHistory(c);
						}
					}
				});
				return Status.OK_STATUS;
			}

			@Override
			public boolean belongsTo(Object family) {
				return family == HISTORY_FAMILY;
			}
		};
		job.schedule();
	}

	/** The first rows through the workbench's engine, in a job: DuckDB starts here if no statement ran yet. */
	private void loadData() {
		if (dataSql == null) {
			pages.showDataError(missing != null ? missing : "The catalog does not say which item holds this table.");
			return;
		}
		pages.dataStarted(dataSql);
		job = new StatementJob(dataSql, "table editor", getContainer().getDisplay(), DATA_ROWS, pages.dataSink());
		if (ducklake != null) {
			job.attachingKept(Catalogs.home()); // the statement names the kept catalog
		}
		job.setUser(false);
		job.schedule();
	}

	/** Opens the DuckLake table at one of its snapshots, read-only, in an editor of its own. */
	public void openSnapshot(long snapshot) {
		ducklake.at(snapshot).open();
	}

	/** What Stats and History show of a DuckLake table; null for a OneLake table or one that can't be read. */
	public DuckLakeTableFacts duckLakeFacts() {
		return lakeFacts;
	}

	/** The SELECT the Data tab runs (null: the table is not in the catalog). */
	public String dataStatement() {
		return dataSql;
	}

	@Override
	public void dispose() {
		if (job != null) {
			job.cancel();
		}
		super.dispose();
	}

	public TablePages pages() {
		return pages;
	}

	public TableStats stats() {
		return stats;
	}

	/** Shows a tab as a click on it does. */
	public void showPage(int index) {
		setActivePage(index);
	}

	@Override
	public void doSave(IProgressMonitor monitor) {
	}

	@Override
	public void doSaveAs() {
	}

	@Override
	public boolean isSaveAsAllowed() {
		return false;
	}
}
