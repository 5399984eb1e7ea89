package io.lakestudio.ui.tree;

import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;

/**
 * The text box above the tree. Typing (after a short pause) replaces the tree with the catalog's {@code find}
 * answers; clearing it brings the tree back with the expansion it had.
 */
public final class FilterBox {

	static final int DELAY_MS = 250;
	static final int LIMIT = 200;
	/** How deep the tree opens: the account and its workspaces. */
	public static final int TREE_LEVELS = 2;

	private final Text text;
	private final TreeViewer viewer;
	private final CatalogTree tree;
	private Object[] expanded;
	private final Runnable apply = this::apply;

	public FilterBox(Composite parent, TreeViewer viewer, CatalogTree tree) {
		this.viewer = viewer;
		this.tree = tree;
		this.text = new Text(parent, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL | SWT.SINGLE);
		text.setMessage("Find workspaces, items, tables, columns");
		text.addModifyListener(e -> text.getDisplay().timerExec(DELAY_MS, apply));
	}

	public Text control() {
		return text;
	}

	/** Applies the text now, without waiting for the pause. */
	public void apply() {
		if (text.isDisposed() || viewer.getControl().isDisposed()) {
			return;
		}
		String wanted = text.getText().strip();
		boolean searching = viewer.getInput() instanceof CatalogContentProvider.SearchInput;
		if (wanted.isEmpty()) {
			if (searching) {
				viewer.setAutoExpandLevel(TREE_LEVELS);
				viewer.setInput(tree);
				if (expanded != null) {
					viewer.setExpandedElements(expanded);
				}
			}
			return;
		}
		if (!searching) {
			expanded = viewer.getExpandedElements();
			viewer.setAutoExpandLevel(1); // answers stay closed: a list to scan, not a tree to scroll
		}
		viewer.setInput(new CatalogContentProvider.SearchInput(wanted, LIMIT));
	}
}
