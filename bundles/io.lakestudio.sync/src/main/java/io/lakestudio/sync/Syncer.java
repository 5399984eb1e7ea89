package io.lakestudio.sync;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;

/**
 * The sync worker's rules, free of any job framework so they run on an injected clock: the lease (only its holder
 * sweeps), the queue's priorities, the pace, pauses, the hour a failed listing rests, and offline (ask nothing, fail
 * waiting readers at once). {@link #step()} does at most one listing and says how long until it has more to do;
 * {@link SyncJob} runs it as an Eclipse job. One request is in flight at a time, {@code --fresh} included.
 */
public final class Syncer {

	/** How the worker behaves; {@link #defaults(String)} is the seed's. */
	public record Config(String holder, Duration leaseStale, Duration ttl, Duration inUseEvery, Pace.Limits limits,
			Duration idle, Duration offlineProbe) {
	}

	public static Config defaults(String holder) {
		return new Config(holder, Duration.ofSeconds(90), Duration.ofMinutes(60), Duration.ofHours(1),
				Pace.Limits.SEED, Duration.ofSeconds(30), Duration.ofMinutes(1));
	}

	/** What {@code status} shows of the worker. */
	public record Status(boolean holder, boolean offline, Instant pausedUntil, boolean signInNeeded, int waiting) {
	}

	private final Catalog catalog;
	private final Lake lake;
	private final Clock clock;
	private final Consumer<String> log;
	private final BooleanSupplier offlineSetting;
	private final Config config;
	private final Pace pace;
	private final Fetch fetch;
	private final Planner planner;
	private final Object inFlight = new Object();
	private final Map<String, Priority> asked = new LinkedHashMap<>();
	private final Map<String, List<CompletableFuture<Void>>> waiters = new HashMap<>();
	private final Set<String> opened = new LinkedHashSet<>();
	private Instant offlineUntil = Instant.MIN;
	private boolean signInNeeded;
	private boolean holder;
	private int issued;

	public Syncer(Catalog catalog, Lake lake, Clock clock, Consumer<String> log, BooleanSupplier offlineSetting,
			Config config) {
		this.catalog = catalog;
		this.lake = lake;
		this.clock = clock;
		this.log = log;
		this.offlineSetting = offlineSetting;
		this.config = config;
		this.pace = new Pace(config.limits());
		this.fetch = new Fetch(catalog, lake, clock);
		this.planner = new Planner(catalog, config.ttl(), config.inUseEvery());
	}

