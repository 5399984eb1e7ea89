package io.lakestudio.ui.sql;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

import io.lakestudio.ui.lake.Engine;

/**
 * Ctrl+Enter: runs the statement at the cursor (or the selection) through the engine. Until the engine bundle is
 * installed the command is disabled (its tooltip and the Results view say why); the engine's statement API is
 * not wired yet either, so even then a run only shows, plainly, that it did not run.
 */
public final class RunStatementHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.runStatement";

	@Override
	public Object execute(ExecutionEvent event) {
		if (HandlerUtil.getActiveEditor(event) instanceof SqlEditor editor) {
			try {
				ResultsView view = (ResultsView) HandlerUtil.getActiveWorkbenchWindow(event).getActivePage()
						.showView(ResultsView.ID);
				view.showNotRun(editor.statementToRun(), Engine.available()
						? "Not run: the engine is installed, but this workbench does not call its statement API yet."
						: Engine.NOT_AVAILABLE);
			} catch (PartInitException e) {
				throw new IllegalStateException(e);
			}
		}
		return null;
	}

	@Override
	public boolean isEnabled() {
		return Engine.available();
	}
}
