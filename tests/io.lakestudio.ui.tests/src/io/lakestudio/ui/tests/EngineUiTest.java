package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.TableName;
import io.lakestudio.samples.SampleLake;
import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.lake.RefreshJob;
import io.lakestudio.ui.sql.NewSqlHandler;
import io.lakestudio.ui.sql.ResultsView;
import io.lakestudio.ui.sql.RunStatementHandler;
import io.lakestudio.ui.sql.SqlEditor;
import io.lakestudio.ui.sql.StatementJob;
import io.lakestudio.ui.table.TableEditor;
import io.lakestudio.ui.table.TablePages;
import io.lakestudio.ui.tree.OneLakeView;
import io.lakestudio.ui.tree.TreeActions;

/**
 * Statements through the workbench's engine on the sample lake (real Parquet, real Delta logs), synced into a
 * fresh state folder by the Refresh job: Ctrl+Enter streams rows into the Results view (count checked against the
 * catalog's numRecords), Cancel stops a long statement, an error shows plainly with its statement, the table
 * editor's Data tab shows the first rows, and "New SQL on this table" opens a runnable SELECT. DuckDB loads here,
 * so {@link DuckDbGate} first makes sure the no-DuckDB tree check has run.
 */
class EngineUiTest {

	static Path home;
	static Path lake;

	@BeforeAll
	static void sampleLake() throws Exception {
		DuckDbGate.beforeEngine();
		Path tmp = Files.createTempDirectory("engine-ui");
		home = tmp.resolve("home");
		lake = tmp.resolve("lake");
		SampleLake.write(lake);
		Workbench.useHome(home);
		FolderLake.use(home, lake);
		new RefreshJob(home).schedule();
		Job.getJobManager().join(RefreshJob.FAMILY, new NullProgressMonitor());
	}

	@AfterEach
	void close() {
		Workbench.page().closeAllEditors(false);
		Workbench.closeView();
	}

	@AfterAll
	static void closeEngine() {
		Engines.close();
	}

