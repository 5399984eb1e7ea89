package io.lakestudio.moraine;

/** Identifies a partition spec within its table (allocated from the global catalog-id counter). */
public record PartitionId(long value) implements Comparable<PartitionId> {

	@Override
	public int compareTo(PartitionId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
