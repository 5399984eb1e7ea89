package io.lakestudio.moraine;

/** Identity and metadata of a committed snapshot (a ducklake_snapshot row with its ducklake_snapshot_changes). */
public record SnapshotInfo(SnapshotId id, Timestamp time, long schemaVersion, long nextCatalogId, long nextFileId,
		String changesMade, String author, String commitMessage, String commitExtraInfo) {
}
