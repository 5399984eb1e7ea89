package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.function.Function;

import org.eclipse.core.commands.NotEnabledException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.ui.console.ConsolePlugin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.onelake.Lake;
import io.lakestudio.ui.commands.RefreshHandler;
import io.lakestudio.ui.commands.ShowLogsHandler;
import io.lakestudio.ui.account.SignInHandler;
import io.lakestudio.ui.account.SignOutHandler;
import io.lakestudio.ui.account.SwitchAccountHandler;
import io.lakestudio.ui.lake.LakeSource;
import io.lakestudio.ui.lake.RefreshJob;
import io.lakestudio.ui.logs.LogConsole;
import io.lakestudio.ui.tree.CatalogTree;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * Refresh runs a sync sweep of the local folder lake as a job (the tree fills in through the catalog watcher) and
 * the Logs console shows that sweep's lines; Sign Out is disabled with nobody signed in.
 */
class RefreshAndLogsTest {

	@TempDir
	Path home;
	@TempDir
	Path lake;
	private Function<Path, Lake> old;

	@AfterEach
	void close() {
		Workbench.closeView();
		if (old != null) {
			LakeSource.useFactory(old);
		}
	}

	@Test
	void refreshSweepsTheLakeAndTheConsoleShowsIt() throws Exception {
		Workbench.useHome(home);
		FolderLake.use(home, FolderLake.write(lake));
		old = LakeSource.useFactory(FolderLake::counting);
		FolderLake.REQUESTS.clear();
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.viewer().getTree().getItemCount() > 0);
		assertTrue(view.viewer().getTree().getItem(0).getText().contains(CatalogTree.NOTHING_SYNCED));
		assertTrue(FolderLake.REQUESTS.isEmpty(), "opening the view asks the lake nothing: " + FolderLake.REQUESTS);

		Commands.execute(ShowLogsHandler.ID);
		LogConsole console = (LogConsole) java.util.Arrays
				.stream(ConsolePlugin.getDefault().getConsoleManager().getConsoles())
				.filter(LogConsole.class::isInstance).findFirst().orElseThrow();
		assertTrue(Commands.command(RefreshHandler.ID).isEnabled(), "a lake folder is set: Refresh is enabled");
		Commands.execute(RefreshHandler.ID);
		Job.getJobManager().join(RefreshJob.FAMILY, new NullProgressMonitor());
		assertTrue(FolderLake.REQUESTS.contains("workspaces"), FolderLake.REQUESTS.toString());
		assertTrue(FolderLake.REQUESTS.contains("metadata Sales/Orders.Lakehouse//orders"),
				FolderLake.REQUESTS.toString());

		Workbench.waitUntil("the tree redrawn by the watcher", 10_000,
				() -> view.viewer().getTree().getItem(0).getText().equals("local 2"));
		Workbench.path(view, "local", "Sales", "Lakehouses", "Orders", "orders");
		Workbench.waitUntil("the sweep's lines in the console", 10_000,
				() -> console.getDocument().get().contains("sweep done"));
		String text = console.getDocument().get();
		assertTrue(text.contains("sync sweep of local folder " + lake), text);
		assertTrue(text.contains("(Refresh)"), text);
		// every lake request, with its outcome, size and time
		assertTrue(text.matches("(?s).* lake LIST / ok 2 entries \\d+ ms\n.*"), text);
		assertTrue(text.matches("(?s).* lake GET Sales/Orders.Lakehouse/Tables/orders/_delta_log ok v\\d+ \\d+ ms\n.*"),
				text);
		Workbench.screenshot("refresh-and-logs", view.viewer().getControl().getShell());
	}

	@Test
	void signOutIsDisabledWhenNobodyIsSignedIn() throws Exception {
		Workbench.useHome(home);
		for (String id : new String[] { SignInHandler.ID, SignOutHandler.ID, SwitchAccountHandler.ID }) {
			assertTrue(Commands.command(id).isDefined(), id);
		}
		assertTrue(Commands.command(SignInHandler.ID).isEnabled());
		assertFalse(Commands.command(SignOutHandler.ID).isEnabled(), "the folder lake's account: nobody to sign out");
		assertThrows(NotEnabledException.class, () -> Commands.execute(SignOutHandler.ID));
		assertFalse(Commands.command(RefreshHandler.ID).isEnabled(), "no lake folder: Refresh is disabled");
		assertEquals(true, LakeSource.NO_LAKE.contains("Preferences"));
	}
}
