package io.lakestudio.ui.account;

import java.nio.file.Path;
import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;

import io.lakestudio.catalog.Settings;
import io.lakestudio.identity.DeviceCode;
import io.lakestudio.identity.SignInException;
import io.lakestudio.sync.account.UserSignIn;

/**
 * The device-code sign-in of an account, off the UI thread, with progress: waits until the code is approved in a
 * browser (anywhere), declined or expired. Cancel interrupts the wait (Identity then gives up the code).
 */
public final class SignInJob extends Job {

	public static final Object FAMILY = SignInJob.class;

	private final Path home;
	private final String account;
	private final Consumer<DeviceCode> show;
	private volatile Thread waiting;
	private volatile UserSignIn.Done done;

	public SignInJob(Path home, String account, Consumer<DeviceCode> show) {
		super("Signing in to OneLake as account " + account);
		this.home = home;
		this.account = account;
		this.show = show;
		setUser(false); // the dialog shows the code and the progress; no second progress dialog over it
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
		monitor.beginTask("Waiting for the device code to be approved", IProgressMonitor.UNKNOWN);
		waiting = Thread.currentThread();
		try {
			if (monitor.isCanceled()) {
				return Status.CANCEL_STATUS;
			}
			done = UserSignIn.run(Settings.load(home), account, home, show);
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
