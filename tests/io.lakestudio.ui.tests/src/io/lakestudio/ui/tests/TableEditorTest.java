package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.onelake.Lake;
import io.lakestudio.ui.lake.LakeSource;
import io.lakestudio.ui.lake.RefreshJob;
import io.lakestudio.ui.table.TableEditor;
import io.lakestudio.ui.table.TablePages;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * Double-clicking a table opens its editor. Stats comes from the catalog with no request to the lake (asserted on
 * a lake that records every request); History then reads the Delta log through that same lake.
 */
class TableEditorTest {

	@TempDir
	Path home;
	@TempDir
	Path lake;
	private Function<Path, Lake> old;

	@AfterEach
	void close() {
		Workbench.page().closeAllEditors(false);
		Workbench.closeView();
		if (old != null) {
			LakeSource.useFactory(old);
		}
	}

	@Test
	void statsReadsNothingFromTheLakeAndHistoryReadsTheLog() throws Exception {
		Workbench.useHome(home);
		FolderLake.use(home, FolderLake.write(lake));
		old = LakeSource.useFactory(FolderLake::counting);
		RefreshJob sync = new RefreshJob(home);
		sync.schedule();
		Job.getJobManager().join(RefreshJob.FAMILY, new NullProgressMonitor());
		assertFalse(FolderLake.REQUESTS.isEmpty(), "the sync asked the (counting) lake");
		FolderLake.REQUESTS.clear();

		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		TreeItem orders = Workbench.path(view, "local", "Sales", "Lakehouses", "Orders", "orders");
		view.viewer().setSelection(new StructuredSelection(orders.getData()));
		view.actions().doubleClicked();
		Workbench.spin(300);
		TableEditor editor = (TableEditor) Workbench.page().getActiveEditor();
		assertEquals("orders", editor.getPartName());
		assertEquals("15", editor.stats().fact("Rows"));
		assertEquals("3", editor.stats().fact("Files"));
		assertEquals("2", editor.stats().fact("Version"));
		assertEquals("region", editor.stats().fact("Partitioned by"));
		Table facts = editor.pages().facts();
		assertTrue(facts.getItemCount() >= 9);
		Table columns = editor.pages().columns();
		assertEquals(List.of("order_id", "region", "amount"),
				List.of(columns.getItem(0).getText(1), columns.getItem(1).getText(1), columns.getItem(2).getText(1)));
		assertEquals("yes", columns.getItem(1).getText(4), "region is the partition column");
		Workbench.spin(500);
		assertEquals(List.of(), FolderLake.REQUESTS, "Stats asked the lake nothing");
		Workbench.page().setPartState(Workbench.page().getReference(editor),
				org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
		Workbench.screenshot("table-editor-stats", editor.pages().facts().getParent());

		editor.showPage(TableEditor.HISTORY);
		Workbench.waitUntil("history read", 10_000,
				() -> !editor.pages().historyState().equals(TablePages.READING));
		Job.getJobManager().join(TableEditor.HISTORY_FAMILY, new NullProgressMonitor());
		Table history = editor.pages().history();
		assertEquals(3, history.getItemCount(), editor.pages().historyState());
		List<String> versions = java.util.Arrays.stream(history.getItems()).map(i -> i.getText(0)).toList();
		assertEquals(List.of("2", "1", "0"), versions);
		TableItem first = history.getItem(2);
		assertEquals("CREATE TABLE", first.getText(2), "version 0's operation");
		assertEquals("WRITE", history.getItem(0).getText(2), "an append's operation");
		assertTrue(FolderLake.REQUESTS.stream().anyMatch(r -> r.startsWith("list ") && r.endsWith("_delta_log")),
				"History read the log through the lake: " + FolderLake.REQUESTS);
		Workbench.screenshot("table-editor-history", history.getParent());
		// the Data tab reads rows through the engine: EngineUiTest, on a lake with real Parquet
	}
}
