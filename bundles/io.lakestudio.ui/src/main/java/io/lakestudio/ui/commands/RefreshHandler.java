package io.lakestudio.ui.commands;

import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.handlers.HandlerUtil;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.ui.lake.LakeSource;
import io.lakestudio.ui.tree.LakeNode;

/**
 * Refresh: a sweep of the folder lake, or the selected OneLake nodes' listings read now (the workspaces when no node is
 * selected); enabled only when there is a lake to ask.
 */
public final class RefreshHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.refresh";

	@Override
	public Object execute(ExecutionEvent event) {
		ISelection selection = HandlerUtil.getCurrentSelection(event);
		List<?> nodes = selection instanceof IStructuredSelection s ? s.toList() : List.of();
		LakeSource.refresh(Catalogs.home(), LakeNode.listings(nodes));
		return null;
	}

	@Override
	public boolean isEnabled() {
		return LakeSource.refreshable(Catalogs.home());
	}
}
