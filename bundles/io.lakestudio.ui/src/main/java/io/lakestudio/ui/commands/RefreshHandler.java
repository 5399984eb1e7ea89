package io.lakestudio.ui.commands;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.ui.lake.LakeSource;

/** Refresh: a sweep of the folder lake, or the OneLake sync job now; enabled only when there is a lake to ask. */
public final class RefreshHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.refresh";

	@Override
	public Object execute(ExecutionEvent event) {
		LakeSource.refresh(Catalogs.home());
		return null;
	}

	@Override
	public boolean isEnabled() {
		return LakeSource.refreshable(Catalogs.home());
	}
}
