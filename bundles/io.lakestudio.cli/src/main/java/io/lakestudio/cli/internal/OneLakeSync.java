package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.sync.Syncer;

/**
 * {@code sync} against OneLake: the sync worker's steps, under its lease and pace, until its queue is empty. The
 * command line has no tree, so nothing is opened: it sweeps listings, and the metadata of tables in use (as the
 * catalog counts their reads) when it is an hour old. Ctrl-C ends the
 * wait between steps and the lease is given up, so another process takes over at once.
 */
final class OneLakeSync {

	private final Path home;
	private final Settings settings;
	private final PrintWriter err;
	private final boolean quiet;
	private final CountDownLatch cancel = new CountDownLatch(1);
	private final CountDownLatch finished = new CountDownLatch(1);

	OneLakeSync(Path home, Settings settings, PrintWriter err, boolean quiet) {
		this.home = home;
		this.settings = settings;
		this.err = err;
		this.quiet = quiet;
	}

	int run(PrintWriter out) {
		if (settings.flag(Settings.OFFLINE)) {
			throw new Die(3, "Offline (the offline setting is on): sync asks nothing.");
		}
		EventLog log = new EventLog(home);
		Syncer.Config config = config();
		Thread hook = new Thread(() -> {
			cancel.countDown();
			try {
				finished.await(10, TimeUnit.SECONDS);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}, "lakestudio-sync-cancel");
		Runtime.getRuntime().addShutdownHook(hook);
		try (Lake lake = Lakes.open(settings, line -> log.log("lake", line));
				Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account())) {
			catalog.openNotice().ifPresent(err::println);
			Syncer syncer = new Syncer(catalog, lake, Clock.systemUTC(), line -> {
				log.log("sync", line);
				progress(line);
			}, () -> settings.flag(Settings.OFFLINE), config);
			log.log("sync", "sweep of " + lake.describe() + " started");
			try {
				return sweep(syncer, catalog, lake, out, config);
			} finally {
				syncer.release();
			}
		} finally {
			finished.countDown();
			try {
				Runtime.getRuntime().removeShutdownHook(hook);
			} catch (IllegalStateException e) {
				// shutting down: the hook is running and waits for us
			}
		}
	}

	private int sweep(Syncer syncer, Catalog catalog, Lake lake, PrintWriter out, Syncer.Config config) {
		long t0 = System.nanoTime();
		while (cancel.getCount() > 0) {
			int before = syncer.issued();
			Duration next = syncer.step();
			Syncer.Status st = syncer.status();
			if (syncer.issued() > before) {
				var c = catalog.counts();
				progress(syncer.issued() + " listings: " + c.workspaces() + " workspaces, " + c.items() + " items, "
						+ c.tables() + " tables");
			}
			if (!st.holder()) {
				throw new Die(3, "Another process is sweeping (" + catalog.lease().map(l -> l.holder()).orElse("?")
						+ "); its listings reach this catalog too. See 'lakestudio status'.");
			}
			if (st.signInNeeded()) {
				throw new Die(3, "Sign in again ('lakestudio login'): OneLake refused the token.");
			}
			if (st.offline()) {
				throw new Die(3, "Offline: OneLake cannot be reached; the catalog keeps its last good rows.");
			}
			if (st.pausedUntil() != null) {
				new Pauses(home, settings.account()).pause(st.pausedUntil());
				progress("OneLake asked for a pause: waiting until " + st.pausedUntil());
			} else if (next.equals(config.idle())) {
				break; // nothing left that may be asked now
			}
			try {
				cancel.await(next.toMillis(), TimeUnit.MILLISECONDS);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		long ms = (System.nanoTime() - t0) / 1_000_000;
		var c = catalog.counts();
		boolean cancelled = cancel.getCount() == 0;
		out.println((cancelled ? "sync stopped: " : "synced ") + lake.describe() + ": " + syncer.issued()
				+ " listings asked; the catalog holds " + c.workspaces() + " workspaces, " + c.items() + " items, "
				+ c.tables() + " tables (" + ms + " ms)");
		long failing = catalog.syncStates().stream().filter(s -> s.failing()).count();
		if (failing > 0) {
			err.println(failing + " listings failing; 'lakestudio status' shows them");
		}
		return cancelled ? 3 : 0;
	}

	private Syncer.Config config() {
		Syncer.Config d = Syncer.defaults(Syncer.holderId());
		long ttl = (long) settings.number(Settings.CATALOG_TTL_MINUTES, d.ttl().toMinutes());
		return new Syncer.Config(d.holder(), d.leaseStale(), Duration.ofMinutes(ttl), d.inUseEvery(), d.limits(),
				d.idle(), d.offlineProbe());
	}

	private void progress(String line) {
		if (!quiet) {
			err.println(line);
			err.flush();
		}
	}
}
