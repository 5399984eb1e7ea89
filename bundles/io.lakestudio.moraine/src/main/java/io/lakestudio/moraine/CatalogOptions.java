package io.lakestudio.moraine;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Options for opening a catalog. {@code checkpoint}: pin a reader to that cut (it then writes nothing at all).
 * {@code holder}: who this writer is, as a second opener is told ("host/pid"). {@code leaseTimeout}: how long a
 * writer may stay quiet before another may take its lease over; {@code forceTakeover}: take it over regardless.
 */
public record CatalogOptions(Optional<String> checkpoint, int commitRetries, long maxCommitBytes, String holder,
		Duration leaseTimeout, boolean forceTakeover, String author, Clock clock) {

	public static CatalogOptions defaults() {
		return new CatalogOptions(Optional.empty(), 8, 64L << 20, defaultHolder(), Duration.ofSeconds(30), false,
				null, Clock.systemUTC());
	}

	private static volatile String cachedHolder;

	/** "host/pid", looked up once (the host name lookup can be slow). */
	static String defaultHolder() {
		if (cachedHolder == null)
			cachedHolder = lookUpHolder();
		return cachedHolder;
	}

	private static String lookUpHolder() {
		String host;
		try {
			host = java.net.InetAddress.getLocalHost().getHostName();
		} catch (java.io.IOException e) {
			host = "unknown-host";
		}
		return host + "/" + ProcessHandle.current().pid();
	}

	public CatalogOptions withCheckpoint(String id) {
		return new CatalogOptions(Optional.of(id), commitRetries, maxCommitBytes, holder, leaseTimeout,
				forceTakeover, author, clock);
	}

	public CatalogOptions withCommitRetries(int retries) {
		return new CatalogOptions(checkpoint, retries, maxCommitBytes, holder, leaseTimeout, forceTakeover, author,
				clock);
	}

	public CatalogOptions withMaxCommitBytes(long bytes) {
		return new CatalogOptions(checkpoint, commitRetries, bytes, holder, leaseTimeout, forceTakeover, author,
				clock);
	}

	public CatalogOptions withHolder(String who) {
		return new CatalogOptions(checkpoint, commitRetries, maxCommitBytes, who, leaseTimeout, forceTakeover,
				author, clock);
	}

	public CatalogOptions withLeaseTimeout(Duration timeout) {
		return new CatalogOptions(checkpoint, commitRetries, maxCommitBytes, holder, timeout, forceTakeover, author,
				clock);
	}

	public CatalogOptions withForceTakeover(boolean force) {
		return new CatalogOptions(checkpoint, commitRetries, maxCommitBytes, holder, leaseTimeout, force, author,
				clock);
	}

	public CatalogOptions withAuthor(String name) {
		return new CatalogOptions(checkpoint, commitRetries, maxCommitBytes, holder, leaseTimeout, forceTakeover,
				name, clock);
	}

	public CatalogOptions withClock(Clock c) {
		return new CatalogOptions(checkpoint, commitRetries, maxCommitBytes, holder, leaseTimeout, forceTakeover,
				author, c);
	}
}
