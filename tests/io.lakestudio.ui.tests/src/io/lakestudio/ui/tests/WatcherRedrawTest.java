package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.CatalogWatcher;
import io.lakestudio.catalog.Settings;
import io.lakestudio.ui.tree.LakeNode;
import io.lakestudio.ui.tree.OneLakeView;

/** Another process writes the catalog: only the changed node redraws, in time, keeping expansion and selection. */
class WatcherRedrawTest {

	private static final long PERIOD_MS = CatalogWatcher.DEFAULT_PERIOD.toMillis();

	@TempDir
	Path home;

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	@Test
	void tableAddedByAnotherProcessAppearsUnderItsItemOnly() throws Exception {
		Lakes.small(home);
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		Tree tree = view.viewer().getTree();
		TreeItem orders = Workbench.expand(view, Workbench.path(view, "local", "Sales", "Lakehouses", "Orders"));
		TreeItem ledger = Workbench.expand(view, Workbench.path(view, "local", "Finance", "Lakehouses", "Ledger"));
		Object customers = Workbench.child(tree, orders, "customers").getData();
		view.viewer().setSelection(new StructuredSelection(customers));
		assertEquals("Orders 3", orders.getText());
		List<List<LakeNode>> redraws = new CopyOnWriteArrayList<>();
		view.refresher().addListener(redraws::add);

		OtherProcess.addTables(view.tree().file(), Settings.load(home).account(), "Sales/Orders.Lakehouse", "returns");
		long seen = Workbench.waitUntil("the new table in the tree", 2 * PERIOD_MS + 1000,
				() -> Workbench.child(tree, orders, "returns") != null);
		System.out.println("UI-TEST: another process's table drawn " + seen + " ms after the write (period "
				+ PERIOD_MS + " ms)");
		assertTrue(seen <= PERIOD_MS + 1000, "redrawn within the watcher's period, took " + seen + " ms");

		assertEquals("Orders 4", orders.getText(), "the item's own label (its count) is redrawn too");
		assertTrue(orders.getExpanded(), "Orders stays expanded");
		assertTrue(ledger.getExpanded(), "Ledger stays expanded");
		assertTrue(Workbench.path(view, "local", "Sales").getExpanded(), "Sales stays expanded");
		assertEquals(customers, ((IStructuredSelection) view.viewer().getSelection()).getFirstElement(),
				"selection kept");
		assertEquals(1, redraws.size(), "one redraw");
		assertEquals(List.of("Sales/Orders.Lakehouse"), redraws.get(0).stream().map(LakeNode::key).toList(),
				"only the item whose listing changed was refreshed");
		Workbench.screenshot("watcher-redraw", view.viewer().getControl().getParent());
	}

	@Test
	void firstRunShowsNothingSyncedThenFillsIn() throws Exception {
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		Tree tree = view.viewer().getTree();
		assertEquals(1, tree.getItemCount());
		assertTrue(tree.getItem(0).getText().startsWith("Nothing synced yet"), tree.getItem(0).getText());
		Workbench.screenshot("first-run", view.viewer().getControl().getParent());

		Thread writer = new Thread(() -> Lakes.small(home), "another catalog handle");
		writer.start();
		writer.join();
		Workbench.waitUntil("the account node", 2 * PERIOD_MS + 1000,
				() -> tree.getItemCount() == 1 && tree.getItem(0).getText().equals("local 2"));
		assertEquals(2, tree.getItem(0).getItemCount());
	}
}
