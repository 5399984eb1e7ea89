package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * The view on 5,000 tables (50 lakehouses × 100 tables × 20 columns): drawn fast, with no DuckDB loaded. The
 * system property {@value #TABLES} draws another count (spread over the same 50 lakehouses), so a benchmark run
 * measures the tree at 50,000 while the test command stays quick: {@code -Dlakestudio.largeCatalog.tables=50000}
 * on the Maven command line.
 */
class LargeCatalogTest {

	static final String TABLES = "lakestudio.largeCatalog.tables";
	/** A folder to keep the written catalog in and reuse on the next run (50,000 tables take minutes to write). */
	static final String HOME = "lakestudio.largeCatalog.home";

	@TempDir
	static Path temp;
	static Path home;

	@BeforeAll
	static void writeCatalog() throws java.io.IOException {
		String kept = System.getProperty(HOME);
		// the pom's empty default reaches the test JVM as the text "null" (Tycho's systemProperties)
		if (kept == null || kept.isBlank() || kept.equals("null")) {
			home = temp;
			write(home);
			return;
		}
		// one folder per count, marked once the whole catalog is written, so a run cut short writes it again
		home = Path.of(kept).toAbsolutePath().resolve(50 * tablesPerLakehouse() + "-tables");
		Path done = home.resolve("written");
		if (java.nio.file.Files.exists(done)) {
			System.out.println("UI-BENCH: reusing the catalog written in " + home);
			return;
		}
		java.nio.file.Files.createDirectories(home);
		write(home);
		java.nio.file.Files.createFile(done);
	}

	/** The tables a lakehouse holds: the property's count over 50 lakehouses, 100 each by default. */
	static int tablesPerLakehouse() {
		int tables = Integer.getInteger(TABLES, 5000);
		if (tables < 50 || tables % 50 != 0) {
			throw new IllegalArgumentException(TABLES + " is a multiple of 50 (50 lakehouses), not " + tables);
		}
		return tables / 50;
	}

	/** Writes the large catalog: 5 workspaces of 10 lakehouses, {@link #tablesPerLakehouse} tables of 20 columns. */
	static void write(Path home) {
		long t0 = System.nanoTime();
		int each = tablesPerLakehouse();
		Lakes.large(home, 5, 10, each, 20);
		System.out.println("UI-BENCH: wrote 5 workspaces, 50 lakehouses, " + 50 * each + " tables, " + 50 * each * 20
				+ " columns in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
	}

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	@Test
	void opensOnALargeCatalogWithNoDuckDbLoaded() throws Exception {
		if (DuckDbGate.engineUsed()) {
			// an engine test ran first and, before DuckDB loaded, ran this same check on a catalog of its own
			assertTrue(DuckDbGate.treeChecked(), "the no-DuckDB check ran before the engine's first use");
			System.out.println("UI-TEST: the no-DuckDB check ran before the first engine test; not repeated");
			return;
		}
		drawAndAssertNoDuckDb(home);
	}

	/** Draws the tree on a large catalog in {@code home} and asserts no DuckDB class or library is loaded. */
	static void drawAndAssertNoDuckDb(Path home) throws Exception {
		// a kept DuckLake catalog beside the account: the tree reads it from its file with sqlite-jdbc alone
		String url = "ducklake:sqlite:" + home.resolve("kept.sqlite");
		io.lakestudio.ducklake.DuckLakeCatalog.open(url, io.lakestudio.ducklake.AttachOptions.defaults()).close();
		DuckLakes.keep(home, new io.lakestudio.engine.DuckLakeAttachments.Attachment("kept", url, null, false));
		Workbench.useHome(home);
		long t0 = System.nanoTime();
		OneLakeView view = Workbench.openViewInPlace();
		Workbench.waitUntil("the tree's first paint", 10_000, () -> view.drawnMillis() >= 0);
		long showToDrawn = (System.nanoTime() - t0) / 1_000_000;
		System.out.println("UI-BENCH: view created -> drawn tree: " + view.drawnMillis() + " ms, of which the view's"
				+ " own creation " + view.createMillis() + " ms and the workbench's layout and paint the rest"
				+ " (showView call -> drawn: " + showToDrawn + " ms) on " + 50 * tablesPerLakehouse() + " tables");
		Workbench.maximize(view); // for the screenshot, after the figure

		Tree tree = view.viewer().getTree();
		assertEquals(2, tree.getItemCount());
		assertEquals("kept 0 ducklake " + url, tree.getItem(1).getText());
		TreeItem kept = Workbench.expand(view, tree.getItem(1));
		assertEquals("main 0", kept.getItem(0).getText());
		assertTrue(kept.getItem(1).getText().startsWith("Snapshots 1 latest 0 at "), kept.getItem(1).getText());
		TreeItem account = tree.getItem(0);
		assertEquals("local 5", account.getText());
		assertTrue(account.getExpanded(), "account opens expanded");
		assertEquals(5, account.getItemCount());
		assertEquals("Workspace 00 10", account.getItem(0).getText());

		TreeItem kind = Workbench.path(view, "local", "Workspace 00", "Lakehouses");
		assertEquals("Lakehouses 10", kind.getText());
		TreeItem lake = Workbench.path(view, "local", "Workspace 00", "Lakehouses", "lake_00");
		int each = tablesPerLakehouse();
		assertEquals("lake_00 " + each, lake.getText());
		long t1 = System.nanoTime();
		Workbench.expand(view, lake);
		tree.update();
		System.out.println("UI-BENCH: expanding a lakehouse of " + each + " tables: "
				+ (System.nanoTime() - t1) / 1_000_000 + " ms");
		assertEquals(each, lake.getItemCount());
		TreeItem table = Workbench.child(tree, lake, "table_000");
		assertTrue(table.getText().startsWith("table_000 v1"), table.getText());
		Workbench.expand(view, table);
		assertEquals(20, table.getItemCount());
		assertEquals("id : long", table.getItem(0).getText());

		Workbench.screenshot("large-catalog", view.viewer().getControl().getParent());
		assertFalse(Engines.made(), "nothing on the way to the tree made the engine");
		NoDuckDb.assertNotLoaded();
		DuckDbGate.treeChecked = true;

		// the first opening above pays for class loading and SQLite's native library; a second is what a user
		// sees each time the workbench starts with the plugin already warm in the OS cache
		OneLakeView again = Workbench.openViewInPlace();
		Workbench.waitUntil("the tree's first paint", 10_000, () -> again.drawnMillis() >= 0);
		System.out.println("UI-BENCH: second opening, view created -> drawn tree: " + again.drawnMillis()
				+ " ms, of which the view's own creation " + again.createMillis() + " ms");
	}
}
