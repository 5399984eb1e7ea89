package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.Layout;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.store.FolderStore;
import io.lakestudio.ui.ducklake.FdlCompareEditor;
import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.tree.OneLakeView;
import io.lakestudio.ui.tree.TreeActions;

/**
 * Two versions of an FDL repository compared in the workbench: selected in the tree's version log, "Compare
 * Versions" opens a table of what changed from the older to the newer (a table added, a column added, rows
 * inserted and deleted), each row checked against plain SQLite's reading of the two frozen catalogs in the
 * repository; one version alone compares with its parent; a version by an untrusted key is refused, saying so.
 */
class FdlCompareTest {

	@TempDir
	static Path home;
	@TempDir
	static Path dir;
	static Path folder;
	static String v1;
	static String v2;
	static String v3;

	@BeforeAll
	static void repository() throws Exception {
		FdlRepos r = FdlRepos.create(home, dir);
		folder = r.folder;
		v1 = r.commit(r.me, "ada", "main", "orders and customers");
		DuckLakes.run("ATTACH '" + r.url + "' AS lake",
				"CREATE TABLE lake.returns (order_id INTEGER, reason VARCHAR)",
				"INSERT INTO lake.returns VALUES (2, 'damaged'), (3, 'late')",
				"ALTER TABLE lake.orders ADD COLUMN note VARCHAR",
				"INSERT INTO lake.orders VALUES (5, 'west', 1.00, 'first with a note')",
				"INSERT INTO lake.sales.customers VALUES (3, 'Linus')",
				"DELETE FROM lake.sales.customers WHERE id = 1",
				"SELECT 1");
		v2 = r.commit(r.me, "grace", "main", "returns, notes, Linus");
		DuckLakes.run("ATTACH '" + r.url + "' AS lake", "DELETE FROM lake.returns", "SELECT 1");
		v3 = r.commit(Signing.generate(), "eve", "eve", "from a stranger");
		r.keep(home);
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

	private static FrozenCatalog frozen(String id) throws Exception {
		Repository repo = new Repository(new FolderStore(folder), folder + "/");
		return new FrozenCatalog(folder.resolve(Layout.catalog(repo.record(id, null).catalogSha256())));
	}

	/** Selects the versions given (by ID) in the tree's version log and runs the compare action. */
	private static FdlCompareEditor compare(OneLakeView view, String expectedLabel, String... ids) {
		TreeItem log = Workbench.expand(view, Workbench.path(view, "repo", "Versions"));
		List<Object> picked = new ArrayList<>();
		for (String id : ids) {
			picked.add(Workbench.child(view.viewer().getTree(), log, id.substring(0, 12)).getData());
		}
		view.viewer().setSelection(new StructuredSelection(picked));
		view.actions().fill(new MenuManager());
		IAction compare = view.actions().action(TreeActions.COMPARE_VERSIONS);
		assertTrue(compare.isEnabled(), "compare enabled for " + picked);
		assertEquals(expectedLabel, compare.getText());
		compare.run();
		Workbench.spin(100);
		FdlCompareEditor editor = (FdlCompareEditor) Workbench.page().getActiveEditor();
		Workbench.page().setPartState(Workbench.page().getReference(editor), IWorkbenchPage.STATE_MAXIMIZED);
		Workbench.waitUntil("the comparison", 60_000, () -> !editor.state().equals(FdlCompareEditor.READING)
				&& !editor.state().startsWith("Both versions") && !editor.state().startsWith("Comparing"));
		return editor;
	}

	private static Map<String, List<String>> rows(Table t) {
		Map<String, List<String>> out = new TreeMap<>();
		for (TableItem i : t.getItems()) {
			List<String> cells = new ArrayList<>();
			for (int c = 1; c < t.getColumnCount(); c++) {
				cells.add(i.getText(c));
			}
			out.put(i.getText(0), cells);
		}
		return out;
	}

	@Test
	void twoVersionsComparedAsTheirFrozenCatalogsSay() throws Exception {
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		FdlCompareEditor editor = compare(view, "Compare Versions", v2, v1);
		assertTrue(editor.state().startsWith("3 tables, 3 changed from A to B"), editor.state());

		Table header = editor.versions();
		assertEquals(List.of("A", v1, "ada"), Arrays.asList(header.getItem(0).getText(0), header.getItem(0).getText(1),
				header.getItem(0).getText(2)), "the older version is A");
		assertEquals(List.of("B", v2, "grace", "returns, notes, Linus"), Arrays.asList(header.getItem(1).getText(0),
				header.getItem(1).getText(1), header.getItem(1).getText(2), header.getItem(1).getText(4)));
		assertTrue(header.getItem(1).getText(3).matches("\\d{4}-\\d\\d-\\d\\dT.*"), header.getItem(1).getText(3));

		FrozenCatalog a = frozen(v1);
		FrozenCatalog b = frozen(v2);
		Map<String, List<String>> shown = rows(editor.tables());
		TreeSet<String> all = new TreeSet<>(a.tables.keySet());
		all.addAll(b.tables.keySet());
		assertEquals(all, shown.keySet(), "every table of either version, by schema.table");
		assertEquals(List.of("main.orders", "main.returns", "sales.customers"), List.copyOf(all));
		for (String t : all) {
			List<String> row = shown.get(t);
			FrozenCatalog.Table ta = a.tables.get(t);
			FrozenCatalog.Table tb = b.tables.get(t);
			if (ta == null) {
				assertEquals(List.of("added", "+" + tb.rows(), "-0", ""), row, t);
				continue;
			}
			long[] ar = FrozenCatalog.addedRemoved(ta, tb);
			assertEquals("+" + ar[0], row.get(1), t + " rows added");
			assertEquals("-" + ar[1], row.get(2), t + " rows removed");
			List<String> added = new ArrayList<>(tb.columns());
			added.removeAll(ta.columns());
			List<String> shownAdded = Arrays.stream(row.get(3).split(", ")).filter(c -> c.startsWith("+"))
					.map(c -> c.substring(1, c.indexOf(' '))).toList();
			assertEquals(added, shownAdded, t + " columns added");
			assertEquals(added.isEmpty() ? "rows changed" : "schema changed", row.get(0), t);
		}
		// what the test did, beside what the catalogs say
		assertEquals(List.of("added", "+2", "-0", ""), shown.get("main.returns"));
		assertEquals(List.of("schema changed", "+1", "-0", "+note VARCHAR"), shown.get("main.orders"));
		assertEquals(List.of("rows changed", "+1", "-1", ""), shown.get("sales.customers"));
		Path shot = Workbench.screenshot("fdl-compare", editor.tables().getParent());
		assertTrue(Files.size(shot) > 0);

		FdlCompareEditor parent = compare(view, "Compare with Parent", v2);
		assertEquals(v1, parent.versions().getItem(0).getText(1), "v2's parent is A");
		assertEquals(shown, rows(parent.tables()));
	}

	@Test
	void aVersionThatDoesNotVerifyIsNamed() throws Exception {
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		FdlCompareEditor editor = compare(view, "Compare with Parent", v3);
		assertTrue(editor.state().startsWith("Cannot compare: Version " + v3.substring(0, 12) + " does not verify: ")
				&& editor.state().contains("not trusted"), editor.state());
		assertEquals(0, editor.tables().getItemCount());
		assertEquals(0, editor.versions().getItemCount());
		Workbench.screenshot("fdl-compare-untrusted", editor.tables().getParent());
	}
}
