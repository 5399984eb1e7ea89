package io.lakestudio.ui.account;

import java.nio.file.Path;
import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;

import io.lakestudio.catalog.Settings;
import io.lakestudio.identity.Browser;
import io.lakestudio.identity.DeviceCode;
import io.lakestudio.identity.SignInException;
import io.lakestudio.sync.account.UserSignIn;

/**
 * The sign-in of an account, off the UI thread, with progress: with a device code, waits until the code is approved
 * in a browser (anywhere), declined or expired; with the browser, opens Entra's page and waits until it comes back
 * to the loopback listener. Cancel interrupts the wait (Identity then gives the sign-in up).
 */
public final class SignInJob extends Job {

	public static final Object FAMILY = SignInJob.class;

	private final Path home;
	private final String account;
	private final Consumer<DeviceCode> show;
	private final Browser browser;
	private volatile Thread waiting;
	private volatile UserSignIn.Done done;

	/** The device-code sign-in: {@code show} gets the code to show. */
	public SignInJob(Path home, String account, Consumer<DeviceCode> show) {
		this(home, account, show, null);
		setUser(false); // the dialog shows the code and the progress; no second progress dialog over it
	}

	/** The browser sign-in: {@code browser} opens Entra's page; progress and Cancel are the workbench's. */
	public static SignInJob inBrowser(Path home, String account, Browser browser) {
		SignInJob job = new SignInJob(home, account, null, browser);
		job.setUser(true);
		return job;
	}

	private SignInJob(Path home, String account, Consumer<DeviceCode> show, Browser browser) {
		super("Signing in to OneLake as account " + account);
		this.home = home;
		this.account = account;
		this.show = show;
		this.browser = browser;
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == FAMILY;
	}

	/** Who signed in, once the job succeeded. */
	public UserSignIn.Done done() {
		return done;
	}

	public String account() {
		return account;
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		monitor.beginTask(show != null ? "Waiting for the device code to be approved"
				: "Waiting for the sign-in in the browser", IProgressMonitor.UNKNOWN);
		waiting = Thread.currentThread();
		try {
			if (monitor.isCanceled()) {
				return Status.CANCEL_STATUS;
			}
			done = UserSignIn.run(Settings.load(home), account, home, show, browser);
			return Status.OK_STATUS;
		} catch (SignInException e) {
			if (monitor.isCanceled()) {
				return Status.CANCEL_STATUS;
			}
			return Status.error("Sign-in failed: " + e.getMessage());
		} finally {
			waiting = null;
			Thread.interrupted(); // a cancel's interrupt must not reach the next job on this worker
			monitor.done();
		}
	}

	@Override
	protected void canceling() {
		Thread t = waiting;
		if (t != null) {
			t.interrupt();
		}
	}
}
