package io.lakestudio.moraine;

import java.util.List;
import java.util.Optional;

/**
 * A live data file, as read from a snapshot; its rows hold ids rowIdStart … rowIdStart + recordCount - 1, or, when
 * rowIdStart is {@link #IDS_IN_FILE} (a file DuckLake rewrote, its row_id_start NULL), the ids the file itself
 * carries in {@code _ducklake_internal_row_id}.
 */
public record DataFileInfo(DataFileId id, TableId table, String path, boolean pathIsRelative, String fileFormat,
		long recordCount, long fileSizeBytes, Long footerSize, long rowIdStart, Optional<PartitionId> partition,
		List<String> partitionValues, Optional<MappingId> mapping, SnapshotId begin) {

	/** The rowIdStart of a file whose rows are no one run of ids: each row's id is in the file. */
	public static final long IDS_IN_FILE = -1;
}
