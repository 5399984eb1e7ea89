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
import io.lakestudio.ui.ducklake.AttachDuckLakeDialog;
import io.lakestudio.ui.ducklake.DuckLakeKeeping;
import io.lakestudio.ui.ducklake.DuckLakeNode;
import io.lakestudio.ui.ducklake.FdlCompareInput;
import io.lakestudio.ui.table.DuckLakeTableInput;
import io.lakestudio.ui.table.TableEditorInput;

/**
 * The tree's context menu: open a table, a new SQL editor on it, copy a node's name or a SELECT of a table,
 * Refresh, keep DuckLake catalogs attached (Attach DuckLake…, Detach), and compare two versions of an FDL
 * repository (or one with its parent).
 */
public final class TreeActions {

	public static final String COPY_NAME = "io.lakestudio.ui.copyName";
	public static final String COPY_SELECT = "io.lakestudio.ui.copySelect";
	public static final String REFRESH = "io.lakestudio.ui.refresh";
	public static final String OPEN = "io.lakestudio.ui.open";
	public static final String NEW_SQL = "io.lakestudio.ui.newSqlOnTable";
	public static final String ATTACH_DUCKLAKE = "io.lakestudio.ui.attachDuckLake";
	public static final String DETACH_DUCKLAKE = "io.lakestudio.ui.detachDuckLake";
	public static final String COMPARE_VERSIONS = "io.lakestudio.ui.compareVersions";

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
			selected().stream().map(TreeActions::opener).flatMap(java.util.Optional::stream).findFirst()
					.ifPresent(Runnable::run);
		}
	};
	private final Action compare = new Action("Compare Versions") {
		@Override
		public void run() {
			comparison().ifPresent(FdlCompareInput::open);
		}
	};
	private final Action attach = new Action("Attach DuckLake\u2026") {
		@Override
		public void run() {
			attachDialog(true);
		}
	};
	private final Action detach = new Action("Detach") {
		@Override
		public void run() {
			for (LakeNode n : selected()) {
				if (n instanceof LakeNode.DuckLake d && d.node().kind() == DuckLakeNode.Kind.CATALOG) {
					DuckLakeKeeping.detach(tree.home(), d.node().catalog());
				}
			}
			keptChanged();
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
		attach.setId(ATTACH_DUCKLAKE);
		detach.setId(DETACH_DUCKLAKE);
		compare.setId(COMPARE_VERSIONS);
	}

	/** Opens "Attach DuckLake…"; {@code block} false returns it open (tests fill it and press OK). */
	public AttachDuckLakeDialog attachDialog(boolean block) {
		AttachDuckLakeDialog d = new AttachDuckLakeDialog(viewer.getControl().getShell(), tree.home(),
				this::keptChanged);
		d.setBlockOnOpen(block);
		d.open();
		return d;
	}

	/** After settings.json's kept catalogs changed: the roots are read again. */
	private void keptChanged() {
		tree.forget();
		viewer.refresh();
	}

	/** Fills the menu for the current selection; called each time the menu is about to show. */
	public void fill(IMenuManager menu) {
		List<LakeNode> nodes = selected();
		copyName.setEnabled(!nodes.isEmpty());
		copySelect.setEnabled(nodes.size() == 1 && tree.selectFor(nodes.get(0)).isPresent());
		open.setEnabled(nodes.size() == 1 && opener(nodes.get(0)).isPresent());
		detach.setEnabled(!nodes.isEmpty() && nodes.stream().allMatch(n -> n instanceof LakeNode.DuckLake d
				&& d.node().kind() == DuckLakeNode.Kind.CATALOG));
		newSql.setEnabled(copySelect.isEnabled());
		java.util.Optional<FdlCompareInput> comparison = comparison();
		compare.setEnabled(comparison.isPresent());
		compare.setText(comparison.isPresent() && comparison.get().a() == null ? "Compare with Parent"
				: "Compare Versions");
		// never pretend: with no lake there is nothing to sweep, and the tooltip says what to do
		refresh.setEnabled(LakeSource.refreshable(tree.home()));
		refresh.setToolTipText(LakeSource.refreshTip(tree.home()));
		menu.add(open);
		menu.add(newSql);
		menu.add(compare);
		menu.add(new Separator());
		menu.add(copyName);
		menu.add(copySelect);
		menu.add(new Separator());
		menu.add(refresh);
		menu.add(new Separator());
		menu.add(attach);
		menu.add(detach);
		menu.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
	}

	public Action action(String id) {
		return switch (id) {
		case COPY_NAME -> copyName;
		case COPY_SELECT -> copySelect;
		case REFRESH -> refresh;
		case OPEN -> open;
		case NEW_SQL -> newSql;
		case ATTACH_DUCKLAKE -> attach;
		case DETACH_DUCKLAKE -> detach;
		case COMPARE_VERSIONS -> compare;
		default -> throw new IllegalArgumentException(id);
		};
	}

	/** Double-click: a table opens in the table editor, anything else expands or collapses. */
	public void doubleClicked() {
		List<LakeNode> nodes = selected();
		if (nodes.size() != 1) {
			return;
		}
		if (opener(nodes.get(0)).isPresent()) {
			open.run();
		} else {
			viewer.setExpandedState(nodes.get(0), !viewer.getExpandedState(nodes.get(0)));
		}
	}

	private List<LakeNode> selected() {
		return ((IStructuredSelection) viewer.getStructuredSelection()).stream().filter(LakeNode.class::isInstance)
				.map(LakeNode.class::cast).filter(n -> !(n instanceof LakeNode.Message)).toList();
	}

	/** The selected DuckLake nodes: what an FDL comparison is made of. */
	private List<DuckLakeNode> duckLakeNodes() {
		return selected().stream().filter(LakeNode.DuckLake.class::isInstance)
				.map(n -> ((LakeNode.DuckLake) n).node()).toList();
	}

	/** Two selected versions of one FDL repository, or one and its parent: their comparison. */
	private java.util.Optional<FdlCompareInput> comparison() {
		List<DuckLakeNode> nodes = duckLakeNodes();
		return nodes.size() == selected().size() ? FdlCompareInput.of(tree.ducklake(), nodes)
				: java.util.Optional.empty();
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

	/** Opens the table editor on a table node (OneLake or DuckLake, or a filter hit naming one); empty otherwise. */
	static java.util.Optional<Runnable> opener(LakeNode node) {
		LakeNode n = node instanceof LakeNode.Hit h ? h.target() : node;
		if (n instanceof LakeNode.Table t) {
			return java.util.Optional.of(new TableEditorInput(t.table())::open);
		}
		if (n instanceof LakeNode.DuckLake d && d.node().kind() == DuckLakeNode.Kind.TABLE) {
			List<String> p = d.node().path();
			return java.util.Optional.of(new DuckLakeTableInput(p.get(0), p.get(1), p.get(2), null)::open);
		}
		return java.util.Optional.empty();
	}
}
