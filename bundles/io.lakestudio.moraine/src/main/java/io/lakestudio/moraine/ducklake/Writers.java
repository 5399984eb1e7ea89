package io.lakestudio.moraine.ducklake;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import io.lakestudio.moraine.Catalog;

/**
 * The writer of each store this process has attached read-write, shared by every attachment of it: one process
 * holds a store's writer lease, as moraine has it, and two sessions of this process writing one catalog take turns
 * on that one writer (DuckLake's conflict rules between them), where a second writer would be refused. Closed when
 * the last attachment goes.
 */
final class Writers {

	private record Held(Catalog catalog, int uses) {
	}

	private static final Map<String, Held> HELD = new HashMap<>();

	private Writers() {
	}

	/** The store's writer, opened by {@code open} when this process holds none. */
	static synchronized Catalog acquire(String store, Supplier<Catalog> open) {
		Held h = HELD.get(store);
		Catalog c = h != null ? h.catalog() : open.get();
		HELD.put(store, new Held(c, h == null ? 1 : h.uses() + 1));
		return c;
	}

	/** One attachment fewer; the last closes the writer (giving its lease up). */
	static synchronized void release(String store) {
		Held h = HELD.get(store);
		if (h == null) {
			return;
		}
		if (h.uses() > 1) {
			HELD.put(store, new Held(h.catalog(), h.uses() - 1));
		} else {
			HELD.remove(store);
			h.catalog().close();
		}
	}
}
