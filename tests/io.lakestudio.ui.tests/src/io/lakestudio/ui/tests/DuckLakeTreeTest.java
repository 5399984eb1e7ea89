package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * The OneLake view shows the DuckLake catalogs kept in settings.json beside the account: a catalog written through
 * the engine with the SQL a user types, then read by the tree from its file (schemas, tables, views, columns,
 * snapshots with author and message); a moraine store also shows its checkpoints and census.
 */
class DuckLakeTreeTest {

	@TempDir
	static Path home;
	@TempDir
	static Path dir;
	static String checkpoint;
	static String url;

	@BeforeAll
	static void catalogs() throws Exception {
		DuckDbGate.beforeEngine();
		Workbench.useHome(home);
		url = DuckLakes.sqlite(home, dir);
		checkpoint = DuckLakes.moraine(home, dir);
	}

	@AfterAll
	static void closeEngine() {
		Engines.close();
	}

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	private static List<String> texts(TreeItem item) {
		return Arrays.stream(item.getItems()).map(TreeItem::getText).toList();
	}

	@Test
	void showsSchemasTablesViewsColumnsAndSnapshots() throws Exception {
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		List<String> roots = Arrays.stream(view.viewer().getTree().getItems()).map(TreeItem::getText).toList();
		assertTrue(roots.stream().anyMatch(r -> r.startsWith("lake 2 ducklake ducklake:sqlite:")), roots.toString());
		assertTrue(roots.stream().anyMatch(r -> r.startsWith("m 1 moraine ducklake:moraine:")), roots.toString());

		TreeItem lake = Workbench.expand(view, Workbench.path(view, "lake"));
		List<String> top = texts(lake);
		assertEquals(List.of("main 2", "sales 1"), top.subList(0, 2), top.toString());
		assertTrue(top.get(2).startsWith("Snapshots "), top.toString());
		TreeItem main = Workbench.expand(view, Workbench.path(view, "lake", "main"));
		assertEquals(List.of("orders", "big_orders view"), texts(main));
		TreeItem orders = Workbench.expand(view, Workbench.path(view, "lake", "main", "orders"));
		assertEquals(List.of("order_id : int32 not null", "region : varchar", "amount : decimal(18,2)"),
				texts(orders));
		assertEquals(List.of("customers"), texts(Workbench.expand(view, Workbench.path(view, "lake", "sales"))));

		List<String> expected = DuckLakes.run("ATTACH '" + url + "' AS lake (READ_ONLY)",
				"SELECT snapshot_id FROM ducklake_snapshots('lake') ORDER BY 1 DESC");
		TreeItem snapshots = Workbench.expand(view, Workbench.path(view, "lake", "Snapshots"));
		List<String> shown = texts(snapshots);
		assertEquals(expected.size(), shown.size(), "one node per snapshot the engine lists: " + shown);
		assertEquals("Snapshots " + expected.size(), snapshots.getText().substring(0,
				("Snapshots " + expected.size()).length()));
		String last = shown.get(0);
		assertTrue(last.startsWith(expected.get(0) + " "), last);
		assertTrue(last.contains("ada") && last.contains("\"one more order\"") && last.contains("inserted_into_table"),
				"the latest snapshot's author, message and changes: " + last);
		Workbench.screenshot("ducklake-tree", view.viewer().getControl().getParent());
	}

	@Test
	void showsAMoraineStoresCheckpointsAndCensus() throws Exception {
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		TreeItem m = Workbench.expand(view, Workbench.path(view, "m"));
		List<String> top = texts(m);
		assertEquals("main 1", top.get(0), top.toString());
		assertTrue(top.contains("Checkpoints 1") && top.contains("Store census"), top.toString());
		assertEquals(List.of("events"), texts(Workbench.expand(view, Workbench.path(view, "m", "main"))));
		List<String> cps = texts(Workbench.expand(view, Workbench.path(view, "m", "Checkpoints")));
		assertEquals(1, cps.size(), cps.toString());
		assertTrue(cps.get(0).startsWith(checkpoint + " created "), cps + " vs " + checkpoint);
		List<String> census = texts(Workbench.expand(view, Workbench.path(view, "m", "Store census")));
		assertTrue(census.size() > 1 && census.get(census.size() - 1).startsWith("(objects) manifest "),
				census.toString());
		Workbench.screenshot("moraine-tree", view.viewer().getControl().getParent());
	}
}
