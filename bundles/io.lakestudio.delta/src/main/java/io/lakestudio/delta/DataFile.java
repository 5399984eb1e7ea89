package io.lakestudio.delta;

import java.util.Map;

/**
 * A Parquet file the caller already wrote inside the table folder, to be committed by
 * {@link DeltaTables#append}. Stats values are keyed by column name and typed as the column: Boolean, Byte,
 * Short, Integer, Long, Float, Double, String, BigDecimal, LocalDate (date), Instant (timestamp) or
 * LocalDateTime (timestamp_ntz). Columns missing from a map have no such stat.
 *
 * @param path            relative to the table root, '/'-separated, as named on disk (not URI-encoded); no ':'
 *                        (escape partition values in folder names as Hive does, e.g. ':' as %3A)
 * @param partitionValues one value per partition column (null for a null partition)
 */
public record DataFile(String path, long size, Map<String, Object> partitionValues, long numRecords,
		Map<String, Object> minValues, Map<String, Object> maxValues, Map<String, Long> nullCounts) {
}
