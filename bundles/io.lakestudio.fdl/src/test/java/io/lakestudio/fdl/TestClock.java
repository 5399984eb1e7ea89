package io.lakestudio.fdl;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves, so grace periods pass in no time. */
final class TestClock extends Clock {

	private volatile Instant now;

	TestClock(Instant start) {
		now = start;
	}

	void pass(Duration d) {
		now = now.plus(d);
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
