package io.lakestudio.ui.ducklake;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

import io.lakestudio.ui.ducklake.DuckLakeNode.Kind;

/**
 * Two versions of a kept FDL repository to compare: the comparison editor's input. {@code a} null means the first
 * parent of {@code b} (found when the records are read, off the UI thread). One editor per pair.
 */
public final class FdlCompareInput implements IEditorInput {

	private final String catalog;
	private final String url;
	private final String a;
	private final String b;

	FdlCompareInput(String catalog, String url, String a, String b) {
		this.catalog = catalog;
		this.url = url;
		this.a = a;
		this.b = b;
	}

	/**
	 * What the selected tree nodes compare: two versions of one FDL repository with each other, one with its
	 * parent; empty for anything else.
	 */
	public static Optional<FdlCompareInput> of(DuckLakeTree tree, List<DuckLakeNode> nodes) {
		if (nodes.isEmpty() || nodes.size() > 2 || !nodes.stream().allMatch(n -> n.kind() == Kind.VERSION)
				|| nodes.stream().map(DuckLakeNode::catalog).distinct().count() != 1) {
			return Optional.empty();
		}
		String catalog = nodes.get(0).catalog();
		return tree.attachment(catalog).filter(at -> FdlFacts.fdl(at.url())).map(at -> new FdlCompareInput(catalog,
				at.url(), nodes.size() == 2 ? id(nodes.get(1)) : null, id(nodes.get(0))));
	}

	private static String id(DuckLakeNode version) {
		return version.path().get(version.path().size() - 1);
	}

	public void open() {
		try {
			PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().openEditor(this, FdlCompareEditor.ID);
		} catch (PartInitException e) {
			throw new IllegalStateException("Cannot open the comparison " + getName() + ": " + e.getMessage(), e);
		}
	}

	/** The kept catalog's name. */
	public String catalog() {
		return catalog;
	}

	/** The kept {@code ducklake:fdl:} URL. */
	String url() {
		return url;
	}

	/** The first version's ID, or null for {@link #b()}'s first parent. */
	public String a() {
		return a;
	}

	public String b() {
		return b;
	}

	@Override
	public boolean exists() {
		return false;
	}

	@Override
	public ImageDescriptor getImageDescriptor() {
		return null;
	}

	@Override
	public String getName() {
		return catalog + ": " + (a == null ? "parent" : FdlFacts.shortId(a)) + " \u2192 " + FdlFacts.shortId(b);
	}

	@Override
	public IPersistableElement getPersistable() {
		return null;
	}

	@Override
	public String getToolTipText() {
		return url + ": " + (a == null ? "the parent of " + b : a + " and " + b);
	}

	@Override
	public <T> T getAdapter(Class<T> adapter) {
		return null;
	}

	@Override
	public boolean equals(Object o) {
		return o instanceof FdlCompareInput i && i.catalog.equals(catalog) && Objects.equals(i.a, a) && i.b.equals(b);
	}

	@Override
	public int hashCode() {
		return Objects.hash(catalog, a, b);
	}
}
