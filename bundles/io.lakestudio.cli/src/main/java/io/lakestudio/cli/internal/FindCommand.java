package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.SearchHit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "find", description = { "Find workspaces, items, tables and columns whose names contain TEXT,",
		"ignoring case; exact matches first, then prefixes." })
public final class FindCommand extends CatalogCommand {

	@Parameters(paramLabel = "TEXT")
	String text;

	@Option(names = "--limit", defaultValue = "50", description = "At most this many matches (default ${DEFAULT-VALUE}).")
	int limit;

	@Override
	int run(ReadOnlyCatalog c, Out out) {
		if (!c.knowsAnything()) {
			throw nothingKnown();
		}
		List<SearchHit> hits = c.find(text, limit);
		List<List<Object>> rows = new ArrayList<>();
		for (SearchHit h : hits) {
			rows.add(List.of(h.kind().name().toLowerCase(), h.path()));
		}
		out.rows(List.of("KIND", "NAME"), rows);
		return hits.isEmpty() ? 1 : 0;
	}
}
