package io.lakestudio.ui.commands;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.HandlerUtil;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.ui.lake.ClearCache;
import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.tree.OneLakeView;

/** Clear Cached OneLake Data: asks first, listing what goes, then deletes and reopens the tree on nothing. */
public final class ClearCacheHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.clearCache";
	public static final String TITLE = "Clear Cached OneLake Data";

	@Override
	public Object execute(ExecutionEvent event) throws ExecutionException {
		Path home = Catalogs.home();
		Shell shell = HandlerUtil.getActiveShell(event);
		try {
			List<Path> targets = ClearCache.targets(home);
			if (targets.isEmpty()) {
				MessageDialog.openInformation(shell, TITLE, "There is no cached OneLake data in " + home + ".");
				return null;
			}
			String list = targets.stream().map(p -> "  " + home.relativize(p)).collect(Collectors.joining("\n"));
			if (!MessageDialog.openQuestion(shell, TITLE, "Delete the catalog, mirror and cache in " + home
					+ "?\n\n" + list + "\n\nThe tree is empty until the next Refresh. Settings and logs are kept.")) {
				return null;
			}
			closeTrees(); // the tree holds the catalog open; reopen it after the files are gone
			Engines.close(); // so does the engine (and its cache and mirror): the next statement makes a new one
			ClearCache.delete(home);
			new EventLog(home).log("cache", "cleared " + targets.size() + " entries in " + home);
			reopenTrees();
		} catch (IOException e) {
			throw new ExecutionException("Cannot clear " + home + ": " + e.getMessage(), e);
		}
		return null;
	}

	private static void closeTrees() {
		forEachView(OneLakeView::release);
	}

	private static void reopenTrees() {
		forEachView(OneLakeView::reload);
	}

	private static void forEachView(java.util.function.Consumer<OneLakeView> action) {
		for (var window : PlatformUI.getWorkbench().getWorkbenchWindows()) {
			for (var page : window.getPages()) {
				for (IViewReference ref : page.getViewReferences()) {
					if (OneLakeView.ID.equals(ref.getId()) && ref.getView(false) instanceof OneLakeView v) {
						action.accept(v);
					}
				}
			}
		}
	}
}
