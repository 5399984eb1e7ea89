package io.lakestudio.ducklake;

import java.util.List;

/**
 * The partition a data file holds: the spec it was written under ({@code ducklake_data_file.partition_id}) and its
 * value for each key of that spec, in key order ({@code ducklake_file_partition_value}; null for NULL).
 */
public record FilePartition(long partitionId, List<String> values) {
}