	/** The catalog's numRecords: what the sync read from the Delta log's stats, not from the engine. */
	static long catalogRows(String name) {
		String account = Settings.load(home).account();
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(Catalogs.catalogFile(home, account), account)) {
			Long n = c.resolve(TableName.parse(name)).table().numRecords();
			assertNotNull(n, "the log of " + name + " has stats");
			return n;
		}
	}

	private static ResultsView runInEditor(String sql) throws Exception {
		SqlEditor editor = (SqlEditor) NewSqlHandler.openNew(Workbench.page(), sql);
		Workbench.shell().setBounds(Workbench.display().getPrimaryMonitor().getBounds());
		editor.viewer().setSelectedRange(2, 0);
		Commands.execute(RunStatementHandler.ID);
		ResultsView view = (ResultsView) Workbench.page().findView(ResultsView.ID);
		assertNotNull(view, "Ctrl+Enter shows the Results view");
		assertEquals(sql, view.statement());
		return view;
	}

	private static void waitFinished(ResultsView view, long millis) {
		Workbench.waitUntil("the statement finished", millis, () -> !view.state().equals("running"));
		Workbench.spin(100);
	}

	@Test
	void queryStreamsRowsIntoTheResultsView() throws Exception {
		long expected = catalogRows("Sales/Orders/customers");
		assertEquals(2000, expected, "the sample writes 2000 customers");
		ResultsView view = runInEditor("SELECT * FROM \"Sales/Orders\".customers");
		waitFinished(view, 120_000);
		assertEquals("done", view.state(), view.status());
		assertEquals(expected, view.rows().rowCount());
		assertEquals(expected, view.rows().table().getItemCount(), "the virtual table's item count");
		assertTrue(view.status().startsWith(expected + " rows in "), view.status());
		assertTrue(view.rows().table().getColumnCount() > 1);
		assertTrue(view.rows().table().getItem(0).getText(0).length() > 0, "the first row is drawn");
		Workbench.screenshot("sql-editor-results", Workbench.shell());

		// offline: answered from the held snapshot, and the view says how old it is
		Settings.load(home).set(Settings.OFFLINE, true).save();
		try {
			ResultsView offline = runInEditor("SELECT * FROM \"Sales/Orders\".customers");
			waitFinished(offline, 120_000);
			assertEquals("done", offline.state(), offline.status());
			assertEquals(expected, offline.rows().rowCount());
			assertTrue(offline.status().contains("snapshot held since"), offline.status());
			Workbench.screenshot("sql-results-offline", Workbench.shell());
		} finally {
			Settings.load(home).set(Settings.OFFLINE, false).save();
		}
	}

	@Test
	void aLargeResultStreamsWhileTheUiStaysLive() throws Exception {
		ResultsView view = runInEditor("SELECT a.customer_id, b.customer_id AS other, a.email FROM"
				+ " \"Sales/Orders\".customers a, \"Sales/Orders\".customers b WHERE b.customer_id <= 150");
		long[] last = { System.nanoTime() };
		long[] worst = { 0 };
		boolean[] partial = { false };
		Workbench.waitUntil("300,000 rows", 180_000, () -> {
			long now = System.nanoTime();
			worst[0] = Math.max(worst[0], now - last[0]);
			last[0] = now;
			partial[0] |= view.status().contains("rows so far");
			return !view.state().equals("running");
		});
		Workbench.spin(100);
		assertEquals("done", view.state(), view.status());
		assertEquals(300_000, view.rows().rowCount());
		assertEquals(300_000, view.rows().table().getItemCount());
		assertTrue(partial[0], "rows showed before the statement finished");
		view.rows().table().setTopIndex(299_990);
		Workbench.spin(100);
		assertEquals(view.rows().cell(299_995, 0), view.rows().table().getItem(299_995).getText(0));
		System.out.println("UI-TEST: 300,000 rows streamed; longest UI-thread stall " + worst[0] / 1_000_000
				+ " ms; " + view.status());
		assertTrue(worst[0] / 1_000_000 < 2000, "the UI thread never stalled 2 s: " + worst[0] / 1_000_000 + " ms");
		Workbench.screenshot("sql-results-large", Workbench.shell());
	}

	@Test
	void cancelStopsALongStatement() throws Exception {
		ResultsView view = runInEditor("SELECT count(*) FROM \"Sales/Orders\".customers a, \"Sales/Orders\".customers b,"
				+ " \"Sales/Orders\".customers c, \"Sales/Orders\".customers d");
		Workbench.spin(1500);
		assertEquals("running", view.state(), "2000^4 rows to count: still running after 1.5 s");
		long t0 = System.currentTimeMillis();
		Job.getJobManager().cancel(StatementJob.FAMILY);
		waitFinished(view, 20_000);
		long ms = System.currentTimeMillis() - t0;
		assertEquals("cancelled", view.state(), view.status());
		assertEquals("Cancelled after", view.status().substring(0, "Cancelled after".length()), view.status());
		assertTrue(view.status().endsWith("the statement was stopped."), view.status());
		System.out.println("UI-TEST: cancel stopped the statement in " + ms + " ms: " + view.status());
		// the engine is free again
		ResultsView again = runInEditor("SELECT 42 AS answer");
		waitFinished(again, 30_000);
		assertEquals("done", again.state(), again.status());
		assertEquals("42", again.rows().cell(0, 0));
	}

	@Test
	void anErrorShowsPlainlyWithTheStatement() throws Exception {
		String sql = "SELECT no_such_column FROM \"Sales/Orders\".customers";
		ResultsView view = runInEditor(sql);
		waitFinished(view, 60_000);
		assertEquals("failed", view.state(), view.status());
		assertTrue(view.status().startsWith("Error: "), view.status());
		assertTrue(view.status().contains("no_such_column"), view.status());
		assertEquals(sql, view.statement());
		assertEquals(0, view.rows().rowCount());
		Workbench.screenshot("sql-results-error", Workbench.shell());
	}

	@Test
	void dataTabShowsTheFirstRowsAndNewSqlOnTheTableRuns() throws Exception {
		long expected = Math.min(200, catalogRows("Sales/Orders/orders"));
		OneLakeView tree = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> tree.drawnMillis() >= 0);
		TreeItem orders = Workbench.path(tree, "local", "Sales", "Lakehouses", "Orders", "orders");
		tree.viewer().setSelection(new StructuredSelection(orders.getData()));
		tree.actions().doubleClicked();
		Workbench.spin(300);
		TableEditor editor = (TableEditor) Workbench.page().getActiveEditor();
		Workbench.page().setPartState(Workbench.page().getReference(editor), IWorkbenchPage.STATE_MAXIMIZED);
		assertEquals("SELECT * FROM \"Sales/Orders\".\"orders\" LIMIT 200", editor.dataStatement());
		editor.showPage(TableEditor.DATA);
		Workbench.waitUntil("the first rows", 120_000,
				() -> !editor.pages().dataState().startsWith(TablePages.READING_ROWS));
		Workbench.spin(200);
		assertEquals(expected, editor.pages().data().rowCount(), editor.pages().dataState());
		assertTrue(editor.pages().dataState().contains(expected + " rows"), editor.pages().dataState());
		Workbench.screenshot("table-editor-data", editor.pages().data().table().getParent());
		Workbench.page().setPartState(Workbench.page().getReference(editor), IWorkbenchPage.STATE_RESTORED);

		// New SQL on this table: the Copy SELECT statement in a new SQL editor, ready for Ctrl+Enter
		Workbench.page().activate(tree);
		tree.viewer().setSelection(new StructuredSelection(orders.getData()));
		tree.actions().fill(new org.eclipse.jface.action.MenuManager());
		assertTrue(tree.actions().action(TreeActions.NEW_SQL).isEnabled());
		tree.actions().action(TreeActions.NEW_SQL).run();
		Workbench.spin(200);
		SqlEditor sql = (SqlEditor) Workbench.page().getActiveEditor();
		String text = sql.viewer().getDocument().get().strip();
		assertEquals("SELECT * FROM \"Sales/Orders\".\"orders\" LIMIT 100", text);
		sql.viewer().setSelectedRange(3, 0);
		Commands.execute(RunStatementHandler.ID);
		ResultsView view = (ResultsView) Workbench.page().findView(ResultsView.ID);
		waitFinished(view, 60_000);
		assertEquals(Math.min(100, expected), view.rows().rowCount(), view.status());
	}
}
