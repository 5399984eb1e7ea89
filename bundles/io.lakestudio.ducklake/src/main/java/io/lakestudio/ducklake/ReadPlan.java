package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What reading one table at a snapshot takes: its data files, each with the delete file that applies to it (or
 * none). With a transaction's pending commit, its own new files and deletes count and what it ended doesn't: a
 * session sees its uncommitted changes.
 */
public record ReadPlan(List<Part> parts) {

	/** One data file and its delete file, if any. */
	public record Part(DataFile data, DeleteFile deletes) {
	}

	public static ReadPlan of(MetadataStore store, Snapshot snapshot, Commit pending, long tableId)
			throws DuckLakeException {
		List<DataFile> data = new ArrayList<>(store.dataFiles(tableId, snapshot.id()));
		List<DeleteFile> deletes = new ArrayList<>(store.deleteFiles(tableId, snapshot.id()));
		if (pending != null) {
			data.removeIf(f -> pending.endedDataFiles.contains(f.id()));
			deletes.removeIf(f -> pending.endedDeleteFiles.contains(f.id()));
			pending.newDataFiles.stream().filter(f -> f.tableId() == tableId).forEach(data::add);
			pending.newDeleteFiles.stream().filter(f -> f.tableId() == tableId).forEach(deletes::add);
		}
		Map<Long, DeleteFile> byData = new HashMap<>();
		for (DeleteFile d : deletes) {
			byData.put(d.dataFileId(), d);
		}
		List<Part> parts = new ArrayList<>();
		for (DataFile f : data) {
			parts.add(new Part(f, byData.get(f.id())));
		}
		return new ReadPlan(List.copyOf(parts));
	}
}
