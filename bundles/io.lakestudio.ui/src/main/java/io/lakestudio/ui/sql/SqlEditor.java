package io.lakestudio.ui.sql;

import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.editors.text.TextEditor;

/** The editor for {@code .sql} files: highlighting, completion from the catalog, Ctrl+Enter to run. */
public final class SqlEditor extends TextEditor {

	public static final String ID = "io.lakestudio.ui.editors.sql";
	public static final String CONTEXT = "io.lakestudio.ui.sqlEditorScope";

	@Override
	protected void initializeEditor() {
		super.initializeEditor();
		setSourceViewerConfiguration(new SqlConfiguration());
	}

	@Override
	protected void initializeKeyBindingScopes() {
		setKeyBindingScopes(new String[] { CONTEXT });
	}

	/** The statement to run: the selection, or the statement around the cursor. */
	public String statementToRun() {
		ITextSelection sel = (ITextSelection) getSelectionProvider().getSelection();
		String text = getDocumentProvider().getDocument(getEditorInput()).get();
		return Statements.at(text, sel.getOffset(), sel.getLength());
	}

	/** For tests: the text widget's viewer. */
	public org.eclipse.jface.text.source.ISourceViewer viewer() {
		return getSourceViewer();
	}
}
