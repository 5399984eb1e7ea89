package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.SearchHit;
import io.lakestudio.catalog.Workspace;

public final class FindCommand extends CatalogCommand {

	@Override
	protected String usage() {
		return "[options] TEXT";
	}

	@Override
	protected String description() {
		return "Find workspaces, items, tables and columns whose names contain TEXT, ignoring case; exact matches"
				+ " first, then prefixes. Exit 1 when nothing matches.";
	}

	@Override
	public Options options() {
		return super.options().addOption(valued(null, "limit", "N", "At most N matches (default 50)."));
	}

	/** The workspaces and their items; the tables of the whole tenant are the sync job's, never one command's. */
	@Override
	void fresh(CommandLine line, Freshen f) {
		f.listing(Listing.WORKSPACES);
		for (Workspace w : f.catalog().workspaces()) {
			if (!w.dropped()) {
				f.listing(Listing.items(w.id()));
			}
		}
	}

	@Override
	int run(CommandLine line, ReadOnlyCatalog c, Out out) {
		String text = args(line, 1, 1).get(0);
		int limit = intValue(line, "limit", 50);
		DuckLakeNames ducklake = new DuckLakeNames(home);
		if (!c.knowsAnything() && ducklake.kept().isEmpty()) {
			throw nothingKnown();
		}
		List<SearchHit> hits = c.knowsAnything() ? c.find(text, limit) : List.of();
		List<List<Object>> rows = new ArrayList<>();
		for (SearchHit h : hits) {
			rows.add(List.of(h.kind().name().toLowerCase(), h.path()));
		}
		for (List<Object> h : DuckLakeAnswers.find(ducklake, text)) {
			if (rows.size() < limit) {
				rows.add(h);
			}
		}
		out.rows(List.of("KIND", "NAME"), rows);
		return rows.isEmpty() ? 1 : 0;
	}
}
