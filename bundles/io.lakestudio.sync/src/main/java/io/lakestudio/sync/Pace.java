package io.lakestudio.sync;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * The sync job's limits, on an injected clock: at most {@code perWindow} listings in any {@code window}; a pause of
 * at least {@code pause} (longer when the lake's Retry-After says so) after a 429, a 503 or no answer; and a
 * listing that failed is not asked again for {@code failedWait}.
 */
public final class Pace {

	public record Limits(int perWindow, Duration window, Duration pause, Duration failedWait) {
		public static final Limits SEED = new Limits(5, Duration.ofSeconds(15), Duration.ofMinutes(1),
				Duration.ofHours(1));
	}

	private final Limits limits;
	private final Deque<Instant> started = new ArrayDeque<>();
	private final Map<String, Instant> failed = new HashMap<>();
	private Instant pausedUntil = Instant.MIN;

	public Pace(Limits limits) {
		this.limits = limits;
	}

	public Limits limits() {
		return limits;
	}

	/** When the next paced listing may start: now, or when the oldest in the window leaves it. */
	synchronized Instant nextSlot(Instant now) {
		while (!started.isEmpty() && !started.peekFirst().plus(limits.window()).isAfter(now)) {
			started.removeFirst();
		}
		return started.size() < limits.perWindow() ? now : started.peekFirst().plus(limits.window());
	}

	synchronized void started(Instant now) {
		started.addLast(now);
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
