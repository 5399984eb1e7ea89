package io.lakestudio.sync;

import java.time.Clock;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;

/**
 * Does one listing, named as {@code sync_state} names it ({@link io.lakestudio.catalog.Listing}), and writes it to
 * the catalog as a complete listing. The lake returns a whole listing or throws, so a failure writes no rows.
 */
final class Fetch {

	private final Catalog catalog;
	private final Lake lake;
	private final Clock clock;

	Fetch(Catalog catalog, Lake lake, Clock clock) {
		this.catalog = catalog;
		this.lake = lake;
		this.clock = clock;
	}

	void run(String listing) throws LakeException {
		if (listing.equals("workspaces")) {
			catalog.replaceWorkspaces(lake.workspaces(), true, clock.instant());
		} else if (listing.startsWith("items/")) {
			String ws = listing.substring("items/".length());
			catalog.replaceItems(ws, lake.items(ws), true, clock.instant());
		} else if (listing.startsWith("tables/")) {
			Item item = item(listing.substring("tables/".length()));
			catalog.replaceTables(item.id(), lake.tables(item), true, clock.instant());
		} else if (listing.startsWith("files/")) {
			String rest = listing.substring("files/".length());
			int slash = rest.indexOf('/');
			Item item = item(slash < 0 ? rest : rest.substring(0, slash));
			String dir = slash < 0 ? "" : rest.substring(slash + 1);
			catalog.replaceFiles(item.id(), dir, lake.files(item, dir), true, clock.instant());
		} else if (listing.startsWith("table/")) {
			String tableId = listing.substring("table/".length());
			LakeTable table = catalog.table(tableId)
					.orElseThrow(() -> new LakeException(Kind.NOT_FOUND, "No table " + tableId + " in the catalog"));
			catalog.putTableMetadata(tableId, lake.tableMetadata(item(table.itemId()), table), clock.instant());
		} else {
			throw new IllegalArgumentException("Not a listing: " + listing);
		}
	}

	private Item item(String id) throws LakeException {
		return catalog.item(id).orElseThrow(() -> new LakeException(Kind.NOT_FOUND, "No item " + id + " in the catalog"));
	}
}
