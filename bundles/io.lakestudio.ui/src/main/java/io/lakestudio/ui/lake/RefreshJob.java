package io.lakestudio.ui.lake;

import java.nio.file.Path;
import java.time.Clock;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.ISchedulingRule;
import org.eclipse.core.runtime.jobs.Job;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.sync.SyncPass;

/**
 * Refresh: one sync sweep of the lake into the catalog, off the UI thread, with progress and cancel. The tree is
 * not told anything: the catalog watcher sees the writes and redraws the nodes that changed. One sweep at a time
 * (a shared rule), so pressing Refresh twice queues rather than doubles the requests.
 */
public final class RefreshJob extends Job {

	public static final Object FAMILY = RefreshJob.class;

	private static final ISchedulingRule ONE_SWEEP = new ISchedulingRule() {
		@Override
		public boolean contains(ISchedulingRule rule) {
			return rule == this;
		}

		@Override
		public boolean isConflicting(ISchedulingRule rule) {
			return rule == this;
		}
	};

	private final Path home;

	public RefreshJob(Path home) {
		super("Refreshing the OneLake catalog");
		this.home = home;
		setRule(ONE_SWEEP);
		setUser(true);
	}

	@Override
	public boolean belongsTo(Object family) {
		return family == FAMILY;
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		monitor.beginTask(getName(), IProgressMonitor.UNKNOWN);
		EventLog log = new EventLog(home);
		String account = Settings.load(home).account();
		try (Lake lake = LakeSource.open(home).orElseThrow(() -> new IllegalStateException(LakeSource.NO_LAKE));
				Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, account), account)) {
			log.log("sync", "sweep of " + lake.describe() + " started (Refresh)");
			long t0 = System.nanoTime();
			SyncPass.Result r = new SyncPass(catalog, lake, Clock.systemUTC(), log).run(SyncPass.Options.ALL, what -> {
				monitor.subTask(what);
				monitor.worked(1);
			}, monitor::isCanceled);
			long ms = (System.nanoTime() - t0) / 1_000_000;
			String done = monitor.isCanceled() ? "sweep cancelled" : "sweep done";
			log.log("sync", done + ": " + r.listings() + " listings, " + r.failures() + " failed, " + ms + " ms");
			return monitor.isCanceled() ? Status.CANCEL_STATUS
					: r.failures() == 0 ? Status.OK_STATUS
							: Status.warning(r.failures() + " listings failed: " + String.join("; ", r.failureMessages()));
		} catch (RuntimeException e) {
			log.log("sync", "refresh failed: " + e.getMessage());
			return Status.error("Refresh failed: " + e.getMessage(), e);
		} finally {
			monitor.done();
		}
	}
}
