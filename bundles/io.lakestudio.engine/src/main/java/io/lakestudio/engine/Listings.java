package io.lakestudio.engine;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;

/**
 * How the engine asks the sync job for a listing, so that the engine itself needs nothing of the sync job: its
 * host (the command line, the engine server, the workbench) gives one backed by the sync worker. A name not in a
 * held listing asks for that listing before it is called missing; a table whose read failed asks for its listing
 * and metadata before the one retry.
 */
public interface Listings {

	/** Nobody to ask: names are answered from what the catalog holds, as before. */
	Listings NONE = listing -> {
		throw new Unavailable("no sync job serves this engine");
	};

	/**
	 * Reads {@code listing} (a {@link Listing} name) into the engine's catalog ahead of the sync job's queue, and
	 * returns when that one listing is done. Offline, paused or signed out it fails at once: nobody waits.
	 */
	void read(String listing) throws Unavailable;

	/** A table's listing (its lakehouse's tables) and its metadata, read again. */
	default void readTable(LakeTable t) throws Unavailable {
		read(Listing.tables(t.itemId()));
		read(Listing.tableMetadata(t.id()));
	}

	/** The listing could not be read now; the message says why (offline, a pause, sign-in, the lake's answer). */
	final class Unavailable extends Exception {

		private static final long serialVersionUID = 1L;

		public Unavailable(String message) {
			super(message);
		}

		public Unavailable(String message, Throwable cause) {
			super(message, cause);
		}
	}
}
