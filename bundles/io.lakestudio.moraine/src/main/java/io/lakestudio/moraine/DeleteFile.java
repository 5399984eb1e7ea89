package io.lakestudio.moraine;

/** A delete file to register (already written), targeting one data file's rows by position. */
public record DeleteFile(TableId table, DataFileId dataFile, String path, boolean pathIsRelative, String format,
		long deleteCount, long fileSizeBytes, Long footerSize) {

	public static DeleteFile parquet(TableId table, DataFileId dataFile, String path, long deleteCount,
			long fileSizeBytes) {
		return new DeleteFile(table, dataFile, path, true, "parquet", deleteCount, fileSizeBytes, null);
	}
}
