package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;

import org.eclipse.jface.viewers.CellLabelProvider;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.CatalogWatcher;
import io.lakestudio.catalog.Listing;
import io.lakestudio.ui.tree.OneLakeView;

/** A listing that failed shows "refresh failed" on its node, its message and time in the tooltip, and old rows. */
class FailedRefreshTest {

	static final String MESSAGE = "403 Forbidden: the capacity of workspace Sales is paused (requestId 7f3a)";

	@TempDir
	Path home;

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	@Test
	void failedListingShowsItsMessageAndKeepsTheLastRows() throws Exception {
		Lakes.small(home);
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		TreeItem orders = Workbench.expand(view, Workbench.path(view, "local", "Sales", "Lakehouses", "Orders"));

		Thread writer = new Thread(() -> {
			try (Catalog c = Lakes.open(home)) {
				c.recordFailure(Listing.tables("Sales/Orders.Lakehouse"), MESSAGE, Instant.now());
			}
		}, "sync stand-in");
		writer.start();
		writer.join();
		Workbench.waitUntil("refresh failed on Orders", 2 * CatalogWatcher.DEFAULT_PERIOD.toMillis() + 1000,
				() -> orders.getText().endsWith("refresh failed"));

		assertEquals("Orders 3 refresh failed", orders.getText());
		assertEquals(5, orders.getItemCount(), "the last good rows are still shown");
		String tip = ((CellLabelProvider) view.viewer().getLabelProvider()).getToolTipText(orders.getData());
		assertTrue(tip.contains("Refresh failed at ") && tip.contains(MESSAGE), tip);
		assertTrue(tip.contains("Last read: "), tip);

		// hover the node so the screenshot shows the tooltip, as a user would see it
		Rectangle b = orders.getBounds();
		Point p = view.viewer().getTree().toDisplay(b.x + 10, b.y + b.height / 2);
		Workbench.display().setCursorLocation(p);
		Workbench.spin(1500);
		Workbench.screenshot("failed-refresh", view.viewer().getControl().getParent());
	}
}
