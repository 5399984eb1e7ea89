package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Resolution;
import io.lakestudio.catalog.TableName;

public final class TableCommand extends CatalogCommand {

	@Override
	protected String usage() {
		return "[options] workspace/item/[schema/]table | CATALOG/[schema/]table";
	}

	@Override
	protected String description() {
		return "Show a table: format, version, size, when it was read, its columns. From the catalog, with no"
				+ " network.";
	}

	@Override
	void fresh(CommandLine line, Freshen f) {
		if (new DuckLakeNames(home).of(args(line, 1, 1).get(0)).isPresent()) {
			return; // a DuckLake catalog is whole in its file
		}
		fresh(f, parse(args(line, 1, 1).get(0)));
	}

	/** The item's tables, then the table's own metadata. */
	static void fresh(Freshen f, TableName name) {
		f.listing(Listing.tables(f.item(name.workspace() + "/" + name.item()).id()));
		Resolution r = f.catalog().resolve(name);
		if (r.answer() == Resolution.Answer.EXISTS) {
			f.listing(Listing.tableMetadata(r.table().id()));
		}
	}

	@Override
	int run(CommandLine line, ReadOnlyCatalog c, Out out) {
		String name = args(line, 1, 1).get(0);
		DuckLakeNames ducklake = new DuckLakeNames(home);
		if (ducklake.of(name).isPresent()) {
			return DuckLakeAnswers.table(ducklake, ducklake.of(name).get(), name, out);
		}
		return show(c, out, parse(name));
	}

	static TableName parse(String name) {
		try {
			return TableName.parse(name);
		} catch (IllegalArgumentException e) {
			throw new Die(2, e.getMessage());
		}
	}

	static int show(ReadOnlyCatalog c, Out out, TableName name) {
		Resolution r = c.resolve(name);
		switch (r.answer()) {
		case MISSING -> throw new Die(1, "No table " + name + "." + Locate.didYouMean(r.closest()));
		case UNKNOWN -> throw new Die(2, "Not known: the listing " + r.missingListing()
				+ " was never held; run 'lakestudio sync'.");
		default -> {
		}
		}
		LakeTable t = r.table();
		List<LakeColumn> columns = c.columns(t.id());
		String state = Locate.state(c, Listing.tableMetadata(t.id()), t.droppedAt());
		if (out.json()) {
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("name", name.toString());
			m.put("format", t.format());
			m.put("location", t.location());
			m.put("version", t.snapshotVersion());
			m.put("size_bytes", t.sizeBytes());
			m.put("files", t.numFiles());
			m.put("records", t.numRecords());
			m.put("partition_columns", t.partitionColumns());
			m.put("last_read", t.lastRead());
			m.put("metadata_read", t.metadataRead());
			m.put("state", state);
			List<Object> cols = new ArrayList<>();
			for (LakeColumn col : columns) {
				cols.add(Map.of("name", col.name(), "type", col.type(), "nullable", col.nullable(), "partition",
						col.partition()));
			}
			m.put("columns", cols);
			out.json(m);
			return 0;
		}
		var w = out.writer();
		w.println(name + "  (" + t.format() + ")");
		w.println("  location:      " + t.location());
		if (t.metadataRead() == null) {
			w.println("  metadata:      not read yet");
		} else {
			w.println("  version:       " + t.snapshotVersion());
			w.println("  size:          " + Out.size(t.sizeBytes()) + " in " + t.numFiles() + " files"
					+ (t.numRecords() == null ? "" : ", " + t.numRecords() + " rows"));
			w.println("  partitioned:   " + (t.partitionColumns().isEmpty() ? "no" : String.join(", ", t.partitionColumns())));
			w.println("  metadata read: " + Out.age(t.metadataRead()));
		}
		w.println("  listed:        " + Out.age(t.lastRead()));
		if (!state.isEmpty()) {
			w.println("  state:         " + state);
		}
		if (!columns.isEmpty()) {
			w.println();
			List<List<Object>> rows = new ArrayList<>();
			for (LakeColumn col : columns) {
				rows.add(List.of(col.name(), col.type(), col.nullable() ? "" : "not null",
						col.partition() ? "partition" : ""));
			}
			out.rows(List.of("COLUMN", "TYPE", "NULL", "KEY"), rows);
		}
		return 0;
	}
}
