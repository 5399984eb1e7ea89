package io.lakestudio.moraine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock a test moves by hand, so lease timeouts and checkpoint lifetimes need no sleeping. */
final class TestClock extends Clock {

	private Instant now;

	TestClock(Instant start) {
		now = start;
	}

	synchronized void advance(Duration d) {
		now = now.plus(d);
	}

	@Override
	public synchronized Instant instant() {
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
