package io.lakestudio.cli.internal;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.Names;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.catalog.Workspace;

/**
 * Finds a workspace or an item by the name a user typed. What isn't there is "missing" (exit 1, with the nearest
 * names) only when its listing was held; otherwise it is "not known" (exit 2).
 */
final class Locate {

	private Locate() {
	}

	static Workspace workspace(ReadOnlyCatalog c, String name) {
		return c.workspaceNamed(name).orElseThrow(() -> {
			if (!held(c, Listing.WORKSPACES)) {
				return CatalogCommand.nothingKnown();
			}
			return new Die(1, "No workspace '" + name + "'." + didYouMean(Names.closest(
					c.workspaces().stream().filter(w -> !w.dropped()).map(Workspace::name).toList(), name)));
		});
	}

	static Item item(ReadOnlyCatalog c, Workspace ws, String name) {
		return c.itemNamed(ws.id(), name).orElseThrow(() -> {
			if (!held(c, Listing.items(ws.id()))) {
				return new Die(2, "The items of workspace '" + ws.name() + "' were never listed; run 'lakestudio sync'.");
			}
			return new Die(1, "No item '" + name + "' in workspace '" + ws.name() + "'." + didYouMean(Names.closest(
					c.items(ws.id()).stream().filter(i -> !i.dropped()).map(Item::name).toList(), name)));
		});
	}

	/** An item given as {@code workspace/item}. */
	static Item item(ReadOnlyCatalog c, String path) {
		String[] parts = path.split("/");
		if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
			throw new Die(2, "'" + path + "' is not an item: write workspace/item.");
		}
		return item(c, workspace(c, parts[0]), parts[1]);
	}

	static boolean held(ReadOnlyCatalog c, String listing) {
		return c.syncState(listing).map(SyncState::held).orElse(false);
	}

	static String didYouMean(java.util.List<String> names) {
		return names.isEmpty() ? "" : " Closest: " + String.join(", ", names) + ".";
	}

	/** The state a node shows: dropped, or its listing's last failure. */
	static String state(ReadOnlyCatalog c, String listing, java.time.Instant droppedAt) {
		return state(c.syncState(listing).orElse(null), droppedAt);
	}

	static String state(SyncState sync, java.time.Instant droppedAt) {
		if (droppedAt != null) {
			return "dropped";
		}
		return sync != null && sync.failing()
				? "refresh failed " + Out.age(sync.lastFailure()) + ": " + sync.failureMessage()
				: "";
	}
}
