package io.lakestudio.moraine;

/** Identifies a view. */
public record ViewId(long value) implements Comparable<ViewId> {

	@Override
	public int compareTo(ViewId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
