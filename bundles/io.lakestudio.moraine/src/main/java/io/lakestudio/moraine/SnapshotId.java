package io.lakestudio.moraine;

/** Identifies a committed snapshot. */
public record SnapshotId(long value) implements Comparable<SnapshotId> {

	@Override
	public int compareTo(SnapshotId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
