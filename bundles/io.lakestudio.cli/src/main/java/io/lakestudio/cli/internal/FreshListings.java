package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.Set;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.sync.Syncer;

/**
 * {@link Freshen} over the sync worker: each listing goes through {@link Syncer#fresh}, top priority, one request at
 * a time, into the catalog every process reads. Offline, signed out, or while OneLake's pause lasts, it fails before
 * asking anything.
 */
final class FreshListings implements Freshen {

	private final Lake lake;
	private final Catalog catalog;
	private final Syncer syncer;
	private final Pauses pauses;
	private final Set<String> done = new HashSet<>();

	FreshListings(Path home, PrintWriter err) {
		Settings settings = Settings.load(home);
		if (settings.flag(Settings.OFFLINE)) {
			throw new Die(3, "Offline (the offline setting is on): --fresh asks nothing. Without --fresh the"
					+ " command answers from the catalog.");
		}
		pauses = new Pauses(home, settings.account());
		LakeFailures.refuseDuringPause(pauses, "--fresh");
		EventLog log = new EventLog(home);
		lake = Lakes.open(settings, line -> log.log("lake", line));
		catalog = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account());
		catalog.openNotice().ifPresent(err::println);
		syncer = new Syncer(catalog, lake, Clock.systemUTC(), line -> log.log("sync", line),
				() -> settings.flag(Settings.OFFLINE), Syncer.defaults(Syncer.holderId()));
	}

	@Override
	public void listing(String listing) {
		if (!done.add(listing)) {
			return;
		}
		try {
			syncer.fresh(listing);
		} catch (LakeException e) {
			throw LakeFailures.die("Refresh of " + listing, e, pauses);
		}
	}

	@Override
	public Workspace workspace(String name) {
		if (catalog.workspaceNamed(name).isEmpty()) {
			listing(Listing.WORKSPACES);
		}
		return Locate.workspace(catalog, name);
	}

	@Override
	public Item item(String path) {
		String[] parts = path.split("/");
		if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
			throw new Die(2, "'" + path + "' is not an item: write workspace/item.");
		}
		Workspace ws = workspace(parts[0]);
		if (catalog.itemNamed(ws.id(), parts[1]).isEmpty()) {
			listing(Listing.items(ws.id()));
		}
		return Locate.item(catalog, ws, parts[1]);
	}

	@Override
	public ReadOnlyCatalog catalog() {
		return catalog;
	}

	@Override
	public void close() {
		try {
			catalog.close();
		} finally {
			lake.close();
		}
	}
}
