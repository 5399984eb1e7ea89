package io.lakestudio.ducklake;

/** A table visible at a snapshot ({@code ducklake_table}); {@code path} is relative to its schema's path. */
public record TableEntry(long id, String uuid, long beginSnapshot, long schemaId, String name, String path) {
}
