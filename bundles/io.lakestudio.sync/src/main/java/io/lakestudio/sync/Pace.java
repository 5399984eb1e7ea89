package io.lakestudio.sync;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The sync job's limits, on an injected clock: at most {@code perWindow} listings in any {@code window}; a pause of
 * at least {@code pause} (longer when the lake's Retry-After says so) after a 429, a 503 or no answer; and a
 * listing that failed is not asked again for {@code failedWait}. A listing holds its place in the window from its
 * start until its answer and counts from the answer on: the lake counts a request when it arrives, which is after
 * we sent it but before we had the answer, so the sixth never reaches the lake within the window of the first
 * (counted from the start, one slow first request let six arrive in 14.9999 s).
 */
public final class Pace {

	public record Limits(int perWindow, Duration window, Duration pause, Duration failedWait) {
		public static final Limits SEED = new Limits(5, Duration.ofSeconds(15), Duration.ofMinutes(1),
				Duration.ofHours(1));
	}

	private final Limits limits;
	/** When each listing in the window counts from: its answer, or {@link Instant#MAX} while it has none. */
	private final List<Instant> counted = new ArrayList<>();
	private final Map<String, Instant> failed = new HashMap<>();
	private Instant pausedUntil = Instant.MIN;

	public Pace(Limits limits) {
		this.limits = limits;
	}

	public Limits limits() {
		return limits;
	}

	/**
	 * When the next paced listing may start: now, or when the oldest answered one leaves the window (a listing still
	 * waiting for its answer never leaves it: {@link Instant#MAX}).
	 */
	synchronized Instant nextSlot(Instant now) {
		counted.removeIf(t -> !t.equals(Instant.MAX) && !t.plus(limits.window()).isAfter(now));
		if (counted.size() < limits.perWindow()) {
			return now;
		}
		Instant oldest = Collections.min(counted);
		return oldest.equals(Instant.MAX) ? Instant.MAX : oldest.plus(limits.window());
	}

	/** A listing starts: it holds a place in the window until {@link #answered}. */
	synchronized void started() {
		counted.add(Instant.MAX);
	}

	/** A listing started earlier has its answer (or failed) at {@code now}: it counts from then. */
	synchronized void answered(Instant now) {
		int i = counted.indexOf(Instant.MAX);
		if (i >= 0) {
			counted.set(i, now);
		}
	}

	synchronized void pause(Instant now, Duration retryAfter) {
		Duration d = retryAfter != null && retryAfter.compareTo(limits.pause()) > 0 ? retryAfter : limits.pause();
		Instant until = now.plus(d);
		if (until.isAfter(pausedUntil)) {
			pausedUntil = until;
		}
	}

	synchronized boolean paused(Instant now) {
		return pausedUntil.isAfter(now);
	}

	synchronized Instant pausedUntil() {
		return pausedUntil;
	}

	synchronized void failed(String listing, Instant at) {
		failed.put(listing, at);
	}

	synchronized void succeeded(String listing) {
		failed.remove(listing);
	}

	/** Whether {@code listing} failed less than {@code failedWait} ago. */
	synchronized boolean resting(String listing, Instant now) {
		Instant at = failed.get(listing);
		return at != null && at.plus(limits.failedWait()).isAfter(now);
	}
}
