package io.lakestudio.cli.internal;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.Listings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.sync.Syncer;

/**
 * The engine's {@link Listings} as the command line and the engine server host it: each listing a statement lacks
 * goes through the sync worker's top-priority path ({@link Syncer#fresh}: that one listing, one request at a time,
 * into the catalog everyone reads). Offline, signed out, with no lake, or while OneLake's pause lasts, it fails at
 * once and asks nothing. The lake is opened on the first ask, not before.
 */
final class SyncListings implements Listings, AutoCloseable {

	private final Path home;
	private final Catalog catalog;
	private final EventLog log;
	private Lake lake;
	private Syncer syncer;
	private Pauses pauses;

	SyncListings(Path home, Catalog catalog) {
		this.home = home;
		this.catalog = catalog;
		this.log = new EventLog(home);
	}

	@Override
	public synchronized void read(String listing) throws Unavailable {
		Settings settings = Settings.load(home); // the offline switch may have moved since the server started
		if (settings.flag(Settings.OFFLINE)) {
			throw new Unavailable("Offline (the offline setting is on): nothing is asked of the lake");
		}
		Pauses p = pauses == null ? pauses = new Pauses(home, settings.account()) : pauses;
		Instant until = p.until(Instant.now());
		if (until != null) {
			throw new Unavailable("OneLake asked for a pause until " + until);
		}
		try {
			if (syncer == null) {
				lake = Lakes.open(settings, line -> log.log("lake", line));
				syncer = new Syncer(catalog, lake, Clock.systemUTC(), line -> log.log("sync", line),
						() -> Settings.load(home).flag(Settings.OFFLINE), Syncer.defaults(Syncer.holderId()));
			}
		} catch (Die e) {
			throw new Unavailable(e.getMessage(), e);
		}
		log.log("sync", "a statement asks for " + listing);
		try {
			syncer.fresh(listing);
		} catch (LakeException e) {
			if (e.kind() == LakeException.Kind.THROTTLED || e.kind() == LakeException.Kind.UNAVAILABLE) {
				Duration wait = e.retryAfter() != null && e.retryAfter().compareTo(Duration.ofMinutes(1)) > 0
						? e.retryAfter() : Duration.ofMinutes(1);
				p.pause(Instant.now().plus(wait));
			}
			throw new Unavailable(e.getMessage(), e);
		}
	}

	@Override
	public synchronized void close() {
		if (lake != null) {
			lake.close();
		}
	}
}
