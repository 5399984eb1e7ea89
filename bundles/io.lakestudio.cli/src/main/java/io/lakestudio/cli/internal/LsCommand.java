package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.ReadOnlyCatalog.TableLine;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.catalog.TableName;
import io.lakestudio.catalog.Workspace;

public final class LsCommand extends CatalogCommand {

	@Override
	protected String usage() {
		return "[options] [workspace[/item[/schema][/table]] | CATALOG[/schema][/table]]";
	}

	@Override
	protected String description() {
		return "List workspaces (and the kept DuckLake catalogs); a workspace's items; an item's tables; a table's"
				+ " columns. From the catalog (a DuckLake catalog's own file), with no network.";
	}

	@Override
	void fresh(CommandLine line, Freshen f) {
		List<String> args = args(line, 0, 1);
		String path = args.isEmpty() ? "" : args.get(0).replaceAll("/+$", "");
		if (!path.isBlank() && new DuckLakeNames(home).of(path).isPresent()) {
			return; // a DuckLake catalog is whole in its file: nothing to read first
		}
		if (path.isBlank()) {
			f.listing(Listing.WORKSPACES);
			return;
		}
		String[] parts = path.split("/");
		if (parts.length == 1) {
			f.listing(Listing.items(f.workspace(parts[0]).id()));
		} else if (parts.length == 2) {
			f.listing(Listing.tables(f.item(path).id()));
		} else {
			Item item = f.item(parts[0] + "/" + parts[1]);
			f.listing(Listing.tables(item.id()));
			boolean schema = parts.length == 3 && item.schemaEnabled() && f.catalog().tables(item.id()).stream()
					.anyMatch(t -> t.schema().equalsIgnoreCase(parts[2]));
			if (!schema) {
				TableCommand.fresh(f, TableCommand.parse(path));
			}
		}
	}

	@Override
	int run(CommandLine line, ReadOnlyCatalog c, Out out) {
		List<String> args = args(line, 0, 1);
		String path = args.isEmpty() ? null : args.get(0);
		DuckLakeNames ducklake = new DuckLakeNames(home);
		if (path != null && !path.isBlank() && ducklake.of(path).isPresent()) {
			return DuckLakeAnswers.ls(ducklake, ducklake.of(path).get(), path, out);
		}
		if (!c.knowsAnything() && (ducklake.kept().isEmpty() || path != null && !path.isBlank() && !path.equals("/"))) {
			throw nothingKnown();
		}
		if (path == null || path.isBlank() || path.equals("/")) {
			List<List<Object>> rows = new ArrayList<>();
			for (Workspace w : c.workspaces()) {
				rows.add(List.of(w.name(), c.items(w.id()).size(), w.lastRead(),
						Locate.state(c, Listing.items(w.id()), w.droppedAt())));
			}
			rows.addAll(DuckLakeAnswers.catalogRows(ducklake)); // kept DuckLake catalogs, STATE "ducklake"
			out.rows(List.of("WORKSPACE", "ITEMS", "LAST READ", "STATE"), rows);
			return 0;
		}
		String[] parts = path.replaceAll("/+$", "").split("/");
		Workspace ws = Locate.workspace(c, parts[0]);
		if (parts.length == 1) {
			if (!Locate.held(c, Listing.items(ws.id()))) {
				throw new Die(2, "The items of '" + ws.name() + "' were never listed; run 'lakestudio sync'.");
			}
			List<List<Object>> rows = new ArrayList<>();
			for (Item i : c.items(ws.id())) {
				rows.add(List.of(i.name(), i.type(), i.lastRead(),
						Locate.state(c, Listing.tables(i.id()), i.droppedAt()) + (i.staging() ? "staging" : "")));
			}
			out.rows(List.of("ITEM", "TYPE", "LAST READ", "STATE"), rows);
			return 0;
		}
		Item item = Locate.item(c, ws, parts[1]);
		if (parts.length == 2) {
			return tables(c, out, item, null);
		}
		if (parts.length == 3 && item.schemaEnabled()
				&& c.tables(item.id()).stream().anyMatch(t -> t.schema().equalsIgnoreCase(parts[2]))) {
			return tables(c, out, item, parts[2]);
		}
		if (parts.length > 4) {
			throw new Die(2, "'" + path + "' has too many parts: write workspace[/item[/schema][/table]].");
		}
		return TableCommand.show(c, out, TableCommand.parse(path));
	}

	private static int tables(ReadOnlyCatalog c, Out out, Item item, String schema) {
		if (!item.hasTables()) {
			throw new Die(1, item.name() + " is a " + item.type() + "; it has no tables.");
		}
		if (!Locate.held(c, Listing.tables(item.id()))) {
			throw new Die(2, "The tables of '" + item.name() + "' were never listed; run 'lakestudio sync'.");
		}
		// one query for the failed metadata listings of the item's tables, not one per table
		Map<String, SyncState> states = new HashMap<>();
		for (SyncState s : c.failingSyncStates(Listing.tableMetadata(item.id() + "/"))) {
			states.put(s.listing(), s);
		}
		List<List<Object>> rows = new ArrayList<>();
		for (TableLine t : c.tableLines(item.id())) {
			if (schema != null && !t.schema().equalsIgnoreCase(schema)) {
				continue;
			}
			SyncState failing = states.isEmpty() ? null
					: states.get(Listing.tableMetadata(LakeTable.id(item.id(), t.schema(), t.name())));
			rows.add(List.of(t.schema().isEmpty() || schema != null ? t.name() : t.schema() + "/" + t.name(),
					t.format(), t.snapshotVersion() == null ? "" : t.snapshotVersion(), Out.size(t.sizeBytes()),
					t.lastRead(), Locate.state(failing, t.droppedAt())));
		}
		out.rows(List.of("TABLE", "FORMAT", "VERSION", "SIZE", "LAST READ", "STATE"), rows);
		return 0;
	}
}
