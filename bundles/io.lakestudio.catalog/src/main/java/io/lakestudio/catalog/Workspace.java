package io.lakestudio.catalog;

import java.time.Instant;

/**
 * A workspace as the lake lists it. {@code lastRead} and {@code droppedAt} are the catalog's bookkeeping:
 * null in what a lake returns, filled in rows read back from the catalog.
 */
public record Workspace(String id, String name, Instant lastRead, Instant droppedAt) {

	public Workspace(String id, String name) {
		this(id, name, null, null);
	}

	public boolean dropped() {
		return droppedAt != null;
	}
}
