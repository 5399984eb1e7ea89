package io.lakestudio.cli.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Resolution;
import io.lakestudio.catalog.TableName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "exists", description = { "Does a table exist? From the listings alone, with no network.",
		"Exit 0: it exists. 1: a complete listing says it does not (the closest names are printed).",
		"2: not known (that listing was never held)." })
public final class ExistsCommand extends CatalogCommand {

	@Parameters(paramLabel = "NAME", description = "workspace/item/table or workspace/item/schema/table")
	String name;

	@Override
	int run(ReadOnlyCatalog c, Out out) {
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
