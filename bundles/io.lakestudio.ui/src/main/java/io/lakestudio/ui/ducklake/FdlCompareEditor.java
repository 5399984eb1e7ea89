package io.lakestudio.ui.ducklake;

import static io.lakestudio.ui.format.Tables.pack;
import static io.lakestudio.ui.format.Tables.table;

import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.EditorPart;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.FdlDiff;
import io.lakestudio.fdl.Reader;

/**
 * Two versions of an FDL repository compared, as {@code lakestudio fdl diff} compares them: a header with each
 * version's ID, author, time and message (A the older), then one row per table of either: added, removed, schema
 * changed (the columns added, removed or retyped), rows changed or unchanged, with the rows added and removed.
 * Read by {@link FdlCompareJob} when the editor opens; nothing here is editable.
 */
public final class FdlCompareEditor extends EditorPart {

	public static final String ID = "io.lakestudio.ui.editors.fdlCompare";
	public static final String READING = "Verifying both versions\u2026";

	private Table versions;
	private Label state;
	private Table tables;
	private FdlCompareJob job;

	@Override
	public void init(IEditorSite site, IEditorInput input) throws PartInitException {
		if (!(input instanceof FdlCompareInput)) {
			throw new PartInitException("Not two FDL versions: " + input.getName());
		}
		setSite(site);
		setInput(input);
		setPartName(input.getName());
		setTitleToolTip(input.getToolTipText());
	}

	@Override
	public void createPartControl(Composite parent) {
		Composite c = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().margins(6, 6).applyTo(c);
		versions = table(c, "", "Version", "Author", "Time", "Message");
		pack(versions); // the headers read while the versions are opened
		GridDataFactory.fillDefaults().grab(true, false).applyTo(versions);
		state = new Label(c, SWT.WRAP);
		state.setText(READING);
		GridDataFactory.fillDefaults().grab(true, false).hint(400, SWT.DEFAULT).applyTo(state);
		tables = table(c, "Table", "Change", "Rows added", "Rows removed", "Schema changes");
		pack(tables);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(tables);
		job = new FdlCompareJob(Catalogs.home(), (FdlCompareInput) getEditorInput(), c.getDisplay(), sink());
		job.schedule();
	}

	private FdlCompareJob.Sink sink() {
		return new FdlCompareJob.Sink() {
			@Override
			public void versions(Reader.Opened a, Reader.Opened b) {
				version("A", a);
				version("B", b);
				pack(versions);
				show("Both versions verify; comparing their tables\u2026");
			}

			@Override
			public void comparing(String table, int done, int total) {
				show("Comparing " + table + " (" + (done + 1) + " of " + total + ")\u2026");
			}

			@Override
			public void done(List<FdlDiff.TableDiff> diffs, long millis) {
				for (FdlDiff.TableDiff d : diffs) {
					new TableItem(tables, SWT.NONE).setText(new String[] { d.table(), change(d.change()),
							"+" + d.added(), "-" + d.removed(), String.join(", ", d.columns()) });
				}
				pack(tables);
				long changed = diffs.stream().filter(d -> !d.change().equals("same")).count();
				show(diffs.size() + " tables, " + changed + " changed from A to B (" + millis + " ms)");
			}

			@Override
			public void failed(String message, boolean cancelled) {
				show((cancelled ? "Stopped: " : "Cannot compare: ") + message);
			}

			@Override
			public boolean wants() {
				return !state.isDisposed();
			}
		};
	}

	private void version(String side, Reader.Opened v) {
		new TableItem(versions, SWT.NONE).setText(new String[] { side, v.id(), v.record().authorName(),
				v.record().createdText(), v.record().message() });
	}

	/** The diff's word for a table's change, as a user reads it. */
	static String change(String change) {
		return switch (change) {
		case "changed" -> "schema changed";
		case "rows" -> "rows changed";
		case "same" -> "unchanged";
		default -> change;
		};
	}

	private void show(String text) {
		state.setText(text);
		state.getParent().layout();
	}



	/** The header: a row per version (A, B): side, ID, author, time, message. */
	public Table versions() {
		return versions;
	}

	public Table tables() {
		return tables;
	}

	public String state() {
		return state.getText();
	}

	@Override
	public void dispose() {
		if (job != null) {
			job.cancel();
		}
		super.dispose();
	}

	@Override
	public void setFocus() {
		tables.setFocus();
	}

	@Override
	public void doSave(IProgressMonitor monitor) {
		// nothing to save: a comparison is read-only
	}

	@Override
	public void doSaveAs() {
		// nothing to save
	}

	@Override
	public boolean isDirty() {
		return false;
	}

	@Override
	public boolean isSaveAsAllowed() {
		return false;
	}
}
