package io.lakestudio.ui.tree;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.widgets.Display;

import io.lakestudio.catalog.CatalogChange;
import io.lakestudio.catalog.CatalogWatcher;

/**
 * Redraws the tree when the catalog changes, whoever wrote it: the watcher's thread reports the listings that
 * changed, and on the UI thread only their nodes are refreshed, which keeps expansion, selection and scroll. A
 * replaced file, a first listing after "nothing synced", or an active filter redraw everything.
 */
public final class CatalogRefresher implements AutoCloseable {

	private final TreeViewer viewer;
	private final CatalogTree tree;
	private final CatalogContentProvider content;
	private final ChangeRouter router;
	private final List<Consumer<List<LakeNode>>> listeners = new CopyOnWriteArrayList<>();
	private CatalogWatcher watcher;

	public CatalogRefresher(TreeViewer viewer, CatalogTree tree, CatalogContentProvider content) {
		this.viewer = viewer;
		this.tree = tree;
		this.content = content;
		this.router = new ChangeRouter(tree.catalog().account(), id -> tree.catalog().item(id).isPresent());
	}

	public CatalogRefresher start(Duration period) {
		watcher = CatalogWatcher.start(tree.file(), period, this::changed);
		return this;
	}

	/** Hears each redraw: the nodes refreshed, or an empty list for the whole tree. For tests and the log. */
	public void addListener(Consumer<List<LakeNode>> listener) {
		listeners.add(listener);
	}

	private void changed(CatalogChange change) {
		Display display = viewer.getControl().getDisplay();
		if (!display.isDisposed()) {
			display.asyncExec(() -> apply(change));
		}
	}

	/** Runs on the UI thread. */
	void apply(CatalogChange change) {
		if (viewer.getControl().isDisposed()) {
			return;
		}
		if (change.everything()) {
			tree.reopen();
		} else {
			tree.forget();
		}
		boolean wasMessage = showsMessage();
		if (change.everything() || !(viewer.getInput() instanceof CatalogTree) || wasMessage) {
			viewer.refresh();
			if (wasMessage) {
				viewer.expandToLevel(viewer.getAutoExpandLevel()); // as it would have opened with rows
			}
			listeners.forEach(l -> l.accept(List.of()));
			return;
		}
		List<LakeNode> refreshed = new ArrayList<>();
		viewer.getControl().setRedraw(false);
		try {
			// the live instance is looked up at each refresh: refreshing an item replaces its tables' nodes, and an
			// instance taken before that would put the old row (an old version) back on the table's tree item
			for (LakeNode probe : router.nodes(change.listings())) {
				LakeNode n = content.live(probe);
				if (n != null) {
					viewer.refresh(n);
					refreshed.add(n);
				}
			}
			// the account's label carries the sync job's state (offline, paused), which any listing may change
			for (org.eclipse.swt.widgets.TreeItem top : viewer.getTree().getItems()) {
				if (top.getData() != null) {
					viewer.update(top.getData(), null);
				}
			}
		} finally {
			viewer.getControl().setRedraw(true);
		}
		listeners.forEach(l -> l.accept(refreshed));
	}

	private boolean showsMessage() {
		return viewer.getTree().getItemCount() > 0 && viewer.getTree().getItem(0).getData() instanceof LakeNode.Message;
	}

	@Override
	public void close() {
		if (watcher != null) {
			watcher.close();
		}
	}
}
