package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.ui.ducklake.AttachDuckLakeDialog;
import io.lakestudio.ui.tree.OneLakeView;
import io.lakestudio.ui.tree.TreeActions;

/**
 * "Attach DuckLake…" keeps a catalog in settings.json as {@code lakestudio ducklake attach} does (asserted through
 * DuckLakeAttachments.of, what {@code ducklake list} prints); a file that isn't DuckLake is refused in the dialog
 * and nothing is kept; Detach forgets it. No engine: a new SQLite file becomes a new, empty catalog.
 */
class DuckLakeAttachTest {

	@TempDir
	Path home;
	@TempDir
	Path dir;

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	private static List<String> roots(OneLakeView view) {
		return Arrays.stream(view.viewer().getTree().getItems()).map(TreeItem::getText).toList();
	}

	@Test
	void attachKeepsWhatTheCliListsAndDetachForgetsIt() throws Exception {
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		assertTrue(view.actions().action(TreeActions.ATTACH_DUCKLAKE).isEnabled());

		Path notDuckLake = dir.resolve("notes.sqlite");
		Files.writeString(notDuckLake, "not a database");
		AttachDuckLakeDialog bad = view.actions().attachDialog(false);
		bad.fill("notes", "ducklake:sqlite:" + notDuckLake, "", false);
		bad.pressOk();
		assertNotNull(bad.error(), "a file that isn't DuckLake is refused");
		assertTrue(bad.error().contains(notDuckLake.toString()), bad.error());
		Workbench.screenshot("ducklake-attach-refused", bad.getShell());
		bad.close();
		assertEquals(List.of(), DuckLakeAttachments.of(Settings.load(home)), "nothing kept");
		assertEquals("not a database", Files.readString(notDuckLake), "the file is left as it was");

		Path file = dir.resolve("fresh.sqlite");
		AttachDuckLakeDialog ro = view.actions().attachDialog(false);
		ro.fill("fresh", "ducklake:sqlite:" + file, "", true);
		ro.pressOk();
		assertTrue(String.valueOf(ro.error()).contains("read-only"), "no catalog to attach read-only: " + ro.error());
		ro.close();
		assertEquals(List.of(), DuckLakeAttachments.of(Settings.load(home)), "nothing kept");

		AttachDuckLakeDialog d = view.actions().attachDialog(false);
		d.fill("fresh", "ducklake:sqlite:" + file, dir.resolve("fresh-data").toString(), false);
		Workbench.screenshot("ducklake-attach-dialog", d.getShell());
		d.pressOk();
		assertEquals(null, d.error());
		List<DuckLakeAttachments.Attachment> kept = DuckLakeAttachments.of(Settings.load(home));
		assertEquals(List.of(new DuckLakeAttachments.Attachment("fresh", "ducklake:sqlite:" + file,
				dir.resolve("fresh-data").toString(), false)), kept, "what 'lakestudio ducklake list' reads");
		assertTrue(Files.size(file) > 0, "a new file became a new catalog");
		Workbench.spin(100);
		assertTrue(roots(view).stream().anyMatch(r -> r.equals("fresh 0 ducklake ducklake:sqlite:" + file)),
				roots(view).toString());

		TreeItem fresh = Workbench.path(view, "fresh");
		view.viewer().setSelection(new StructuredSelection(fresh.getData()));
		view.actions().fill(new org.eclipse.jface.action.MenuManager());
		assertTrue(view.actions().action(TreeActions.DETACH_DUCKLAKE).isEnabled());
		view.actions().action(TreeActions.DETACH_DUCKLAKE).run();
		Workbench.spin(100);
		assertEquals(List.of(), DuckLakeAttachments.of(Settings.load(home)));
		assertFalse(roots(view).stream().anyMatch(r -> r.startsWith("fresh")), roots(view).toString());
		assertTrue(Files.exists(file), "Detach leaves the catalog file");
	}
}
