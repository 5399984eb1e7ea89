package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ui.lake.LakeSource;
import io.lakestudio.ui.tree.OneLakeView;
import io.lakestudio.ui.tree.TreeActions;

/** The filter box answers from the catalog's find; the menu copies names and SELECTs; Refresh is honest. */
class FilterAndMenuTest {

	@TempDir
	Path home;

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	private static String clipboard() {
		Clipboard c = new Clipboard(Workbench.display());
		try {
			return (String) c.getContents(TextTransfer.getInstance());
		} finally {
			c.dispose();
		}
	}

	@Test
	void filterShowsMatchesAndClearingRestoresTheTree() throws Exception {
		Lakes.small(home);
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		TreeItem orders = Workbench.expand(view, Workbench.path(view, "local", "Sales", "Lakehouses", "Orders"));
		Object ordersNode = orders.getData();

		view.filter().control().setText("order");
		view.filter().apply();
		Tree tree = view.viewer().getTree();
		List<String> hits = Arrays.stream(tree.getItems()).map(TreeItem::getText).toList();
		assertEquals("Sales/Orders 3 item", hits.get(0), hits.toString());
		assertTrue(hits.contains("Sales/Orders/orders v3 \u00b7 4.0 KB table"), hits.toString());
		assertTrue(hits.contains("Sales/Orders/orders.order_id column"), hits.toString());
		Workbench.screenshot("filter", view.viewer().getControl().getParent());

		TreeItem table = Workbench.child(tree, null, "Sales/Orders/orders v3");
		view.viewer().setSelection(new StructuredSelection(table.getData()));
		view.actions().fill(new MenuManager());
		IAction copySelect = view.actions().action(TreeActions.COPY_SELECT);
		assertTrue(copySelect.isEnabled());
		copySelect.run();
		assertEquals("SELECT * FROM \"Sales/Orders\".\"orders\" LIMIT 100", clipboard());
		view.actions().action(TreeActions.COPY_NAME).run();
		assertEquals("orders", clipboard());

		view.filter().control().setText("");
		view.filter().apply();
		assertEquals("local 2", tree.getItem(0).getText());
		assertTrue(view.viewer().getExpandedState(ordersNode), "expansion restored after clearing the filter");
	}

	@Test
	void refreshIsDisabledAndSaysWhy() throws Exception {
		Lakes.small(home);
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		TreeItem revenue = Workbench.path(view, "local", "Sales", "Semantic models", "Revenue");
		view.viewer().setSelection(new StructuredSelection(revenue.getData()));
		MenuManager menu = new MenuManager();
		view.actions().fill(menu);
		assertNotNull(menu.find(TreeActions.REFRESH));
		IAction refresh = view.actions().action(TreeActions.REFRESH);
		assertFalse(refresh.isEnabled(), "no lake folder: Refresh is not offered as if it worked");
		assertEquals(LakeSource.NO_LAKE, refresh.getToolTipText());
		assertFalse(view.actions().action(TreeActions.OPEN).isEnabled(), "only a table opens");
		assertFalse(view.actions().action(TreeActions.COPY_SELECT).isEnabled(), "no SELECT of a semantic model");
	}
}
