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

import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

import io.lakestudio.catalog.SearchHit;
import io.lakestudio.ui.lake.LakeSource;
import io.lakestudio.ui.sql.NewSqlHandler;
import io.lakestudio.ui.table.TableEditorInput;

/** The tree's context menu: open a table, a new SQL editor on it, copy a node's name or a SELECT of a table, and Refresh. */
public final class TreeActions {

	public static final String COPY_NAME = "io.lakestudio.ui.copyName";
	public static final String COPY_SELECT = "io.lakestudio.ui.copySelect";
	public static final String REFRESH = "io.lakestudio.ui.refresh";
	public static final String OPEN = "io.lakestudio.ui.open";
	public static final String NEW_SQL = "io.lakestudio.ui.newSqlOnTable";

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
	private final Action newSql = new Action("New SQL on this table") {
		@Override
		public void run() {
			List<LakeNode> nodes = selected();
			if (nodes.size() != 1) {
				return;
			}
			tree.selectFor(nodes.get(0)).ifPresent(sql -> {
				try {
					NewSqlHandler.openNew(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage(), sql);
				} catch (java.io.IOException | PartInitException e) {
					MessageDialog.openError(viewer.getControl().getShell(), "New SQL",
							"Cannot create a SQL file: " + e.getMessage());
				}
			});
		}
	};
	private final Action refresh = new Action("Refresh") {
		@Override
		public void run() {
			LakeSource.refresh(tree.home(), LakeNode.listings(selected()));
		}
	};
	private final Action open = new Action("Open") {
		@Override
		public void run() {
			selected().stream().map(TreeActions::tableInput).flatMap(java.util.Optional::stream).findFirst()
					.ifPresent(TableEditorInput::open);
		}
	};

	public TreeActions(TreeViewer viewer, CatalogTree tree) {
		this.viewer = viewer;
		this.tree = tree;
		copyName.setId(COPY_NAME);
		copySelect.setId(COPY_SELECT);
		refresh.setId(REFRESH);
		open.setId(OPEN);
		newSql.setId(NEW_SQL);
	}

	/** Fills the menu for the current selection; called each time the menu is about to show. */
	public void fill(IMenuManager menu) {
		List<LakeNode> nodes = selected();
		copyName.setEnabled(!nodes.isEmpty());
		copySelect.setEnabled(nodes.size() == 1 && tree.selectFor(nodes.get(0)).isPresent());
		open.setEnabled(nodes.size() == 1 && tableInput(nodes.get(0)).isPresent());
		newSql.setEnabled(copySelect.isEnabled());
		// never pretend: with no lake there is nothing to sweep, and the tooltip says what to do
		refresh.setEnabled(LakeSource.refreshable(tree.home()));
		refresh.setToolTipText(LakeSource.refreshTip(tree.home()));
		menu.add(open);
		menu.add(newSql);
		menu.add(new Separator());
		menu.add(copyName);
		menu.add(copySelect);
		menu.add(new Separator());
		menu.add(refresh);
		menu.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
	}

	public Action action(String id) {
		return switch (id) {
		case COPY_NAME -> copyName;
		case COPY_SELECT -> copySelect;
		case REFRESH -> refresh;
		case OPEN -> open;
		case NEW_SQL -> newSql;
		default -> throw new IllegalArgumentException(id);
		};
	}

	/** Double-click: a table opens in the table editor, anything else expands or collapses. */
	public void doubleClicked() {
		List<LakeNode> nodes = selected();
		if (nodes.size() != 1) {
			return;
		}
		if (tableInput(nodes.get(0)).isPresent()) {
			open.run();
		} else {
			viewer.setExpandedState(nodes.get(0), !viewer.getExpandedState(nodes.get(0)));
		}
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

	/** The table editor's input for a table node (or a filter hit naming a table); empty for anything else. */
	static java.util.Optional<TableEditorInput> tableInput(LakeNode node) {
		LakeNode n = node instanceof LakeNode.Hit h ? h.target() : node;
		return n instanceof LakeNode.Table t ? java.util.Optional.of(new TableEditorInput(t.table()))
				: java.util.Optional.empty();
	}
}
