package io.lakestudio.engine.internal;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.Listings;

/**
 * The one retry after a table's read failed: its listing and metadata asked of the sync job, its log brought up to
 * date in the mirror; a second failure is final. Offline, or when the sync job can't be asked, it fails at once.
 */
public final class ReadRetry {

	private ReadRetry() {
	}

	/** Refreshes what {@code failed} names, or throws why the statement can't be tried again. */
	public static void refresh(TableReadFailed failed, Listings listings, TableReads reads, boolean noRetry)
			throws EngineException {
		if (noRetry) {
			throw failed;
		}
		try {
			listings.readTable(failed.table());
		} catch (Listings.Unavailable e) {
			if (listings != Listings.NONE) {
				throw new EngineException(Kind.FAILED, failed.getMessage() + " (its listing could not be read again: "
						+ e.getMessage() + ")", failed);
			}
			// nobody to ask for listings: the engine's own log refresh below is the retry
		}
		try {
			reads.refresh(failed.table());
		} catch (EngineException e) {
			throw new EngineException(e.kind(), failed.getMessage() + " (and its log could not be read again: "
					+ e.getMessage() + ")", failed);
		}
	}

	/** The failure after the retry: said as final, so nobody expects a loop. */
	public static EngineException afterRetry(TableReadFailed again) {
		return new EngineException(Kind.FAILED, again.getMessage() + " (still failing after its listing, metadata"
				+ " and log were read again)", again);
	}
}
