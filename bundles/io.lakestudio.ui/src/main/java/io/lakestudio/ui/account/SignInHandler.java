package io.lakestudio.ui.account;

import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.HandlerUtil;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;
import io.lakestudio.sync.account.Accounts;

/**
 * Sign In with a Device Code: the device-code flow for the current OneLake account (or a new account "onelake" from the folder lake's),
 * with the tenant, authority and endpoints of settings.json (Preferences > Lakestudio). The code shows in a
 * {@link DeviceCodeDialog} while a {@link SignInJob} waits; signed in, the tree re-roots on the account's catalog
 * and its sync job starts.
 */
public final class SignInHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.signIn";
	/** The account a sign-in from the folder lake's account makes, as {@code lakestudio login} does. */
	public static final String DEFAULT_ACCOUNT = "onelake";

	private static volatile DeviceCodeDialog last;

	@Override
	public Object execute(ExecutionEvent event) {
		Path home = Catalogs.home();
		String account = account(home);
		Shell shell = shell(event);
		Display display = PlatformUI.getWorkbench().getDisplay();
		Shell parent = shell;
		DeviceCodeDialog[] dialog = new DeviceCodeDialog[1];
		SignInJob job = new SignInJob(home, account, code -> display.asyncExec(() -> dialog[0].show(code)));
		dialog[0] = new DeviceCodeDialog(shell, job);
		job.addJobChangeListener(new JobChangeAdapter() {
			@Override
			public void done(IJobChangeEvent e) {
				display.asyncExec(() -> finished(parent, dialog[0], e.getResult()));
			}
		});
		dialog[0].open();
		last = dialog[0];
		job.schedule();
		return null;
	}

	private static void finished(Shell shell, DeviceCodeDialog dialog, IStatus result) {
		dialog.finished(result);
		finished(shell, result);
	}

	/** A sign-in ended (UI thread): the tree re-roots on the account, or the failure is said. */
	static void finished(Shell shell, IStatus result) {
		if (result.isOK()) {
			AccountSwitch.reroot();
		} else if (result.getSeverity() == IStatus.ERROR) {
			MessageDialog.openError(shell, DeviceCodeDialog.TITLE, result.getMessage());
		}
	}

	/** The account Sign In signs in: the current OneLake one, or a new one from the folder lake's. */
	static String account(Path home) {
		Settings s = Settings.load(home);
		return Accounts.isOneLake(s) ? s.account() : DEFAULT_ACCOUNT;
	}

	static Shell shell(ExecutionEvent event) {
		Shell shell = HandlerUtil.getActiveShell(event);
		if (shell == null || shell.isDisposed()) { // a dialog that just closed can still be the context's shell
			var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
			shell = window == null ? null : window.getShell();
		}
		return shell;
	}

	/** The dialog of the latest Sign In (tests read its code). */
	public static DeviceCodeDialog lastDialog() {
		return last;
	}
}
