package io.lakestudio.sync;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;

/** Runs a syncer on a test clock, and reads the emulator's log as listings. */
final class Drive {

	private Drive() {
	}

	/** Steps, moving the clock by each delay, until the worker is idle; returns the simulated time taken. */
	static Duration untilIdle(Syncer s, TestClock clock, int maxSteps) {
		Instant t0 = clock.instant();
		for (int i = 0; i < maxSteps; i++) {
			Duration d = s.step();
			if (d.equals(Duration.ofSeconds(30)) && s.status().pausedUntil() == null) {
				return Duration.between(t0, clock.instant());
			}
			clock.advance(d);
		}
		throw new AssertionError("not idle after " + maxSteps + " steps");
	}

	/** The first request of each listing (pages and the lakehouses call belong to the listing before them). */
	static List<Request> listingStarts(Emulator emu) {
		return emu.log().matching(r -> r.listing() && !r.target().contains("continuation")
				&& !r.path().endsWith("/lakehouses"));
	}
}
