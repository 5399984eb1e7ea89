package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

import io.lakestudio.ui.tree.OneLakeView;

/** Driving the real workbench from a test on the UI thread: open the view, spin, find items, screenshots. */
final class Workbench {

	private Workbench() {
	}

	static Display display() {
		return PlatformUI.getWorkbench().getDisplay();
	}

	/** The workbench window's shell (the display's active shell may be none under Xvfb). */
	static Shell shell() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
	}

	static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}

	/** Points the view at a state folder: Catalogs.home() reads the property when LAKESTUDIO_HOME is unset. */
	static void useHome(Path home) {
		assertNull(System.getenv("LAKESTUDIO_HOME"), "LAKESTUDIO_HOME would override the test's state folder");
		System.setProperty("lakestudio.home", home.toString());
	}

	/** Opens the OneLake view fresh, maximized in a screen-sized window (Xvfb has no window manager). */
	static OneLakeView openView() throws PartInitException {
		OneLakeView view = openViewInPlace();
		maximize(view);
		return view;
	}

	/**
	 * Opens the OneLake view fresh where the perspective puts it, in a screen-sized window: as a user opens it, with
	 * no maximizing (which re-lays the whole window out) between its creation and its first paint.
	 */
	static OneLakeView openViewInPlace() throws PartInitException {
		closeView();
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		shell.setBounds(display().getPrimaryMonitor().getBounds());
		return (OneLakeView) page().showView(OneLakeView.ID);
	}

	static void maximize(OneLakeView view) {
		page().setPartState(page().getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
	}

	static void closeView() {
		var ref = page().findViewReference(OneLakeView.ID);
		if (ref != null) {
			page().hideView(ref);
		}
		spin(50);
	}

	static void spin(long millis) {
		Display d = display();
		long end = System.currentTimeMillis() + millis;
		while (System.currentTimeMillis() < end) {
			if (!d.readAndDispatch()) {
				sleep(10);
			}
		}
		while (d.readAndDispatch()) {
			// drain
		}
	}

	/** Spins until the condition holds; returns the milliseconds it took, or fails after the timeout. */
	static long waitUntil(String what, long timeoutMillis, BooleanSupplier condition) {
		Display d = display();
		long start = System.nanoTime();
		long end = start + timeoutMillis * 1_000_000;
		while (System.nanoTime() < end) {
			if (condition.getAsBoolean()) {
				return (System.nanoTime() - start) / 1_000_000;
			}
			if (!d.readAndDispatch()) {
				sleep(10);
			}
		}
		if (condition.getAsBoolean()) {
			return (System.nanoTime() - start) / 1_000_000;
		}
		fail("Timed out after " + timeoutMillis + " ms waiting for " + what);
		return -1;
	}

	private static void sleep(long ms) {
		try {
			Thread.sleep(ms);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}

	/** The item whose text starts with {@code prefix} under a parent item (null: the tree's roots). */
	static TreeItem child(Tree tree, TreeItem parent, String prefix) {
		TreeItem[] items = parent == null ? tree.getItems() : parent.getItems();
		for (TreeItem i : items) {
			if (i.getData() != null && i.getText().startsWith(prefix)) {
				return i;
			}
		}
		return null;
	}

	/** Expands an item the way a click does: through the viewer, so the lazy provider is asked. */
	static TreeItem expand(OneLakeView view, TreeItem item) {
		view.viewer().setExpandedState(item.getData(), true);
		spin(20);
		return item;
	}

	static TreeItem path(OneLakeView view, String... prefixes) {
		Tree tree = view.viewer().getTree();
		TreeItem at = null;
		for (String p : prefixes) {
			if (at != null) {
				expand(view, at);
			}
			TreeItem next = child(tree, at, p);
			if (next == null) {
				fail("No node '" + p + "' under " + (at == null ? "the roots" : at.getText()));
			}
			at = next;
		}
		return at;
	}

	/** Saves the whole screen and the view's area as PNGs under target/screenshots. */
	static Path screenshot(String name, Control view) throws Exception {
		spin(300);
		Path dir = Path.of(System.getProperty("lakestudio.test.out", "target"), "screenshots");
		Files.createDirectories(dir);
		Rectangle screen = display().getBounds();
		save(capture(screen), dir.resolve(name + ".png"));
		Point at = view.toDisplay(0, 0);
		Rectangle area = new Rectangle(at.x, at.y, Math.min(view.getSize().x, 900), Math.min(view.getSize().y, 700));
		Path crop = dir.resolve(name + "-view.png");
		save(capture(area), crop);
		System.out.println("UI-TEST: screenshot " + name + " -> " + crop);
		return crop;
	}

	private static ImageData capture(Rectangle r) {
		Image img = new Image(display(), r.width, r.height);
		GC gc = new GC(display());
		try {
			gc.copyArea(img, r.x, r.y);
			return img.getImageData();
		} finally {
			gc.dispose();
			img.dispose();
		}
	}

	private static void save(ImageData data, Path file) {
		ImageLoader loader = new ImageLoader();
		loader.data = new ImageData[] { data };
		loader.save(file.toString(), SWT.IMAGE_PNG);
		assertEquals(true, Files.exists(file), "screenshot written");
	}
}
