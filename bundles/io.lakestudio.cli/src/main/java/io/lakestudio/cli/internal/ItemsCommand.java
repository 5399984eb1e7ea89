package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Workspace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "items", description = "List items (lakehouses, warehouses, models...) of one or every workspace.")
public class ItemsCommand extends CatalogCommand {

	@Parameters(arity = "0..1", paramLabel = "WORKSPACE")
	String workspace;

	@Override
	int run(ReadOnlyCatalog c, Out out) {
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
