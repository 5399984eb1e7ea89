package io.lakestudio.catalog;

import java.time.Instant;

/**
 * One row per listing: when it last succeeded, when it last failed and why, whether the last success was a
 * complete listing, and a change sequence that grows with every write to what the listing covers (what the
 * catalog watcher reports).
 */
public record SyncState(String listing, Instant lastSuccess, Instant lastAttempt, Instant lastFailure,
		String failureMessage, boolean complete, long changeSeq) {

	/** A listing is held once it succeeded at least once. */
	public boolean held() {
		return lastSuccess != null;
	}

	/** The last attempt failed after (or without) the last success. */
	public boolean failing() {
		return lastFailure != null && (lastSuccess == null || lastFailure.isAfter(lastSuccess));
	}
}
