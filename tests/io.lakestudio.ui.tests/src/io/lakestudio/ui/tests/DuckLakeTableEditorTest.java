package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.table.TableEditor;
import io.lakestudio.ui.table.TablePages;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * A DuckLake table opened from the tree: Stats from the catalog's table and column stats, Data through the
 * workbench's engine (rows checked against the same SELECT run in a session of the test's own), History the
 * snapshots that touched the table; opening one shows the table as it was then (AT (VERSION => n)).
 */
class DuckLakeTableEditorTest {

	@TempDir
	static Path home;
	@TempDir
	static Path dir;
	static String url;

	@BeforeAll
	static void catalog() throws Exception {
		DuckDbGate.beforeEngine();
		Workbench.useHome(home);
		url = DuckLakes.sqlite(home, dir);
	}

	@AfterAll
	static void closeEngine() {
		Engines.close();
	}

	@AfterEach
	void close() {
		Workbench.page().closeAllEditors(false);
		Workbench.closeView();
	}

	private static List<String> column(Table t, int c) {
		return Arrays.stream(t.getItems()).map(i -> i.getText(c)).toList();
	}

	private static void waitRows(TableEditor editor) {
		Workbench.waitUntil("rows read", 60_000, () -> !editor.pages().dataState().startsWith(TablePages.READING_ROWS)
				&& !editor.pages().dataState().startsWith("The first rows"));
	}

	@Test
	void statsDataHistoryAndASnapshot() throws Exception {
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		TreeItem orders = Workbench.path(view, "lake", "main", "orders");
		view.viewer().setSelection(new StructuredSelection(orders.getData()));
		view.actions().doubleClicked();
		Workbench.spin(300);
		TableEditor editor = (TableEditor) Workbench.page().getActiveEditor();
		assertEquals("orders", editor.getPartName());
		Workbench.page().setPartState(Workbench.page().getReference(editor), IWorkbenchPage.STATE_MAXIMIZED);

		List<String> independent = DuckLakes.run("ATTACH '" + url + "' AS lake (READ_ONLY)",
				"SELECT count(*) FROM lake.orders");
		assertEquals("4", independent.get(0));
		assertEquals("4", editor.duckLakeFacts().fact("Rows"), "ducklake_table_stats' record count");
		assertEquals(List.of("order_id", "region", "amount"), column(editor.pages().columns(), 1));
		assertEquals(List.of("7.25", "99.99"), List.of(editor.pages().columns().getItem(2).getText(5),
				editor.pages().columns().getItem(2).getText(6)), "amount's min and max from the column stats");
		Workbench.screenshot("ducklake-table-stats", editor.pages().facts().getParent());

		editor.showPage(TableEditor.DATA);
		waitRows(editor);
		assertEquals("SELECT * FROM \"lake\".\"main\".\"orders\" LIMIT 200", editor.dataStatement());
		assertTrue(editor.pages().dataState().startsWith("4 rows"), editor.pages().dataState());
		List<String> ids = DuckLakes.run("ATTACH '" + url + "' AS lake (READ_ONLY)",
				"SELECT order_id FROM lake.orders ORDER BY 1");
		assertEquals(ids, column(editor.pages().data().table(), 0).stream().sorted().toList());
		Workbench.screenshot("ducklake-table-data", editor.pages().data().table().getParent());

		editor.showPage(TableEditor.HISTORY);
		Workbench.spin(100);
		Table history = editor.pages().history();
		List<String> touching = column(history, 0);
		assertEquals(3, touching.size(), touching + ": create, insert, insert (not the other table's or the view's)");
		assertEquals("ada", history.getItem(0).getText(2));
		assertEquals("one more order", history.getItem(0).getText(3));
		Workbench.screenshot("ducklake-table-history", history.getParent());

		long before = Long.parseLong(touching.get(1)); // the first insert, before the commit by ada
		editor.openSnapshot(before);
		Workbench.spin(300);
		TableEditor old = (TableEditor) Workbench.page().getActiveEditor();
		assertEquals("orders @ " + before, old.getPartName());
		assertTrue(old.duckLakeFacts().fact("Snapshot").startsWith(before + " at "),
				old.duckLakeFacts().fact("Snapshot"));
		old.showPage(TableEditor.DATA);
		waitRows(old);
		assertEquals("SELECT * FROM \"lake\".\"main\".\"orders\" AT (VERSION => " + before + ") LIMIT 200",
				old.dataStatement());
		assertTrue(old.pages().dataState().startsWith("3 rows"), old.pages().dataState());
		assertEquals(List.of("1", "2", "3"), column(old.pages().data().table(), 0).stream().sorted().toList());
		Workbench.screenshot("ducklake-table-at-snapshot", old.pages().data().table().getParent());
	}
}
