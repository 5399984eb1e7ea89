package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;

import org.eclipse.jface.viewers.CellLabelProvider;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.CatalogWatcher;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.WarmState;
import io.lakestudio.ui.prefs.LakestudioPreferencePage;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * Tables in use carry their state in the tree: a check when the warm read is complete at the snapshot the catalog
 * holds, "in use" while it isn't (a new version starts it over), "over keepUsedTablesGB" when too big to keep, and
 * the account says when the workbench works offline. Written by another catalog handle, redrawn by the watcher.
 */
class TableStatesTest {

	/** Generous: how fast the watcher redraws is WatcherRedrawTest's business; this test checks what it shows. */
	private static final long REDRAWN_MS = 5 * CatalogWatcher.DEFAULT_PERIOD.toMillis();

	@TempDir
	Path home;

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	@Test
	void tablesInUseShowHowFarTheirWarmReadGot() throws Exception {
		Lakes.small(home);
		String orders = "Sales/Orders.Lakehouse//orders";
		String customers = "Sales/Orders.Lakehouse//customers";
		String entries = "Finance/Ledger.Lakehouse//entries";
		try (Catalog c = Lakes.open(home)) {
			for (int i = 0; i < 3; i++) {
				c.recordUse(orders, "tab", Instant.now().minusSeconds(600 + i));
				c.recordUse(customers, "cli", Instant.now().minusSeconds(600 + i));
				c.recordUse(entries, "cli", Instant.now().minusSeconds(600 + i));
			}
			c.recordUse("Sales/Orders.Lakehouse//order_lines", "cli", Instant.now()); // once: not in use
			c.putWarmState(new WarmState(orders, 3, 3, true, false, Instant.now().minusSeconds(60)));
			c.putWarmState(new WarmState(customers, 1, 0, false, false, Instant.now().minusSeconds(60)));
			c.putWarmState(new WarmState(entries, 1, 0, false, true, Instant.now().minusSeconds(60)));
		}
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		Tree tree = view.viewer().getTree();
		TreeItem ordersItem = Workbench.expand(view, Workbench.path(view, "local", "Sales", "Lakehouses", "Orders"));
		TreeItem ledger = Workbench.expand(view, Workbench.path(view, "local", "Finance", "Lakehouses", "Ledger"));
		TreeItem ordersTable = Workbench.child(tree, ordersItem, "orders");
		TreeItem customersTable = Workbench.child(tree, ordersItem, "customers");
		TreeItem lines = Workbench.child(tree, ordersItem, "order_lines");
		TreeItem entriesTable = Workbench.child(tree, ledger, "entries");

		assertTrue(ordersTable.getText().endsWith("\u2713 in use"), ordersTable.getText());
		assertTrue(tip(view, ordersTable).contains("In use: complete at snapshot 3"), tip(view, ordersTable));
		assertTrue(customersTable.getText().endsWith(" in use") && !customersTable.getText().contains("\u2713"),
				customersTable.getText());
		assertEquals("order_lines", lines.getText(), "read once: not in use, no mark");
		assertTrue(entriesTable.getText().endsWith(" over keepUsedTablesGB"), entriesTable.getText());
		assertTrue(tip(view, entriesTable).contains("Over keepUsedTablesGB"), tip(view, entriesTable));
		assertNotSame(lines.getImage(), ordersTable.getImage(), "the check is on the icon too");
		assertNotSame(ordersTable.getImage(), customersTable.getImage());
		Workbench.screenshot("tables-in-use", view.viewer().getControl().getParent());

		// a new version of orders: complete at 3 no longer holds, until the warm read reaches 4
		try (Catalog c = Lakes.open(home)) {
			LakeTable t = c.table(orders).orElseThrow();
			c.putTableMetadata(orders, new TableMetadata(LakeTable.DELTA, 4, Instant.now(), c.columns(orders),
					t.partitionColumns(), 8192, 3, 150L), Instant.now());
		}
		try {
			Workbench.waitUntil("orders at v4 shows in use without the check", REDRAWN_MS,
					() -> ordersTable.getText().contains("v4") && !ordersTable.getText().contains("\u2713"));
		} catch (AssertionError e) {
			throw new AssertionError(e.getMessage() + "; shown: '" + ordersTable.getText() + "', data "
					+ ordersTable.getData() + ", catalog " + view.tree().catalog().table(orders), e);
		}
		try (Catalog c = Lakes.open(home)) {
			c.putWarmState(new WarmState(orders, 4, 3, true, false, Instant.now()));
		}
		Workbench.waitUntil("complete at snapshot 4: the check is back", REDRAWN_MS,
				() -> ordersTable.getText().endsWith("\u2713 in use"));
		assertTrue(ordersItem.getExpanded(), "expansion kept through the redraws");
	}

	@Test
	void offlineSettingMarksTheAccount() throws Exception {
		Lakes.small(home);
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		TreeItem account = view.viewer().getTree().getItem(0);
		assertEquals("local 2", account.getText());
		var online = account.getImage();

		Shell shell = new Shell(PlatformUI.getWorkbench().getDisplay());
		try {
			LakestudioPreferencePage page = new LakestudioPreferencePage(home);
			page.init(PlatformUI.getWorkbench());
			page.createControl(shell);
			page.setValue(Settings.OFFLINE, "true");
			assertTrue(page.performOk());
		} finally {
			shell.dispose();
		}
		assertTrue(Settings.load(home).flag(Settings.OFFLINE), "stored where the command line reads it");
		assertEquals("local 2 offline", account.getText());
		assertTrue(tip(view, account).contains("Offline (setting)"), tip(view, account));
		assertNotSame(online, account.getImage());
		Workbench.screenshot("offline-account", view.viewer().getControl().getParent());

		shell = new Shell(PlatformUI.getWorkbench().getDisplay());
		try {
			LakestudioPreferencePage page = new LakestudioPreferencePage(home);
			page.init(PlatformUI.getWorkbench());
			page.createControl(shell);
			page.setValue(Settings.OFFLINE, "false");
			assertTrue(page.performOk());
		} finally {
			shell.dispose();
		}
		assertEquals("local 2", account.getText());
		assertSame(online, account.getImage());
	}

	private static String tip(OneLakeView view, TreeItem item) {
		return ((CellLabelProvider) view.viewer().getLabelProvider()).getToolTipText(item.getData());
	}
}
