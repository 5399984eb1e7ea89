package io.lakestudio.moraine;

/**
 * One inlined row: row {@code indexInChunk} of the Arrow batch {@code chunkBody}. Rows of one chunk share one body
 * and one schema.
 */
public record RecentRow(long rowId, int indexInChunk, SnapshotId begin, long schemaVersion, byte[] chunkBody,
		byte[] arrowSchema) {
}
