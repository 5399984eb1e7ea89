package io.lakestudio.moraine;

/** Identifies a data file. */
public record DataFileId(long value) implements Comparable<DataFileId> {

	@Override
	public int compareTo(DataFileId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
