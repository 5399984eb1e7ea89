package io.lakestudio.ui.tree;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.viewers.ITreeContentProvider;

/**
 * Hands the viewer the catalog tree's nodes, one level at a time. Remembers the latest instance of every node it
 * handed out and its parent, so a change can be routed to the element the viewer actually holds.
 */
public final class CatalogContentProvider implements ITreeContentProvider {

	/** The viewer's input while the filter box holds text. */
	public record SearchInput(String text, int limit) {
	}

	private final CatalogTree tree;
	private final Map<LakeNode, LakeNode> live = new HashMap<>();
	private final Map<LakeNode, LakeNode> parents = new HashMap<>();

	public CatalogContentProvider(CatalogTree tree) {
		this.tree = tree;
	}

	@Override
	public Object[] getElements(Object input) {
		List<LakeNode> roots;
		if (input instanceof SearchInput s) {
			roots = tree.find(s.text(), s.limit());
			if (roots.size() >= s.limit()) {
				roots = new java.util.ArrayList<>(roots);
				roots.add(new LakeNode.Message("First " + s.limit() + " matches shown; type more to narrow"));
			}
		} else {
			roots = tree.roots();
		}
		return remember(null, roots);
	}

	@Override
	public Object[] getChildren(Object parent) {
		return remember((LakeNode) parent, tree.children((LakeNode) parent));
	}

	@Override
	public boolean hasChildren(Object element) {
		return tree.hasChildren((LakeNode) element);
	}

	@Override
	public Object getParent(Object element) {
		return parents.get(element);
	}

	/** The instance the viewer holds for a probe equal to it, or null when the viewer never got one. */
	public LakeNode live(LakeNode probe) {
		return live.get(probe);
	}

	private Object[] remember(LakeNode parent, List<LakeNode> nodes) {
		for (LakeNode n : nodes) {
			live.put(n, n);
			if (parent != null) {
				parents.put(n, parent);
			}
		}
		return nodes.toArray();
	}

	@Override
	public void inputChanged(org.eclipse.jface.viewers.Viewer viewer, Object oldInput, Object newInput) {
		live.clear();
		parents.clear();
	}
}
