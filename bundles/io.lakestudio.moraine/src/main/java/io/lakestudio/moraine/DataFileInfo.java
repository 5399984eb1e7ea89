package io.lakestudio.moraine;

import java.util.List;
import java.util.Optional;

/** A live data file, as read from a snapshot; its rows hold ids rowIdStart … rowIdStart + recordCount - 1. */
public record DataFileInfo(DataFileId id, TableId table, String path, boolean pathIsRelative, String fileFormat,
		long recordCount, long fileSizeBytes, Long footerSize, long rowIdStart, Optional<PartitionId> partition,
		List<String> partitionValues, Optional<MappingId> mapping, SnapshotId begin) {
}
