package io.lakestudio.ducklake;

import java.util.List;

/**
 * A table's sort order from one snapshot on ({@code ducklake_sort_info} and its {@code ducklake_sort_expression}
 * rows): what files written for it are sorted by. No keys: the sort order is reset.
 */
public record SortSpec(long id, long tableId, List<Key> keys) {

	/** One sort key: an expression (DuckDB's dialect), ASC or DESC, NULLS_FIRST or NULLS_LAST. */
	public record Key(String expression, String direction, String nullOrder) {
	}

	public boolean none() {
		return keys.isEmpty();
	}
}
