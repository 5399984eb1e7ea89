package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "files", description = "List a folder of an item's Files, from the catalog.")
public final class FilesCommand extends CatalogCommand {

	@Parameters(index = "0", paramLabel = "ITEM", description = "workspace/item")
	String item;

	@Parameters(index = "1", arity = "0..1", paramLabel = "DIR", description = "a folder under Files/ (default: its root)")
	String dir;

	@Override
	int run(ReadOnlyCatalog c, Out out) {
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
