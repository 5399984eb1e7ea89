package io.lakestudio.moraine;

import java.util.List;
import java.util.Optional;

/**
 * A data file to register: it already exists on object storage (data before metadata). Its row_id_start is
 * allocated by the commit, never given by the caller. {@code partitionValues} in the spec's key order.
 */
public record DataFile(TableId table, String path, boolean pathIsRelative, String fileFormat, long recordCount,
		long fileSizeBytes, Long footerSize, Optional<PartitionId> partition, List<String> partitionValues,
		List<FileColumnStats> columnStats, Optional<MappingId> mapping, String encryptionKey) {

	public DataFile {
		partitionValues = List.copyOf(partitionValues);
		columnStats = List.copyOf(columnStats);
		if (recordCount < 0 || fileSizeBytes < 0)
			throw new IllegalArgumentException("negative record count or size for " + path);
	}

	/** A Parquet file at a path relative to its table's, with no partition, stats or mapping. */
	public static DataFile parquet(TableId table, String path, long recordCount, long fileSizeBytes) {
		return new DataFile(table, path, true, "parquet", recordCount, fileSizeBytes, null, Optional.empty(),
				List.of(), List.of(), Optional.empty(), null);
	}

	public DataFile withStats(List<FileColumnStats> stats) {
		return new DataFile(table, path, pathIsRelative, fileFormat, recordCount, fileSizeBytes, footerSize,
				partition, partitionValues, stats, mapping, encryptionKey);
	}

	public DataFile withPartition(PartitionId spec, List<String> values) {
		return new DataFile(table, path, pathIsRelative, fileFormat, recordCount, fileSizeBytes, footerSize,
				Optional.of(spec), values, columnStats, mapping, encryptionKey);
	}

	public DataFile withMapping(MappingId id) {
		return new DataFile(table, path, pathIsRelative, fileFormat, recordCount, fileSizeBytes, footerSize,
				partition, partitionValues, columnStats, Optional.of(id), encryptionKey);
	}
}
