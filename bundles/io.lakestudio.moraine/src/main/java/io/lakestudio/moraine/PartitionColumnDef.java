package io.lakestudio.moraine;

/**
 * One key of a partition spec: a source column and its transform, stored verbatim as DuckLake writes it
 * (identity, year, bucket(16), …); moraine never parses or applies one.
 */
public record PartitionColumnDef(ColumnId column, String transform) {

	public PartitionColumnDef {
		if (transform == null || transform.isBlank())
			transform = "identity";
	}
}
