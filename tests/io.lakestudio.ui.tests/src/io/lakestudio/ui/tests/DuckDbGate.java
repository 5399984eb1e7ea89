package io.lakestudio.ui.tests;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps "no DuckDB after drawing the tree" meaningful whatever order the test classes run in: DuckDB cannot be
 * unloaded, so every test that uses the engine first calls {@link #beforeEngine()}, which runs the tree check
 * itself (on a large catalog of its own) when LargeCatalogTest has not run yet. LargeCatalogTest, finding the
 * engine already used, then checks only that this happened.
 */
final class DuckDbGate {

	static volatile boolean treeChecked;
	private static volatile boolean engineUsed;

	private DuckDbGate() {
	}

	static synchronized void beforeEngine() throws Exception {
		if (!treeChecked && !engineUsed) {
			System.out.println("UI-TEST: an engine test runs before LargeCatalogTest: running its check first");
			Path home = Files.createTempDirectory("large-catalog");
			LargeCatalogTest.write(home);
			LargeCatalogTest.drawAndAssertNoDuckDb(home);
			Workbench.closeView();
		}
		engineUsed = true;
	}

	static boolean engineUsed() {
		return engineUsed;
	}

	static boolean treeChecked() {
		return treeChecked;
	}
}
