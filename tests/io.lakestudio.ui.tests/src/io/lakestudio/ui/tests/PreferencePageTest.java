package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Settings;
import io.lakestudio.ui.prefs.LakestudioPreferencePage;

/** The preference page writes settings.json in the state folder, keeping keys it doesn't edit. */
class PreferencePageTest {

	@TempDir
	Path home;

	@Test
	void storesTheSettingsWhereTheCommandLineReadsThem() throws Exception {
		Settings.load(home).set(Settings.ACCOUNT, "me@contoso.com").save();
		Shell shell = new Shell(PlatformUI.getWorkbench().getDisplay());
		try {
			LakestudioPreferencePage page = new LakestudioPreferencePage(home);
			page.init(PlatformUI.getWorkbench());
			page.createControl(shell);
			page.setValue(Settings.KEEP_USED_TABLES_GB, "12");
			page.setValue(Settings.DISK_CACHE_MAX_GB, "40.5");
			page.setValue(Settings.CATALOG_TTL_MINUTES, "30");
			page.setValue(Settings.TENANT, "contoso.onmicrosoft.com");
			page.setValue(Settings.LAKE_FOLDER, "/data/lake");
			assertTrue(page.isValid());
			assertTrue(page.performOk());

			Settings s = Settings.load(home);
			assertEquals(12, s.number(Settings.KEEP_USED_TABLES_GB, -1));
			assertEquals(40.5, s.number(Settings.DISK_CACHE_MAX_GB, -1));
			assertEquals(30, s.number(Settings.CATALOG_TTL_MINUTES, -1));
			assertEquals("contoso.onmicrosoft.com", s.string(Settings.TENANT, null));
			assertEquals("/data/lake", s.string(Settings.LAKE_FOLDER, null));
			assertEquals("me@contoso.com", s.account(), "keys the page doesn't edit are kept");
			assertTrue(Files.readString(Settings.file(home)).contains("\"keepUsedTablesGB\" : 12"));

			page.setValue(Settings.KEEP_USED_TABLES_GB, "lots");
			assertFalse(page.isValid(), "a number field refuses text");
			assertFalse(page.performOk());
			page.setValue(Settings.KEEP_USED_TABLES_GB, "");
			assertTrue(page.performOk());
			assertEquals(-1, Settings.load(home).number(Settings.KEEP_USED_TABLES_GB, -1), "empty removes the key");
		} finally {
			shell.dispose();
		}
	}
}
