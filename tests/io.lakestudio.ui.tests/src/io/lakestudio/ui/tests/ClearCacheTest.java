package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.ui.commands.ClearCacheHandler;
import io.lakestudio.ui.tree.CatalogTree;
import io.lakestudio.ui.tree.OneLakeView;

/** Clear Cached OneLake Data asks first: No keeps everything; Yes deletes catalog, mirror and cache only. */
class ClearCacheTest {

	@TempDir
	Path home;

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	@Test
	void asksThenDeletesCatalogMirrorAndCache() throws Exception {
		Lakes.small(home);
		Settings.load(home).set(Settings.KEEP_USED_TABLES_GB, 7L).save();
		Files.createDirectories(home.resolve("mirror/Sales/orders/_delta_log"));
		Files.writeString(home.resolve("mirror/Sales/orders/_delta_log/00000000000000000000.json"), "{}");
		Files.createDirectories(home.resolve("cache"));
		Files.write(home.resolve("cache/block-1"), new byte[1024]);
		Files.createDirectories(home.resolve("logs"));
		Files.writeString(home.resolve("logs/lakestudio.log"), "earlier line\n");
		Path catalog = Catalogs.catalogFile(home, "local");
		assertTrue(Files.exists(catalog));
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		assertEquals("local 2", view.viewer().getTree().getItem(0).getText());

		AtomicReference<String> asked = new AtomicReference<>();
		Commands.answerNextDialog("No", shell -> asked.set(shell.getText()));
		Commands.execute(ClearCacheHandler.ID);
		assertEquals(ClearCacheHandler.TITLE, asked.get(), "a question was asked");
		assertTrue(Files.exists(catalog) && Files.exists(home.resolve("mirror")) && Files.exists(home.resolve("cache")),
				"No deletes nothing");
		assertEquals("local 2", view.viewer().getTree().getItem(0).getText());

		Commands.answerNextDialog("Yes", shell -> {
			try {
				Workbench.screenshot("clear-cache-question", shell);
			} catch (Exception e) {
				throw new IllegalStateException(e);
			}
		});
		Commands.execute(ClearCacheHandler.ID);
		assertFalse(Files.exists(home.resolve("mirror")), "mirror/ deleted");
		assertFalse(Files.exists(home.resolve("cache")), "cache/ deleted");
		// the tree reopened the catalog at once, so the file exists again: new and empty
		try (ReadOnlyCatalog fresh = Catalogs.openReadOnly(catalog, "local")) {
			assertFalse(fresh.knowsAnything(), "the old catalog's rows are gone");
		}
		assertEquals(7.0, Settings.load(home).number(Settings.KEEP_USED_TABLES_GB, 0), "settings kept");
		assertTrue(Files.readString(home.resolve("logs/lakestudio.log")).contains("earlier line"), "logs kept");
		assertTrue(Files.readString(home.resolve("logs/lakestudio.log")).contains("cache cleared"), "clearing logged");
		// the tree let go of the old file and shows the (new, empty) catalog
		Workbench.waitUntil("the tree on an empty catalog", 5_000,
				() -> view.viewer().getTree().getItem(0).getText().contains(CatalogTree.NOTHING_SYNCED));
		Workbench.screenshot("clear-cache-after", view.viewer().getControl().getParent());
	}
}
