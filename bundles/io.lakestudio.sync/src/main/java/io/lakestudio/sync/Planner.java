package io.lakestudio.sync;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.catalog.TableUse;
import io.lakestudio.catalog.Workspace;

/**
 * What the catalog is short of, from its own rows: listings never held or older than the TTL (routine), for
 * opened lakehouses their tables' metadata, and for tables in use (read {@link TableUse#IN_USE_READS} times within
 * {@link TableUse#IN_USE_WINDOW}, counted from the catalog's uses at each plan) their metadata every
 * {@code inUseEvery}. Staging items are never swept and table metadata is
 * never walked for the whole tenant.
 */
final class Planner {

	private final ReadOnlyCatalog catalog;
	private final Duration ttl;
	private final Duration inUseEvery;

	Planner(ReadOnlyCatalog catalog, Duration ttl, Duration inUseEvery) {
		this.catalog = catalog;
		this.ttl = ttl;
		this.inUseEvery = inUseEvery;
	}

	Map<String, Priority> plan(Instant now, Set<String> opened) {
		Map<String, SyncState> states = new HashMap<>();
		for (SyncState s : catalog.syncStates()) {
			states.put(s.listing(), s);
		}
		Map<String, Priority> out = new LinkedHashMap<>();
		for (String itemId : opened) {
			catalog.item(itemId).filter(i -> !i.dropped() && !i.staging()).ifPresent(item -> {
				want(out, states, Listing.tables(item.id()), Priority.OPENED, now, ttl);
				want(out, states, Listing.files(item.id(), ""), Priority.OPENED, now, ttl);
				for (LakeTable t : catalog.tables(item.id())) {
					if (!t.dropped()) {
						want(out, states, Listing.tableMetadata(t.id()), Priority.OPENED, now, ttl);
					}
				}
			});
		}
		// tables in use, as the catalog has them now: each statement that read rows was recorded there, by any process
		for (String tableId : catalog.tablesUsedAtLeast(TableUse.IN_USE_READS, now.minus(TableUse.IN_USE_WINDOW))) {
			if (catalog.table(tableId).filter(t -> !t.dropped()).isPresent()) {
				want(out, states, Listing.tableMetadata(tableId), Priority.OPENED, now, inUseEvery);
			}
		}
		want(out, states, Listing.WORKSPACES, Priority.ROUTINE, now, ttl);
		for (Workspace ws : catalog.workspaces()) {
			if (!ws.dropped()) {
				want(out, states, Listing.items(ws.id()), Priority.ROUTINE, now, ttl);
			}
		}
		for (Item item : catalog.allItems()) {
			if (!item.dropped() && !item.staging() && item.hasTables()) {
				want(out, states, Listing.tables(item.id()), Priority.ROUTINE, now, ttl);
			}
		}
		return out;
	}

	private static void want(Map<String, Priority> out, Map<String, SyncState> states, String listing,
			Priority priority, Instant now, Duration maxAge) {
		SyncState s = states.get(listing);
		if (s == null || s.lastSuccess() == null || !s.lastSuccess().plus(maxAge).isAfter(now)) {
			out.putIfAbsent(listing, priority);
		}
	}
}
