package io.lakestudio.cli.internal;

import java.time.Duration;
import java.time.Instant;

import io.lakestudio.onelake.LakeException;

/** What a failed lake call tells the person at the command line, and the pause it leaves for the next process. */
final class LakeFailures {

	private LakeFailures() {
	}

	/** While OneLake's pause lasts nothing is asked: fail before any request. */
	static void refuseDuringPause(Pauses pauses, String what) {
		Instant now = Instant.now();
		Instant until = pauses.until(now);
		if (until != null) {
			throw new Die(3, "OneLake asked for a pause until " + until + " (retry after "
					+ Pauses.seconds(Duration.between(now, until)) + "): " + what + " asks nothing until then.");
		}
	}

	static Die die(String what, LakeException e, Pauses pauses) {
		Instant now = Instant.now();
		return switch (e.kind()) {
		case OFFLINE -> new Die(3, "Offline: " + e.getMessage() + ". Without --fresh the command answers from the"
				+ " catalog.");
		case THROTTLED, UNAVAILABLE -> {
			// the seed's minute at least, longer when OneLake's Retry-After says so
			Duration wait = e.retryAfter() != null && e.retryAfter().compareTo(Duration.ofMinutes(1)) > 0
					? e.retryAfter() : Duration.ofMinutes(1);
			pauses.pause(now.plus(wait));
			String retry = e.retryAfter() != null ? "Retry-After " + Pauses.seconds(e.retryAfter()) : "no Retry-After";
			yield new Die(3, "OneLake asked for a pause (" + e.getMessage() + "; " + retry + "): nothing is asked"
					+ " until " + now.plus(wait) + ".");
		}
		case UNAUTHORIZED -> new Die(3, e.getMessage().startsWith("sign in again") ? e.getMessage()
				: "Sign in again ('lakestudio login'): " + e.getMessage());
		default -> new Die(3, what + " failed: " + e.getMessage());
		};
	}
}
