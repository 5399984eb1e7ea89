package io.lakestudio.moraine;

/** Identifies a column mapping (allocated from the same counter as data-file ids). */
public record MappingId(long value) implements Comparable<MappingId> {

	@Override
	public int compareTo(MappingId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
