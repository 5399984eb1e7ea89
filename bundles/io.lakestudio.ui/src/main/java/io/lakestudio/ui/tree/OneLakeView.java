package io.lakestudio.ui.tree;

import java.time.Clock;
import java.util.StringJoiner;

import org.eclipse.core.runtime.Platform;

import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.DecoratingStyledCellLabelProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.events.PaintListener;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;

import io.lakestudio.catalog.CatalogException;
import io.lakestudio.catalog.CatalogWatcher;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.ui.lake.AccountSync;

/**
 * The OneLake view: the catalog as a tree, drawn from local rows only (no network, no sign-in, no engine), and
 * redrawn node by node as the catalog changes. The work is in the catalog tree, providers and refresher.
 */
public final class OneLakeView extends ViewPart {

	public static final String ID = "io.lakestudio.ui.views.onelake";

	private CatalogTree tree;
	private TreeViewer viewer;
	private FilterBox filter;
	private TreeActions actions;
	private CatalogRefresher refresher;
	private long createdNanos;
	private volatile long drawnMillis = -1;
	private long createMillis = -1;

	@Override
	public void createPartControl(Composite parent) {
		createdNanos = System.nanoTime();
		GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(parent);
		try {
			tree = CatalogTree.open(Catalogs.home());
		} catch (CatalogException e) {
			Label error = new Label(parent, SWT.WRAP);
			error.setText("The catalog cannot be opened: " + e.getMessage());
			GridDataFactory.fillDefaults().grab(true, true).applyTo(error);
			return;
		}
		viewer = new TreeViewer(parent, SWT.MULTI | SWT.H_SCROLL | SWT.V_SCROLL);
		filter = new FilterBox(parent, viewer, tree);
		filter.control().moveAbove(viewer.getControl());
		GridDataFactory.fillDefaults().grab(true, false).applyTo(filter.control());
		GridDataFactory.fillDefaults().grab(true, true).applyTo(viewer.getControl());

		CatalogContentProvider content = new CatalogContentProvider(tree);
		viewer.setUseHashlookup(true);
		viewer.setContentProvider(content);
		// no workbench decorator: its scheduler caches decorated text per (equal) element, so a refreshed node
		// kept its old count on screen
		viewer.setLabelProvider(
				new DecoratingStyledCellLabelProvider(new LakeLabelProvider(tree, Clock.systemUTC()), null, null));
		ColumnViewerToolTipSupport.enableFor(viewer);
		viewer.setAutoExpandLevel(FilterBox.TREE_LEVELS); // account and workspaces: what a user looks for first
		watchFirstPaint();
		viewer.setInput(tree);

		actions = new TreeActions(viewer, tree);
		MenuManager menu = new MenuManager();
		menu.setRemoveAllWhenShown(true);
		menu.addMenuListener(actions::fill);
		viewer.getControl().setMenu(menu.createContextMenu(viewer.getControl()));
		viewer.addDoubleClickListener(e -> actions.doubleClicked());
		getSite().registerContextMenu(menu, viewer);
		getSite().setSelectionProvider(viewer);

		refresher = new CatalogRefresher(viewer, tree, content).start(CatalogWatcher.DEFAULT_PERIOD);
		viewer.addTreeListener(new OpenedLakehouses());
		startSync();
		createMillis = (System.nanoTime() - createdNanos) / 1_000_000;
	}

	/** Behind the drawn tree: the account's sync job (a signed-in OneLake account), off the UI thread. */
	private void startSync() {
		java.nio.file.Path home = tree.home();
		Thread.ofVirtual().name("lakestudio-sync-start").start(() -> AccountSync.ensure(home));
	}

	private void watchFirstPaint() {
		PaintListener[] once = new PaintListener[1];
		once[0] = e -> {
			if (viewer.getTree().getItemCount() > 0) {
				drawnMillis = (System.nanoTime() - createdNanos) / 1_000_000;
				viewer.getTree().removePaintListener(once[0]);
				logDrawn();
			}
		};
		viewer.getTree().addPaintListener(once[0]);
	}

	/** One line in the workbench log (and on the console with -consoleLog): what the tree showed first. */
	private void logDrawn() {
		StringBuilder shown = new StringBuilder();
		for (TreeItem top : viewer.getTree().getItems()) {
			shown.append(shown.isEmpty() ? "" : "; ").append(top.getText());
			if (top.getExpanded()) {
				StringJoiner children = new StringJoiner(", ", " [", "]");
				for (TreeItem child : top.getItems()) {
					children.add(child.getText());
				}
				shown.append(children);
			}
		}
		Platform.getLog(OneLakeView.class)
				.info("OneLake view drawn in " + drawnMillis + " ms from " + tree.file() + ": " + shown);
	}

	/** Lets go of the catalog file (before Clear deletes it); the tree shows nothing until {@link #reload()}. */
	public void release() {
		if (refresher != null) {
			refresher.close();
			refresher = null;
		}
		if (viewer != null) {
			viewer.setInput(null);
		}
		if (tree != null) {
			tree.release();
		}
	}

	/** Opens the catalog file again (a new, possibly empty one) and redraws from it, watching the new file. */
	public void reload() {
		reload(false);
	}

	/** After Switch Account or Sign In: the current account's catalog, its sync job started behind it. */
	public void reroot() {
		reload(true);
		if (viewer != null) {
			startSync();
		}
	}

	private void reload(boolean reroot) {
		if (viewer == null) {
			return;
		}
		release();
		if (reroot) {
			tree.reroot();
		} else {
			tree.reopen();
		}
		viewer.setInput(tree);
		viewer.expandToLevel(viewer.getAutoExpandLevel());
		refresher = new CatalogRefresher(viewer, tree, (CatalogContentProvider) viewer.getContentProvider())
				.start(CatalogWatcher.DEFAULT_PERIOD);
	}

	/** After settings.json changed here (offline, limits): redraws every open OneLake view's labels. */
	public static void settingsChanged() {
		for (OneLakeView v : all()) {
			if (v.viewer != null && v.tree != null) {
				v.tree.forget();
				v.viewer.refresh(true);
			}
		}
	}

	/** The OneLake views open in any window (UI thread). */
	public static java.util.List<OneLakeView> all() {
		java.util.List<OneLakeView> out = new java.util.ArrayList<>();
		for (var window : org.eclipse.ui.PlatformUI.getWorkbench().getWorkbenchWindows()) {
			for (var page : window.getPages()) {
				for (var ref : page.getViewReferences()) {
					if (ID.equals(ref.getId()) && ref.getView(false) instanceof OneLakeView v) {
						out.add(v);
					}
				}
			}
		}
		return out;
	}

	@Override
	public void setFocus() {
		if (viewer != null) {
			viewer.getControl().setFocus();
		}
	}

	public TreeViewer viewer() {
		return viewer;
	}

	public CatalogTree tree() {
		return tree;
	}

	public FilterBox filter() {
		return filter;
	}

	public TreeActions actions() {
		return actions;
	}

	public CatalogRefresher refresher() {
		return refresher;
	}

	/** Milliseconds from the view's creation to the first paint of a tree with rows; -1 until then. */
	public long drawnMillis() {
		return drawnMillis;
	}

	/**
	 * Milliseconds the view's own creation took (catalog opened, widgets made, the first rows read); the rest of
	 * {@link #drawnMillis()} is the workbench laying the part out and painting it. -1 until created.
	 */
	public long createMillis() {
		return createMillis;
	}

	@Override
	public void dispose() {
		if (refresher != null) {
			refresher.close();
		}
		if (tree != null) {
			tree.close();
		}
		super.dispose();
	}
}
