package io.lakestudio.ducklake;

import java.time.Instant;

/**
 * One row of {@code ducklake_snapshot} with its {@code ducklake_snapshot_changes}: a committed state of the catalog.
 * {@code nextCatalogId} and {@code nextFileId} are where the next schema/table/column and file ids start.
 */
public record Snapshot(long id, Instant time, long schemaVersion, long nextCatalogId, long nextFileId,
		String changesMade, String author, String commitMessage) {
}
