package io.lakestudio.moraine;

/** A live view: its SQL stored verbatim in its dialect. */
public record ViewInfo(ViewId id, String uuid, SchemaId schema, String name, String dialect, String sql,
		String columnAliases, SnapshotId begin) {
}
