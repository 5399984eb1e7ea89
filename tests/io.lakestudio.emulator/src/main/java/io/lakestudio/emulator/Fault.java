package io.lakestudio.emulator;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fault the emulator plays instead of (or before) a normal answer. It matches requests whose path and query
 * contain {@link #on(String)} (every request when not set), lets {@link #after(int)} matching requests through
 * first, and applies {@link #times(int)} times (forever when not set).
 */
public final class Fault {

	public enum Kind {
		/** 429 with Retry-After. */
		THROTTLE,
		/** 503 with Retry-After when given. */
		UNAVAILABLE,
		/** Accepts the request and never answers until the fault is cleared or the emulator stops. */
		HOLD,
		/** Closes the connection without an answer. */
		RESET,
		/** 200 with a body cut in the middle of the JSON. */
		MALFORMED,
		/** 404 with Fabric's or DFS's error body. */
		NOT_FOUND,
		/** Answers normally after a delay. */
		SLOW,
		/** 401 as for an expired token. */
		UNAUTHORIZED
	}

	private final Kind kind;
	private final Duration duration;
	private String on = "";
	private int skip;
	private int times = -1;
	private final AtomicInteger seen = new AtomicInteger();
	private final AtomicInteger applied = new AtomicInteger();

	private Fault(Kind kind, Duration duration) {
		this.kind = kind;
		this.duration = duration;
	}

	public static Fault throttle(Duration retryAfter) {
		return new Fault(Kind.THROTTLE, retryAfter);
	}

	public static Fault unavailable() {
		return new Fault(Kind.UNAVAILABLE, null);
	}

	public static Fault hold() {
		return new Fault(Kind.HOLD, null);
	}

	public static Fault reset() {
		return new Fault(Kind.RESET, null);
	}

	public static Fault malformed() {
		return new Fault(Kind.MALFORMED, null);
	}

	public static Fault notFound() {
		return new Fault(Kind.NOT_FOUND, null);
	}

	public static Fault slow(Duration delay) {
		return new Fault(Kind.SLOW, delay);
	}

	public static Fault unauthorized() {
		return new Fault(Kind.UNAUTHORIZED, null);
	}

	/** Only requests whose path and query contain {@code text}, e.g. "/tables" or "continuationToken=". */
	public Fault on(String text) {
		this.on = text;
		return this;
	}

	/** Lets the first {@code n} matching requests through. */
	public Fault after(int n) {
		this.skip = n;
		return this;
	}

	public Fault times(int n) {
		this.times = n;
		return this;
	}

	public Kind kind() {
		return kind;
	}

	/** Retry-After for THROTTLE/UNAVAILABLE, the delay for SLOW. */
	public Duration duration() {
		return duration;
	}

	/** How many requests this fault was played on. */
	public int applied() {
		return applied.get();
	}

	/** Whether this fault takes the request; counts it when it does. */
	boolean take(String target) {
		if (!target.contains(on)) {
			return false;
		}
		if (seen.getAndIncrement() < skip) {
			return false;
		}
		if (times >= 0 && applied.get() >= times) {
			return false;
		}
		applied.incrementAndGet();
		return true;
	}

	@Override
	public String toString() {
		return kind + (on.isEmpty() ? "" : " on " + on) + (duration == null ? "" : " " + duration);
	}
}
