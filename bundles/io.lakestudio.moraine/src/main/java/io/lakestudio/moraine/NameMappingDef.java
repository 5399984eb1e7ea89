package io.lakestudio.moraine;

/**
 * One ducklake_name_mapping row: how one physical column of an externally written file resolves to a table field.
 * {@code columnId} is an ordinal local to the mapping; {@code parentColumn}, when not null, a smaller one.
 */
public record NameMappingDef(long columnId, String sourceName, long targetFieldId, Long parentColumn,
		boolean isPartition) {
}
