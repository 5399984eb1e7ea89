package io.lakestudio.moraine;

/**
 * Identifies a column within its table: a field id, stable across renames and never reused, even after the column
 * is dropped.
 */
public record ColumnId(long value) implements Comparable<ColumnId> {

	@Override
	public int compareTo(ColumnId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
