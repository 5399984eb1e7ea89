package io.lakestudio.moraine;

/** A live delete file, as read from a snapshot. */
public record DeleteFileInfo(DeleteFileId id, TableId table, DataFileId dataFile, String path,
		boolean pathIsRelative, String format, long deleteCount, long fileSizeBytes, SnapshotId begin) {
}
