package io.lakestudio.ui.tree;

import org.eclipse.jface.viewers.ITreeViewerListener;
import org.eclipse.jface.viewers.TreeExpansionEvent;

import io.lakestudio.ui.lake.AccountSync;

/**
 * Tells the sync job which lakehouses the tree has open: an expanded lakehouse's tables and their metadata come
 * before the routine queue (the seed's opened-lakehouse priority); collapsed, it goes back to routine.
 */
final class OpenedLakehouses implements ITreeViewerListener {

	@Override
	public void treeExpanded(TreeExpansionEvent event) {
		tell(event.getElement(), true);
	}

	@Override
	public void treeCollapsed(TreeExpansionEvent event) {
		tell(event.getElement(), false);
	}

	private static void tell(Object element, boolean open) {
		if (element instanceof LakeNode.ItemNode i && i.item().hasTables()) {
			AccountSync.running().ifPresent(s -> s.opened(i.item().id(), open));
		}
	}
}
