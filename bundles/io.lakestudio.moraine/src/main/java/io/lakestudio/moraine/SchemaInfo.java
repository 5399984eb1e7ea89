package io.lakestudio.moraine;

/** A live schema. */
public record SchemaInfo(SchemaId id, String uuid, String name, String path, boolean pathIsRelative,
		SnapshotId begin) {
}
