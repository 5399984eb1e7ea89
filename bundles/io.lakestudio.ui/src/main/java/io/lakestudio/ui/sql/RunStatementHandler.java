package io.lakestudio.ui.sql;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * Ctrl+Enter: runs the statement at the cursor (or the selection) through the workbench's engine, as a job with
 * progress and cancel, in the editor's own session; the rows stream into the Results view. An empty statement is
 * not run.
 */
public final class RunStatementHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.runStatement";

	@Override
	public Object execute(ExecutionEvent event) {
		if (HandlerUtil.getActiveEditor(event) instanceof SqlEditor editor) {
			String sql = editor.statementToRun();
			IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindow(event).getActivePage();
			try {
				ResultsView view = (ResultsView) page.showView(ResultsView.ID, null, IWorkbenchPage.VIEW_VISIBLE);
				if (sql.isBlank() || Statements.onlyComments(sql)) {
					view.showNotRun(sql, "Nothing to run: put the cursor in a statement or select one.");
				} else {
					view.run(sql, editor.session());
				}
			} catch (PartInitException e) {
				throw new IllegalStateException(e);
			}
		}
		return null;
	}
}
