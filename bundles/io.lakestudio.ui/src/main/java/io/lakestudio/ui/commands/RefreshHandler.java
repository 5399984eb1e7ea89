package io.lakestudio.ui.commands;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.ui.lake.LakeSource;
import io.lakestudio.ui.lake.RefreshJob;

/** Schedules a sync sweep; enabled only when there is a lake to sweep. */
public final class RefreshHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.refresh";

	@Override
	public Object execute(ExecutionEvent event) {
		if (LakeSource.folder(Catalogs.home()).isPresent()) {
			new RefreshJob(Catalogs.home()).schedule();
		}
		return null;
	}

	@Override
	public boolean isEnabled() {
		return LakeSource.folder(Catalogs.home()).isPresent();
	}
}
