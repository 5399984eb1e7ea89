package io.lakestudio.ui.account;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.identity.Browser;

/**
 * Sign In: the interactive browser flow, as {@code lakestudio login} does. Entra's page opens in the browser the
 * workbench is set to use for external pages (Preferences > General > Web Browser); the workbench shows the job's
 * progress and Cancel while it waits for the page to come back to the loopback listener. Signed in, the tree
 * re-roots on the account's catalog and its sync job starts. Where no browser can be used, Sign In with a Device
 * Code works from any other machine's browser.
 */
public final class BrowserSignInHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.signInBrowser";

	private static volatile Browser browser;

	@Override
	public Object execute(ExecutionEvent event) {
		Path home = Catalogs.home();
		Shell shell = SignInHandler.shell(event);
		Display display = PlatformUI.getWorkbench().getDisplay();
		Browser b = browser != null ? browser : page -> workbenchBrowser(display, page);
		SignInJob job = SignInJob.inBrowser(home, SignInHandler.account(home), b);
		job.addJobChangeListener(new JobChangeAdapter() {
			@Override
			public void done(IJobChangeEvent e) {
				display.asyncExec(() -> SignInHandler.finished(shell, e.getResult()));
			}
		});
		job.schedule();
		return null;
	}

	/** Opens the page in the workbench's external browser (UI thread, as the browser support wants). */
	private static void workbenchBrowser(Display display, java.net.URI page) throws IOException {
		IOException[] failed = new IOException[1];
		display.syncExec(() -> {
			try {
				PlatformUI.getWorkbench().getBrowserSupport().getExternalBrowser().openURL(page.toURL());
			} catch (PartInitException | java.net.MalformedURLException e) {
				failed[0] = new IOException("cannot open the browser: " + e.getMessage(), e);
			}
		});
		if (failed[0] != null) {
			throw failed[0];
		}
	}

	/** For tests: the browser the next Sign In opens its page with (null: the workbench's). */
	public static void useBrowser(Browser b) {
		browser = b;
	}
}
