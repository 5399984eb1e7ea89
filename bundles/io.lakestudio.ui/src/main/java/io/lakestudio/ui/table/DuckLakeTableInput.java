package io.lakestudio.ui.table;

import java.util.Objects;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

/**
 * A table of a kept DuckLake catalog, at its latest snapshot or, read-only, at one snapshot ({@code snapshot} not
 * null): the table editor's input. One editor per table and snapshot.
 */
public final class DuckLakeTableInput implements IEditorInput {

	private final String catalog;
	private final String schema;
	private final String table;
	private final Long snapshot;

	public DuckLakeTableInput(String catalog, String schema, String table, Long snapshot) {
		this.catalog = catalog;
		this.schema = schema;
		this.table = table;
		this.snapshot = snapshot;
	}

	public void open() {
		try {
			PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().openEditor(this, TableEditor.ID);
		} catch (PartInitException e) {
			throw new IllegalStateException("Cannot open the table editor for " + getToolTipText() + ": "
					+ e.getMessage(), e);
		}
	}

	public String catalog() {
		return catalog;
	}

	public String schema() {
		return schema;
	}

	public String table() {
		return table;
	}

	/** The snapshot shown, or null for the latest. */
	public Long snapshot() {
		return snapshot;
	}

	public DuckLakeTableInput at(long snapshotId) {
		return new DuckLakeTableInput(catalog, schema, table, snapshotId);
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
		return table + (snapshot == null ? "" : " @ " + snapshot);
	}

	@Override
	public IPersistableElement getPersistable() {
		return null;
	}

	@Override
	public String getToolTipText() {
		return catalog + "." + schema + "." + table + (snapshot == null ? "" : " at snapshot " + snapshot);
	}

	@Override
	public <T> T getAdapter(Class<T> adapter) {
		return null;
	}

	@Override
	public boolean equals(Object o) {
		return o instanceof DuckLakeTableInput d && d.catalog.equals(catalog) && d.schema.equals(schema)
				&& d.table.equals(table) && Objects.equals(d.snapshot, snapshot);
	}

	@Override
	public int hashCode() {
		return Objects.hash(catalog, schema, table, snapshot);
	}
}
