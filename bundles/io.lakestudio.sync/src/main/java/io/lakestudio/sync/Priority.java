package io.lakestudio.sync;

/** The sync queue's order: what someone waits for first, routine refresh last. */
public enum Priority {
	/** {@code --fresh}: someone is waiting, not held to the pace. */
	FRESH,
	/** A listing a reader asked for because the catalog never held it. */
	READER,
	/** Opened lakehouses' listings and tables' metadata, and tables in use (hourly). */
	OPENED,
	/** Listings older than catalogTtlMinutes, and those never held. */
	ROUTINE
}
