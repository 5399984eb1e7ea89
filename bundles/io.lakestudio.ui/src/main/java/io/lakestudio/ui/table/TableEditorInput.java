package io.lakestudio.ui.table;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

import io.lakestudio.catalog.LakeTable;

/** A table of the catalog, by its stable id; two inputs for one table open one editor. */
public final class TableEditorInput implements IEditorInput {

	private final String tableId;
	private final String name;

	public TableEditorInput(LakeTable table) {
		this.tableId = table.id();
		this.name = table.schema().isEmpty() ? table.name() : table.schema() + "." + table.name();
	}

	/** Opens (or brings up) the table editor in the active page. */
	public void open() {
		try {
			PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().openEditor(this, TableEditor.ID);
		} catch (PartInitException e) {
			throw new IllegalStateException("Cannot open the table editor for " + tableId + ": " + e.getMessage(), e);
		}
	}

	public String tableId() {
		return tableId;
	}

	@Override
	public boolean exists() {
		return false; // not on the recent-files list: a table is reopened from the tree
	}

	@Override
	public ImageDescriptor getImageDescriptor() {
		return null;
	}

	@Override
	public String getName() {
		return name;
	}

	@Override
	public IPersistableElement getPersistable() {
		return null;
	}

	@Override
	public String getToolTipText() {
		return tableId;
	}

	@Override
	public <T> T getAdapter(Class<T> adapter) {
		return null;
	}

	@Override
	public boolean equals(Object o) {
		return o instanceof TableEditorInput t && t.tableId.equals(tableId);
	}

	@Override
	public int hashCode() {
		return tableId.hashCode();
	}
}
