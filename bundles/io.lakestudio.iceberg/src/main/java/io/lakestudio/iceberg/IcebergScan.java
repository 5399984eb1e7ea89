package io.lakestudio.iceberg;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One snapshot of an Iceberg table planned to files: its columns (current schema of that snapshot) and the data
 * files with the position-delete files that apply to each. Paths are relative to the table's location.
 *
 * @param snapshotId -1 for a table with no snapshot yet (no files)
 */
public record IcebergScan(long snapshotId, int formatVersion, List<Column> columns, List<DataFile> files) {

	/**
	 * A top-level column: read from each data file by its field id (renames and added columns need no rewrite).
	 *
	 * @param duckType the DuckDB type it is read as
	 */
	public record Column(int fieldId, String name, String duckType, boolean required) {
	}

	/**
	 * A position-delete file: rows {@code (file_path, pos)} naming deleted rows of data files.
	 *
	 * @param records how many rows it deletes, over all the data files it names
	 */
	public record DeleteFile(String path, String absolutePath, long size, long records) {
	}

	/**
	 * A Parquet data file, the position deletes that apply to it, and what its manifest entry says of its values.
	 */
	public record DataFile(String path, String absolutePath, long size, long records, List<DeleteFile> deletes,
			Stats stats) {

		/** At least how many of its rows are live: its records less every row its delete files delete. */
		public long liveAtLeast() {
			return Math.max(0, records - deletes.stream().mapToLong(DeleteFile::records).sum());
		}
	}

	/**
	 * What a data file's manifest entry says of its top-level columns, by field id, for choosing files: lower and
	 * upper bounds (inclusive, possibly truncated but still bounds), null and value counts, and the value of each
	 * column the file is partitioned by identity ({@code Optional.empty()}: NULL). Bounds are decoded for integer,
	 * decimal ({@link java.math.BigDecimal}), string and date ({@link java.time.LocalDate}) columns only: integers as
	 * Long; other columns have none here.
	 */
	public record Stats(Map<Integer, Object> lower, Map<Integer, Object> upper, Map<Integer, Long> nulls,
			Map<Integer, Long> values, Map<Integer, Optional<Object>> identity) {

		public static final Stats NONE = new Stats(Map.of(), Map.of(), Map.of(), Map.of(), Map.of());
	}

	public long records() {
		return files.stream().mapToLong(DataFile::records).sum();
	}
}
