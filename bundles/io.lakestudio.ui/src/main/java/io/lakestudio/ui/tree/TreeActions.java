package io.lakestudio.ui.tree;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.dnd.Transfer;

import io.lakestudio.catalog.SearchHit;

/** The tree's context menu: copy a node's name or a SELECT of a table, and Refresh. */
public final class TreeActions {

	public static final String COPY_NAME = "io.lakestudio.ui.copyName";
	public static final String COPY_SELECT = "io.lakestudio.ui.copySelect";
	public static final String REFRESH = "io.lakestudio.ui.refresh";

	static final String NO_SYNC = "No sync service is installed in this workbench yet, so the tree cannot ask the"
			+ " lake itself. Run 'lakestudio sync' from the command line: the tree redraws when the catalog changes.";

	private final TreeViewer viewer;
	private final CatalogTree tree;
	private final Action copyName = new Action("Copy Name") {
		@Override
		public void run() {
			copy(selected().stream().map(TreeActions::copyText).collect(Collectors.joining("\n")));
		}
	};
	private final Action copySelect = new Action("Copy SELECT") {
		@Override
		public void run() {
			List<LakeNode> nodes = selected();
			if (nodes.size() == 1) {
				tree.selectFor(nodes.get(0)).ifPresent(TreeActions.this::copy);
			}
		}
	};
	private final Action refresh = new Action("Refresh (needs the sync service)") {
	};

	public TreeActions(TreeViewer viewer, CatalogTree tree) {
		this.viewer = viewer;
		this.tree = tree;
		copyName.setId(COPY_NAME);
		copySelect.setId(COPY_SELECT);
		refresh.setId(REFRESH);
		refresh.setToolTipText(NO_SYNC);
		refresh.setEnabled(false); // never pretend: without a sync service there is nothing to run
	}

	/** Fills the menu for the current selection; called each time the menu is about to show. */
	public void fill(IMenuManager menu) {
		List<LakeNode> nodes = selected();
		copyName.setEnabled(!nodes.isEmpty());
		copySelect.setEnabled(nodes.size() == 1 && tree.selectFor(nodes.get(0)).isPresent());
		menu.add(copyName);
		menu.add(copySelect);
		menu.add(new Separator());
		menu.add(refresh);
	}

	public Action action(String id) {
		return switch (id) {
		case COPY_NAME -> copyName;
		case COPY_SELECT -> copySelect;
		case REFRESH -> refresh;
		default -> throw new IllegalArgumentException(id);
		};
	}

	private List<LakeNode> selected() {
		return ((IStructuredSelection) viewer.getStructuredSelection()).stream().filter(LakeNode.class::isInstance)
				.map(LakeNode.class::cast).filter(n -> !(n instanceof LakeNode.Message)).toList();
	}

	/** A hit copies the name of what it names, not its path. */
	private static String copyText(LakeNode node) {
		if (!(node instanceof LakeNode.Hit h)) {
			return node.name();
		}
		if (h.hit().kind() != SearchHit.Kind.COLUMN) {
			return h.target().name();
		}
		String path = h.hit().path();
		return path.substring(path.lastIndexOf('.') + 1);
	}

	private void copy(String text) {
		if (text.isEmpty()) {
			return;
		}
		Clipboard clipboard = new Clipboard(viewer.getControl().getDisplay());
		try {
			clipboard.setContents(new Object[] { text }, new Transfer[] { TextTransfer.getInstance() });
		} finally {
			clipboard.dispose();
		}
	}
}
