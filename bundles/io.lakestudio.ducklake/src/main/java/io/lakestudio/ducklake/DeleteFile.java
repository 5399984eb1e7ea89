package io.lakestudio.ducklake;

/**
 * A positional delete file ({@code ducklake_delete_file}): a Parquet file of {@code (file_path, pos)} naming rows
 * of one data file that are gone. The one visible at a snapshot holds all the deletes of its data file so far.
 */
public record DeleteFile(long id, long tableId, long beginSnapshot, long dataFileId, String path, boolean relative,
		long deleteCount, long fileSizeBytes, long footerSize) {
}
