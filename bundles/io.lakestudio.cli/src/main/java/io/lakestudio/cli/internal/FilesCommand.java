package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;

public final class FilesCommand extends CatalogCommand {

	@Override
	protected String usage() {
		return "[options] workspace/item [DIR]";
	}

	@Override
	protected String description() {
		return "List a folder of an item's Files (DIR under Files/, default its root), from the catalog.";
	}

	@Override
	void fresh(CommandLine line, Freshen f) {
		List<String> args = args(line, 1, 2);
		f.listing(Listing.files(f.item(args.get(0)).id(),
				args.size() > 1 ? args.get(1).replaceAll("^/+|/+$", "") : ""));
	}

	@Override
	int run(CommandLine line, ReadOnlyCatalog c, Out out) {
		List<String> args = args(line, 1, 2);
		String item = args.get(0);
		String dir = args.size() > 1 ? args.get(1) : null;
		Item it = Locate.item(c, item);
		String folder = dir == null ? "" : dir.replaceAll("^/+|/+$", "");
		if (!Locate.held(c, Listing.files(it.id(), folder))) {
			throw new Die(2, "The folder Files/" + folder + " of '" + it.name()
					+ "' was never listed; run 'lakestudio sync'.");
		}
		List<List<Object>> rows = new ArrayList<>();
		for (LakeFile f : c.files(it.id(), folder)) {
			rows.add(List.of(f.name() + (f.directory() ? "/" : ""), f.directory() ? "" : Out.size(f.size()),
					f.lastModified() == null ? "" : f.lastModified(), f.droppedAt() == null ? "" : "dropped"));
		}
		out.rows(List.of("NAME", "SIZE", "MODIFIED", "STATE"), rows);
		return 0;
	}
}
