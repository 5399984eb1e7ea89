package io.lakestudio.ducklake;

import java.util.List;

/**
 * A table's partitioning from one snapshot on ({@code ducklake_partition_info} and its
 * {@code ducklake_partition_column} rows): the keys in order, each a column and a transform ({@code identity},
 * {@code year}, {@code month}, {@code day}, {@code hour}, {@code epoch_*}, {@code bucket(n)}). No keys: the table's
 * partitioning is reset (what a commit ends without starting another).
 */
public record PartitionSpec(long id, long tableId, List<Key> keys) {

	/** One partition key: its index in the spec, the column (by id) and the transform applied to it. */
	public record Key(int index, long columnId, String transform) {
	}

	public boolean none() {
		return keys.isEmpty();
	}
}
