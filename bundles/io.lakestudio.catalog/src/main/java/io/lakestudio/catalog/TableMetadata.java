package io.lakestudio.catalog;

import java.time.Instant;
import java.util.List;

/**
 * What reading a table's log tells: the snapshot's version and time, its columns, partitioning and size.
 * {@code numRecords} is null when the log carries no stats.
 */
public record TableMetadata(String format, long version, Instant snapshotTime, List<LakeColumn> columns,
		List<String> partitionColumns, long sizeBytes, long numFiles, Long numRecords) {
}