	/** This process as a lease holder: host, pid and start time. */
	public static String holderId() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		} catch (Exception e) {
			host = "localhost";
		}
		return host + ":" + ProcessHandle.current().pid() + ":"
				+ Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());
	}

	/** The tree opened (or closed) a lakehouse: its tables' metadata is kept current. */
	public synchronized void open(String itemId, boolean open) {
		if (open) {
			opened.add(itemId);
		} else {
			opened.remove(itemId);
		}
	}

	/** Someone signed in again: the worker may ask the lake. */
	public synchronized void signedIn() {
		signInNeeded = false;
	}

	/** Listings this worker asked the lake for, successful or not. */
	public synchronized int issued() {
		return issued;
	}

	public synchronized Status status() {
		Instant now = clock.instant();
		return new Status(holder, offline(now), pace.paused(now) ? pace.pausedUntil() : null, signInNeeded,
				waiters.size());
	}

	/**
	 * A reader needs {@code listing}, which the catalog never held: it goes ahead of the routine queue, and the
	 * future completes when that one listing is done. Offline, paused, signed out or failed within the hour, it
	 * fails at once: no reader waits on a timeout.
	 */
	public synchronized CompletableFuture<Void> request(String listing) {
		Instant now = clock.instant();
		Optional<SyncState> state = catalog.syncState(listing);
		if (state.isPresent() && state.get().held() && !state.get().failing()) {
			return CompletableFuture.completedFuture(null);
		}
		LakeException refused = refusal(now, listing, false);
		if (refused != null) {
			return CompletableFuture.failedFuture(refused);
		}
		asked.merge(listing, Priority.READER, (a, b) -> a.compareTo(b) <= 0 ? a : b);
		CompletableFuture<Void> f = new CompletableFuture<>();
		waiters.computeIfAbsent(listing, k -> new ArrayList<>()).add(f);
		return f;
	}

	/**
	 * {@code --fresh}: reads {@code listing} now, ahead of the queue and not held to the pace, still one request at
	 * a time, into the catalog. Fails at once offline, signed out, or while the lake has asked for a pause.
	 */
	public void fresh(String listing) throws LakeException {
		synchronized (this) {
			LakeException refused = refusal(clock.instant(), listing, true);
			if (refused != null) {
				throw refused;
			}
		}
		LakeException failure = run(listing);
		if (failure != null) {
			throw failure;
		}
	}

	/** Does at most one listing; returns how long until there may be more to do. */
	public Duration step() {
		Instant now = clock.instant();
		String next;
		synchronized (this) {
			holder = catalog.acquireLease(config.holder(), config.leaseStale(), now);
			if (!holder) {
				return config.idle();
			}
			if (offline(now) || signInNeeded) {
				failWaiters(refusal(now, null, false));
				return offlineSetting.getAsBoolean() || signInNeeded ? config.idle()
						: Duration.between(now, offlineUntil);
			}
			if (pace.paused(now)) {
				failWaiters(refusal(now, null, false));
				return Duration.between(now, pace.pausedUntil());
			}
			Map<String, Priority> queue = new LinkedHashMap<>(asked);
			planner.plan(now, opened).forEach(queue::putIfAbsent);
			Map.Entry<String, Priority> best = null;
			for (Map.Entry<String, Priority> e : queue.entrySet()) {
				if (pace.resting(e.getKey(), now)) {
					continue;
				}
				if (best == null || e.getValue().compareTo(best.getValue()) < 0) {
					best = e;
				}
			}
			if (best == null) {
				return config.idle();
			}
			Instant slot = pace.nextSlot(now);
			if (slot.isAfter(now)) {
				// a window full of listings still waiting for their answers: look again a window later
				Instant later = now.plus(pace.limits().window());
				return Duration.between(now, slot.isAfter(later) ? later : slot);
			}
			next = best.getKey();
			pace.started();
		}
		run(next);
		return Duration.ZERO;
	}

	/** Gives the lease up, so another process takes over at once. */
	public synchronized void release() {
		catalog.releaseLease(config.holder());
		holder = false;
	}

	/** Does one listing, records a failure and applies its rule; returns the failure, or null. */
	private LakeException run(String listing) {
		LakeException failure = null;
		synchronized (inFlight) {
			synchronized (this) {
				issued++;
			}
			try {
				fetch.run(listing);
			} catch (LakeException e) {
				failure = e;
			} catch (RuntimeException e) {
				failure = new LakeException(Kind.FAILED, String.valueOf(e.getMessage()), e);
			} finally {
				pace.answered(clock.instant());
			}
		}
		Instant now = clock.instant();
		synchronized (this) {
			asked.remove(listing);
			if (failure == null) {
				pace.succeeded(listing);
				complete(listing, null);
				return null;
			}
			catalog.recordFailure(listing, failure.getMessage(), now);
			log.accept("refresh failed: " + listing + " (" + failure.kind() + "): " + failure.getMessage());
			switch (failure.kind()) {
			case THROTTLED, UNAVAILABLE -> {
				pace.pause(now, failure.retryAfter());
				pace.failed(listing, now);
				log.accept("paused until " + pace.pausedUntil());
			}
			case OFFLINE -> offlineUntil = now.plus(config.offlineProbe());
			case UNAUTHORIZED -> signInNeeded = true;
			default -> pace.failed(listing, now);
			}
			complete(listing, failure);
			if (failure.kind() != Kind.NOT_FOUND && failure.kind() != Kind.MALFORMED && failure.kind() != Kind.FAILED) {
				failWaiters(failure);
			}
			return failure;
		}
	}

	private boolean offline(Instant now) {
		return offlineSetting.getAsBoolean() || offlineUntil.isAfter(now);
	}

	/** Why {@code listing} can't be asked now, or null. A fresh listing skips the hour a failure rests. */
	private LakeException refusal(Instant now, String listing, boolean fresh) {
		if (offline(now)) {
			return new LakeException(Kind.OFFLINE, "Offline: nothing is asked of the lake");
		}
		if (signInNeeded) {
			return new LakeException(Kind.UNAUTHORIZED, "Sign in to refresh from OneLake");
		}
		if (pace.paused(now)) {
			return new LakeException(Kind.THROTTLED, "OneLake asked for a pause until " + pace.pausedUntil(),
					Duration.between(now, pace.pausedUntil()), null);
		}
		if (!fresh && listing != null && pace.resting(listing, now)) {
			String why = catalog.syncState(listing).map(SyncState::failureMessage).orElse("failed");
			return new LakeException(Kind.FAILED, "Refresh failed within the hour: " + why);
		}
		return null;
	}

	private void complete(String listing, LakeException failure) {
		List<CompletableFuture<Void>> w = waiters.remove(listing);
		if (w != null) {
			w.forEach(f -> {
				if (failure == null) {
					f.complete(null);
				} else {
					f.completeExceptionally(failure);
				}
			});
		}
	}

	private void failWaiters(LakeException why) {
		for (String listing : List.copyOf(waiters.keySet())) {
			asked.remove(listing);
			complete(listing, why);
		}
	}
}
