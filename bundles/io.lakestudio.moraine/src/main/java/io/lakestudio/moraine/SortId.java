package io.lakestudio.moraine;

/** Identifies a sort spec within its table (allocated from the global catalog-id counter). */
public record SortId(long value) implements Comparable<SortId> {

	@Override
	public int compareTo(SortId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
