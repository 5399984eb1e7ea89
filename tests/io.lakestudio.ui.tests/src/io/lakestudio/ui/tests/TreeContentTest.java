package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jface.viewers.CellLabelProvider;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ui.tree.OneLakeView;

/** What the tree shows for a small tenant: kinds, schemas, columns, Files, dropped rows, tooltips. */
class TreeContentTest {

	@TempDir
	Path home;

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	private static List<String> texts(TreeItem item) {
		return Arrays.stream(item.getItems()).map(TreeItem::getText).toList();
	}

	@Test
	void showsKindsSchemasColumnsFilesAndDroppedTables() throws Exception {
		Lakes.small(home);
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);

		TreeItem sales = Workbench.expand(view, Workbench.path(view, "local", "Sales"));
		assertEquals(List.of("Lakehouses 1", "Warehouses 1", "Semantic models 1"), texts(sales));
		TreeItem orders = Workbench.expand(view, Workbench.path(view, "local", "Sales", "Lakehouses", "Orders"));
		assertEquals(List.of("customers", "legacy dropped", "order_lines", "orders v3 \u00b7 4.0 KB", "Files"),
				texts(orders));
		TreeItem ordersTable = Workbench.expand(view, Workbench.child(view.viewer().getTree(), orders, "orders"));
		assertEquals(List.of("order_id : long", "customer_id : long", "order_date : date (partition)"),
				texts(ordersTable));
		TreeItem files = Workbench.expand(view, Workbench.child(view.viewer().getTree(), orders, "Files"));
		assertEquals(List.of("raw", "readme.txt 2.0 KB"), texts(files));
		TreeItem reporting = Workbench.expand(view,
				Workbench.path(view, "local", "Sales", "Warehouses", "Reporting"));
		assertEquals("Reporting 1 (Warehouse)", reporting.getText());
		TreeItem dbo = Workbench.expand(view, Workbench.child(view.viewer().getTree(), reporting, "dbo"));
		assertEquals(List.of("daily_sales"), texts(dbo));
		TreeItem revenue = Workbench.path(view, "local", "Sales", "Semantic models", "Revenue");
		assertEquals("Revenue (SemanticModel)", revenue.getText());
		assertEquals(0, revenue.getItemCount(), "a semantic model is a leaf");

		CellLabelProvider labels = (CellLabelProvider) view.viewer().getLabelProvider();
		for (TreeItem i : List.of(sales, orders, ordersTable, files, dbo, revenue)) {
			String tip = labels.getToolTipText(i.getData());
			assertTrue(tip.contains("Last read: "), "every tooltip says when it was read: " + tip);
		}
		assertTrue(labels.getToolTipText(Workbench.child(view.viewer().getTree(), orders, "legacy").getData())
				.contains("Dropped"));
		Workbench.screenshot("tree-content", view.viewer().getControl().getParent());
	}
}
