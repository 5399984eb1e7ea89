package io.lakestudio.ui.table;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.ui.format.Ages;
import io.lakestudio.ui.format.Sizes;

/**
 * The Stats tab's facts, from the catalog's rows only: the listing and the last metadata read. Nothing here asks
 * the lake, so Stats opens offline and instantly; what the catalog has not read yet says so.
 */
public record TableStats(List<String[]> facts, List<LakeColumn> columns) {

	static final String NOT_READ = "not read yet";

	public static Optional<TableStats> read(ReadOnlyCatalog catalog, String tableId, Clock clock) {
		Optional<LakeTable> found = catalog.table(tableId);
		if (found.isEmpty()) {
			return Optional.empty();
		}
		LakeTable t = found.get();
		Optional<Item> item = catalog.item(t.itemId());
		String where = item.map(i -> catalog.workspace(i.workspaceId()).map(Workspace::name).orElse(i.workspaceId())
				+ "/" + i.name() + " (" + i.type() + ")").orElse(t.itemId());
		List<String[]> facts = new ArrayList<>();
		facts.add(new String[] { "Table", t.schema().isEmpty() ? t.name() : t.schema() + "." + t.name() });
		facts.add(new String[] { "Item", where });
		facts.add(new String[] { "Format", t.format() });
		facts.add(new String[] { "Rows", t.numRecords() == null ? NOT_READ : String.format("%,d", t.numRecords()) });
		facts.add(new String[] { "Files", t.numFiles() == null ? NOT_READ : String.format("%,d", t.numFiles()) });
		facts.add(new String[] { "Size", t.sizeBytes() == null ? NOT_READ : Sizes.of(t.sizeBytes()) });
		facts.add(new String[] { "Version", t.snapshotVersion() == null ? NOT_READ : t.snapshotVersion().toString() });
		facts.add(new String[] { "Partitioned by",
				t.partitionColumns() == null || t.partitionColumns().isEmpty() ? "(none)"
						: String.join(", ", t.partitionColumns()) });
		facts.add(new String[] { "Location", t.location() });
		facts.add(new String[] { "Metadata read",
				t.metadataRead() == null ? NOT_READ : Ages.when(t.metadataRead(), clock.instant()) });
		if (t.dropped()) {
			facts.add(new String[] { "Dropped", Ages.when(t.droppedAt(), clock.instant()) });
		}
		return Optional.of(new TableStats(List.copyOf(facts), catalog.columns(tableId)));
	}

	/** The value of a fact by its label, for tests and the header. */
	public String fact(String label) {
		return facts.stream().filter(f -> f[0].equals(label)).map(f -> f[1]).findFirst().orElse(null);
	}
}
