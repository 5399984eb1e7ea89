package io.lakestudio.engine.internal;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Resolution;
import io.lakestudio.catalog.TableName;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.Listings;

/**
 * A statement's table name to the catalog's table. A name the catalog can't answer (its listing never held), or
 * that a held listing doesn't have (the listing may be older than the table), first asks the sync job for that one
 * listing, then answers again; each listing at most once per statement. Offline, or with nobody to ask, it answers
 * at once from what is held.
 */
public final class TableLookup {

	private final ReadOnlyCatalog catalog;
	private final Listings listings;
	private final boolean offline;
	/** Listings asked for by this statement: none twice. */
	private final Set<String> asked = new LinkedHashSet<>();

	public TableLookup(ReadOnlyCatalog catalog, Listings listings, boolean offline) {
		this.catalog = catalog;
		this.listings = listings;
		this.offline = offline;
	}

	/** Listings this lookup asked the sync job for, in order (for tests and the log). */
	public Set<String> asked() {
		return asked;
	}

	public LakeTable find(TableName name) throws EngineException {
		String unavailable = null;
		for (int level = 0; level < 4; level++) { // workspaces, items, tables, and the held listing asked again
			Resolution res = catalog.resolve(name);
			String listing = switch (res.answer()) {
			case EXISTS -> null;
			case UNKNOWN -> res.missingListing();
			case MISSING -> holding(name);
			};
			if (listing == null || offline || unavailable != null || !asked.add(listing)) {
				return answer(name, res, unavailable);
			}
			try {
				listings.read(listing);
			} catch (Listings.Unavailable e) {
				unavailable = e.getMessage();
				if (listings == Listings.NONE) {
					return answer(name, res, null);
				}
			}
		}
		return answer(name, catalog.resolve(name), unavailable);
	}

	/** The held listing that would name the table: the first level whose name the catalog lacks. */
	private String holding(TableName name) {
		Optional<Workspace> ws = catalog.workspaceNamed(name.workspace());
		if (ws.isEmpty()) {
			return Listing.WORKSPACES;
		}
		Optional<Item> item = catalog.itemNamed(ws.get().id(), name.item());
		return item.isEmpty() ? Listing.items(ws.get().id()) : Listing.tables(item.get().id());
	}

	private static LakeTable answer(TableName name, Resolution res, String unavailable) throws EngineException {
		String why = unavailable == null ? "" : " (asking the lake again was not possible: " + unavailable + ")";
		return switch (res.answer()) {
		case EXISTS -> {
			if (res.table().dropped()) {
				throw new EngineException(Kind.MISSING, "the table " + name + " was dropped");
			}
			yield res.table();
		}
		case MISSING -> throw new EngineException(Kind.MISSING, "no table " + name
				+ (res.closest().isEmpty() ? "" : "; closest: " + String.join(", ", res.closest())) + why);
		case UNKNOWN -> throw new EngineException(Kind.MISSING, "the table " + name + " is not known: the listing "
				+ res.missingListing() + " was never held (run 'lakestudio sync')" + why);
		};
	}
}
