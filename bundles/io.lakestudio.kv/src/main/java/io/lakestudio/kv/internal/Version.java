package io.lakestudio.kv.internal;

/** One version of a key: the batch's sequence number and its value, or null for a tombstone. */
public record Version(byte[] key, long seq, byte[] value) {

	public boolean tombstone() {
		return value == null;
	}

	/** Key ascending, then newest first: the order of memtables, SSTs and merges. */
	public static int compare(byte[] ka, long sa, byte[] kb, long sb) {
		int c = Bytes.compare(ka, kb);
		return c != 0 ? c : Long.compare(sb, sa);
	}

	public long bytes() {
		return key.length + 9L + (value == null ? 0 : value.length);
	}
}
