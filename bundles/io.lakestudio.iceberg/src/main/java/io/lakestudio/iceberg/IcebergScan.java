package io.lakestudio.iceberg;

import java.util.List;

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

	/** A position-delete file: rows {@code (file_path, pos)} naming deleted rows of data files. */
	public record DeleteFile(String path, String absolutePath, long size) {
	}

	/** A Parquet data file and the position deletes that apply to it. */
	public record DataFile(String path, String absolutePath, long size, long records, List<DeleteFile> deletes) {
	}

	public long records() {
		return files.stream().mapToLong(DataFile::records).sum();
	}
}
