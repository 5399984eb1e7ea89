package io.lakestudio.ui.sql;

import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.editors.text.TextEditor;

/**
 * The editor for {@code .sql} files: highlighting, completion from the catalog, Ctrl+Enter to run in the editor's
 * one session.
 */
public final class SqlEditor extends TextEditor {

	public static final String ID = "io.lakestudio.ui.editors.sql";
	public static final String CONTEXT = "io.lakestudio.ui.sqlEditorScope";

	private final EditorSession session = new EditorSession();

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

	/** The engine session this editor's statements run in. */
	public EditorSession session() {
		return session;
	}

	@Override
	public void dispose() {
		session.closeAfterRunning(); // an open transaction is rolled back
		super.dispose();
	}

	/** For tests: the text widget's viewer. */
	public org.eclipse.jface.text.source.ISourceViewer viewer() {
		return getSourceViewer();
	}
}
