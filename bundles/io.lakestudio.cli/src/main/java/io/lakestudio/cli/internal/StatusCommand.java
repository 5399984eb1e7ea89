package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.SyncState;

public final class StatusCommand extends CatalogCommand {

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "The account, its catalog file, what it holds, each listing's last sync and failure, and who holds"
				+ " the sync lease. Asks the lake nothing.";
	}

	@Override
	public Options options() {
		return super.options().addOption(flag("all", "Show every listing, not only those that failed."));
	}

	/** The account's lake as Lakes chooses it; plain strings here, so status links nothing of the lake. */
	private static String lake(Settings s) {
		if ("local".equals(s.account())) {
			return s.string(Settings.LAKE_FOLDER, "(none configured)");
		}
		return "OneLake at " + s.string("fabricEndpoint", "https://api.fabric.microsoft.com")
				+ (s.flag("signedIn." + s.account()) ? "" : " (not signed in)");
	}

	@Override
	boolean takesFresh() {
		return false;
	}

	@Override
	void fresh(CommandLine line, Freshen f) {
		throw new IllegalStateException("status asks the lake nothing");
	}

	@Override
	int run(CommandLine line, ReadOnlyCatalog c, Out out) {
		args(line, 0, 0);
		boolean all = line.hasOption("all");
		Settings settings = Settings.load(home);
		var counts = c.counts();
		List<SyncState> states = c.syncStates();
		List<SyncState> failing = states.stream().filter(SyncState::failing).toList();
		var lastSync = states.stream().map(SyncState::lastSuccess).filter(t -> t != null).max(Comparable::compareTo);
		var lease = c.lease();
		if (out.json()) {
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("account", c.account());
			m.put("catalog", c.file().toString());
			m.put("lake", lake(settings));
			m.put("workspaces", counts.workspaces());
			m.put("items", counts.items());
			m.put("tables", counts.tables());
			m.put("columns", counts.columns());
			m.put("files", counts.files());
			m.put("dropped_tables", counts.droppedTables());
			m.put("listings", states.size());
			m.put("last_sync", lastSync.orElse(null));
			m.put("lease_holder", lease.map(l -> l.holder()).orElse(null));
			m.put("lease_heartbeat", lease.map(l -> l.heartbeat()).orElse(null));
			List<Object> list = new ArrayList<>();
			for (SyncState s : all ? states : failing) {
				Map<String, Object> o = new LinkedHashMap<>();
				o.put("listing", s.listing());
				o.put("last_success", s.lastSuccess());
				o.put("last_failure", s.lastFailure());
				o.put("failure", s.failureMessage());
				o.put("complete", s.complete());
				list.add(o);
			}
			m.put(all ? "all_listings" : "failing_listings", list);
			out.json(m);
			return 0;
		}
		var w = out.writer();
		w.println("account:   " + c.account());
		w.println("catalog:   " + c.file());
		w.println("lake:      " + lake(settings));
		w.println("holds:     " + counts.workspaces() + " workspaces, " + counts.items() + " items, " + counts.tables()
				+ " tables (" + counts.droppedTables() + " dropped), " + counts.columns() + " columns, "
				+ counts.files() + " files");
		w.println("listings:  " + states.size() + " held or tried, " + failing.size() + " failing; last sync "
				+ lastSync.map(Out::age).orElse("never"));
		w.println("lease:     " + lease.map(l -> l.holder() + ", heartbeat " + Out.age(l.heartbeat()))
				.orElse("nobody is sweeping"));
		List<SyncState> shown = all ? states : failing;
		if (!shown.isEmpty()) {
			w.println();
			List<List<Object>> rows = new ArrayList<>();
			for (SyncState s : shown) {
				rows.add(List.of(s.listing(), s.lastSuccess() == null ? "never" : Out.age(s.lastSuccess()),
						s.failing() ? Out.age(s.lastFailure()) + ": " + s.failureMessage() : ""));
			}
			out.rows(List.of("LISTING", "LAST SYNC", "FAILURE"), rows);
		}
		return 0;
	}
}
