package io.lakestudio.moraine;

/** A live table. */
public record TableInfo(TableId id, String uuid, SchemaId schema, String name, String path, boolean pathIsRelative,
		SnapshotId begin) {
}
