package io.lakestudio.ui.lake;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.core.runtime.jobs.Job;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.sync.SyncJob;
import io.lakestudio.sync.Syncer;
import io.lakestudio.sync.account.Accounts;

/**
 * The workbench's sync worker for a signed-in OneLake account: a {@link Syncer} under the catalog's lease and pace,
 * run by a {@link SyncJob}, started behind the tree when the view opens; Refresh reads the selected nodes'
 * listings at once ({@link #fresh}). The tree says which
 * lakehouses are open, so their tables' metadata comes before the routine queue. One per workbench, for the
 * current account; a switch or a sign-out stops it and gives the lease up. A folder lake is swept by
 * {@link RefreshJob} instead.
 */
public final class AccountSync {

	/** How often a step runs at the latest: keeps the lease (stale after 90 s) fresh while idle or paused. */
	static final Duration HEARTBEAT = Duration.ofSeconds(30);

	private static AccountSync current;

	private final String key;
	private final Catalog catalog;
	private final Lake lake;
	private final Syncer syncer;
	private final SyncJob job;
	private final Set<String> opened = new HashSet<>();
	private final EventLog log;

	private AccountSync(String key, Catalog catalog, Lake lake, Syncer syncer, EventLog log) {
		this.key = key;
		this.catalog = catalog;
		this.lake = lake;
		this.syncer = syncer;
		this.job = new SyncJob(syncer, HEARTBEAT);
		this.log = log;
	}

	/**
	 * The running worker for the current account, started if need be; empty when the account is no OneLake one or
	 * nobody is signed in to it (then nothing is asked of the lake).
	 */
	public static synchronized Optional<AccountSync> ensure(Path home) {
		Settings s = Settings.load(home);
		String k = home.toAbsolutePath() + "|" + s.account() + "|" + Accounts.signedIn(s) + "|"
				+ s.string(Accounts.FABRIC_ENDPOINT, "") + "|" + s.string(Accounts.ONELAKE_ENDPOINT, "");
		if (current != null && current.key.equals(k)) {
			return Optional.of(current);
		}
		stop();
		if (!Accounts.isOneLake(s) || !Accounts.signedIn(s)) {
			return Optional.empty();
		}
		EventLog log = new EventLog(home);
		Lake lake;
		try {
			lake = Accounts.oneLake(s, line -> log.log("lake", line));
		} catch (Accounts.NoLake e) {
			log.log("sync", "no sync for account " + s.account() + ": " + e.getMessage());
			return Optional.empty();
		}
		Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, s.account()), s.account());
		Syncer.Config d = Syncer.defaults(Syncer.holderId());
		long ttl = (long) s.number(Settings.CATALOG_TTL_MINUTES, d.ttl().toMinutes());
		Syncer.Config config = new Syncer.Config(d.holder(), d.leaseStale(), Duration.ofMinutes(ttl),
				d.inUseEvery(), d.limits(), d.idle(), d.offlineProbe());
		Syncer syncer = new Syncer(catalog, lake, Clock.systemUTC(), line -> log.log("sync", line),
				() -> Settings.load(home).flag(Settings.OFFLINE), config);
		current = new AccountSync(k, catalog, lake, syncer, log);
		log.log("sync", "the workbench syncs " + lake.describe() + " for account " + s.account());
		current.job.schedule();
		return Optional.of(current);
	}

	/** The running worker, if any; never starts one. */
	public static synchronized Optional<AccountSync> running() {
		return Optional.ofNullable(current);
	}

	/** Stops the worker (sign-out, switch, the workbench closing): waits for its step and gives the lease up. */
	public static synchronized void stop() {
		if (current == null) {
			return;
		}
		try {
			current.job.stop();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		} finally {
			current.lake.close();
			current.catalog.close();
			current = null;
		}
	}

	/** A step now (what is due, under the pace) instead of after the current wait. */
	public void wake() {
		job.wake();
	}

	/**
	 * Refresh: {@code listings} read now, ahead of the pace ({@link FreshJob}), each with the name the user knows it
	 * by; returns the job scheduled.
	 */
	public Job fresh(Map<String, String> listings) {
		FreshJob fresh = new FreshJob(syncer, listings, log);
		fresh.schedule();
		return fresh;
	}

	/** The tree opened or closed a lakehouse: its tables and their metadata go ahead of the routine queue. */
	public void opened(String itemId, boolean open) {
		synchronized (opened) {
			if (open ? !opened.add(itemId) : !opened.remove(itemId)) {
				return;
			}
		}
		syncer.open(itemId, open);
		if (open) {
			job.wake();
		}
	}

	public Syncer syncer() {
		return syncer;
	}
}
