package io.lakestudio.ducklake;

import java.util.List;

/**
 * A Parquet data file of a table ({@code ducklake_data_file}), with its per-column stats when written here.
 * {@code path} is relative to the table's folder when {@code relative}; {@code rowIdStart} is the row id of its
 * first row.
 */
public record DataFile(long id, long tableId, long beginSnapshot, String path, boolean relative, long recordCount,
		long fileSizeBytes, long footerSize, long rowIdStart, List<ColumnStats> stats) {
}
