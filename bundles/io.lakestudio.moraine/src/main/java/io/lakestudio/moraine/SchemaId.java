package io.lakestudio.moraine;

/** Identifies a schema. */
public record SchemaId(long value) implements Comparable<SchemaId> {

	@Override
	public int compareTo(SchemaId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
