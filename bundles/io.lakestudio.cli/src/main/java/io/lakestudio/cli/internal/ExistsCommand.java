package io.lakestudio.cli.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Resolution;
import io.lakestudio.catalog.TableName;

public final class ExistsCommand extends CatalogCommand {

	@Override
	protected String usage() {
		return "[options] workspace/item/[schema/]table | CATALOG/[schema/]table";
	}

	@Override
	protected String description() {
		return "Does a table exist? From the listings alone, with no network.\n"
				+ "Exit 0: it exists. 1: a complete listing says it does not (the closest names are printed).\n"
				+ "2: not known (that listing was never held).";
	}

	/** The listing that says yes or no: the item's tables. */
	@Override
	void fresh(CommandLine line, Freshen f) {
		if (new DuckLakeNames(home).of(args(line, 1, 1).get(0)).isPresent()) {
			return; // a DuckLake catalog is whole in its file
		}
		TableName t = TableCommand.parse(args(line, 1, 1).get(0));
		f.listing(Listing.tables(f.item(t.workspace() + "/" + t.item()).id()));
	}

	@Override
	int run(CommandLine line, ReadOnlyCatalog c, Out out) {
		DuckLakeNames ducklake = new DuckLakeNames(home);
		String name = args(line, 1, 1).get(0);
		if (ducklake.of(name).isPresent()) {
			return DuckLakeAnswers.exists(ducklake, ducklake.of(name).get(), name, out);
		}
		TableName table = TableCommand.parse(name);
		Resolution r = c.resolve(table);
		if (out.json()) {
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("name", table.toString());
			m.put("answer", r.answer().name().toLowerCase());
			m.put("closest", r.closest());
			m.put("missing_listing", r.missingListing());
			out.json(m);
			return r.answer().exitCode;
		}
		var w = out.writer();
		switch (r.answer()) {
		case EXISTS -> w.println("yes: " + table);
		case MISSING -> {
			w.println("no: " + table);
			for (String n : r.closest()) {
				w.println("  closest: " + n);
			}
		}
		case UNKNOWN -> w.println("not known: " + table + " (the listing " + r.missingListing()
				+ " was never held; run 'lakestudio sync')");
		}
		return r.answer().exitCode;
	}
}
