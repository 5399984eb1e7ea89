package io.lakestudio.delta;

import java.time.Instant;
import java.util.List;

/**
 * One version of a Delta table.
 *
 * @param version          the log version
 * @param timestamp        the commit's time (in-commit timestamp, else commitInfo.timestamp, else the file time)
 * @param columns          the logical schema, in order
 * @param partitionColumns logical names of the partition columns
 * @param sizeBytes        sum of the live data files' sizes
 * @param numFiles         number of live data files
 * @param numRecords       live rows: sum of stats.numRecords minus deletion-vector cardinalities; null when any
 *                         file has no numRecords stat
 */
public record DeltaSnapshot(long version, Instant timestamp, List<DeltaColumn> columns, List<String> partitionColumns,
		long sizeBytes, long numFiles, Long numRecords) {
}
