package io.lakestudio.moraine;

/** Identifies a table. */
public record TableId(long value) implements Comparable<TableId> {

	@Override
	public int compareTo(TableId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
