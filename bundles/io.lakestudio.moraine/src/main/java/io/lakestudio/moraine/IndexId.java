package io.lakestudio.moraine;

/** Identifies an equality index within its table (allocated from the global catalog-id counter). */
public record IndexId(long value) implements Comparable<IndexId> {

	@Override
	public int compareTo(IndexId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
