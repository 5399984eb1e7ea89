package io.lakestudio.emulator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock tests move by hand, shared by the emulator (request times, token expiry) and the code under test, so
 * rules measured in minutes and hours run in milliseconds.
 */
public final class TestClock extends Clock {

	private volatile Instant now;

	public TestClock(Instant start) {
		this.now = start;
	}

	public synchronized Instant advance(Duration d) {
		now = now.plus(d);
		return now;
	}

	public synchronized void set(Instant instant) {
		now = instant;
	}

	@Override
	public Instant instant() {
		return now;
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		return this;
	}
}
