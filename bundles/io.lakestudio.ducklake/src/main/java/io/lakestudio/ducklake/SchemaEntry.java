package io.lakestudio.ducklake;

/** A schema visible at a snapshot ({@code ducklake_schema}); {@code path} is relative to the data path. */
public record SchemaEntry(long id, String uuid, long beginSnapshot, String name, String path) {
}
