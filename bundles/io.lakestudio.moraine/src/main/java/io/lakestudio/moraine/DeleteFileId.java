package io.lakestudio.moraine;

/** Identifies a delete file. */
public record DeleteFileId(long value) implements Comparable<DeleteFileId> {

	@Override
	public int compareTo(DeleteFileId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
