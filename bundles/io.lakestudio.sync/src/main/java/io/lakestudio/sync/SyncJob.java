package io.lakestudio.sync;

import java.time.Duration;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;

/**
 * The sync worker as an Eclipse job (headless too): each run does one {@link Syncer#step()} and schedules itself
 * again after the delay the step returned, at most {@code heartbeat} later so the lease stays fresh while idle or
 * paused. A reader's request or {@code open} calls {@link #wake()}.
 */
public final class SyncJob extends Job {

	/** The job family; tests wait with {@code Job.getJobManager().join(SyncJob.FAMILY, monitor)}. */
	public static final Object FAMILY = SyncJob.class;

	private final Syncer syncer;
	private final Duration heartbeat;
	private volatile boolean stopped;

	public SyncJob(Syncer syncer, Duration heartbeat) {
		super("Syncing the OneLake catalog");
		this.syncer = syncer;
		this.heartbeat = heartbeat;
		setSystem(true);
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == FAMILY;
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		if (stopped || monitor.isCanceled()) {
			return Status.CANCEL_STATUS;
		}
		Duration next = syncer.step();
		if (!stopped) {
			schedule(Math.max(0, Math.min(next.toMillis(), heartbeat.toMillis())));
		}
		return Status.OK_STATUS;
	}

	/** Runs a step now instead of after the current delay. */
	public void wake() {
		if (!stopped) {
			if (getState() == SLEEPING) {
				wakeUp(0);
			} else if (getState() == NONE) {
				schedule();
			}
		}
	}

	/** Stops rescheduling, waits for the running step, and gives the lease up. */
	public void stop() throws InterruptedException {
		stopped = true;
		cancel();
		join();
		syncer.release();
	}
}
