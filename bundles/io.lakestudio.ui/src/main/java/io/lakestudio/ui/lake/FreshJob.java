package io.lakestudio.ui.lake;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.sync.Syncer;

/**
 * Refresh on OneLake: the selected nodes' listings read now, as the command line's {@code --fresh} does. Each goes
 * through {@link Syncer#fresh}: ahead of the queue, not held to the pace, still one request at a time. Offline,
 * signed out or during OneLake's pause it fails before asking anything, and the job's status says why. The tree is
 * not told: the catalog watcher sees the writes.
 */
final class FreshJob extends Job {

	static final Object FAMILY = RefreshJob.FAMILY;

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

	private final Syncer syncer;
	private final Map<String, String> listings;
	private final EventLog log;

	/** {@code listings}: each listing, with what the user selected for it (a node's name). */
	FreshJob(Syncer syncer, Map<String, String> listings, EventLog log) {
		super("Refreshing from OneLake");
		this.syncer = syncer;
		this.listings = new LinkedHashMap<>(listings);
		this.log = log;
		setUser(true);
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == FAMILY;
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		monitor.beginTask(getName(), listings.size());
		try {
			for (Map.Entry<String, String> l : listings.entrySet()) {
				if (monitor.isCanceled()) {
					return Status.CANCEL_STATUS;
				}
				monitor.subTask(l.getValue());
				log.log("sync", "Refresh asks for " + l.getKey() + " (" + l.getValue() + ")");
				try {
					syncer.fresh(l.getKey());
				} catch (LakeException e) {
					return Status.error("Refresh of " + l.getValue() + " failed. " + why(e)
							+ " The tree keeps what the catalog holds.");
				}
				monitor.worked(1);
			}
			return Status.OK_STATUS;
		} finally {
			monitor.done();
		}
	}

	/**
	 * The failure as a user reads it: a pause says until when, a refused token what to do, whatever status OneLake
	 * answered with.
	 */
	private String why(LakeException e) {
		Instant until = syncer.status().pausedUntil();
		if (until != null && (e.kind() == Kind.THROTTLED || e.kind() == Kind.UNAVAILABLE)) {
			String at = TIME.format(until.atZone(ZoneId.systemDefault()));
			String answer = e.getMessage().startsWith("OneLake asked for a pause") ? ""
					: " (it answered: " + e.getMessage() + ")";
			return "OneLake asked for a pause until " + at + answer + "; nothing is asked of it before then.";
		}
		if (e.kind() == Kind.UNAUTHORIZED) {
			String answer = e.getMessage().startsWith("Sign in") ? "" : " (it answered: " + e.getMessage() + ")";
			return "OneLake did not take the account's token and it can't be renewed silently" + answer
					+ ": Sign In again.";
		}
		return e.getMessage().endsWith(".") ? e.getMessage() : e.getMessage() + ".";
	}
}
