package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Workspace;

public class ItemsCommand extends CatalogCommand {

	@Override
	protected String usage() {
		return "[options] [WORKSPACE]";
	}

	@Override
	protected String description() {
		return "List items (lakehouses, warehouses, models...) of one or every workspace, from the catalog.";
	}

	@Override
	void fresh(CommandLine line, Freshen f) {
		List<String> args = args(line, 0, 1);
		if (!args.isEmpty()) {
			f.listing(Listing.items(f.workspace(args.get(0)).id()));
			return;
		}
		f.listing(Listing.WORKSPACES);
		for (Workspace w : f.catalog().workspaces()) {
			if (!w.dropped()) {
				f.listing(Listing.items(w.id()));
			}
		}
	}

	@Override
	int run(CommandLine line, ReadOnlyCatalog c, Out out) {
		List<String> args = args(line, 0, 1);
		String workspace = args.isEmpty() ? null : args.get(0);
		if (!c.knowsAnything()) {
			throw nothingKnown();
		}
		List<Workspace> workspaces = workspace == null ? c.workspaces() : List.of(Locate.workspace(c, workspace));
		List<List<Object>> rows = new ArrayList<>();
		for (Workspace w : workspaces) {
			for (Item i : c.items(w.id())) {
				if (include(i)) {
					rows.add(List.of(w.name(), i.name(), i.type(), i.lastRead(), i.dropped() ? "dropped"
							: i.staging() ? "staging" : ""));
				}
			}
		}
		out.rows(List.of("WORKSPACE", "ITEM", "TYPE", "LAST READ", "STATE"), rows);
		return 0;
	}

	boolean include(Item item) {
		return true;
	}
}
