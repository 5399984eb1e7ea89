package io.lakestudio.kv.internal;

/** An SST as the manifest names it: its object, size, version count and key range (both ends inclusive). */
public record SstInfo(String path, long size, long entries, byte[] firstKey, byte[] lastKey) {

	boolean mayHold(byte[] key) {
		return Bytes.compare(key, firstKey) >= 0 && Bytes.compare(key, lastKey) <= 0;
	}

	/** Overlaps [from, to): to null for no upper bound. */
	boolean overlaps(byte[] from, byte[] to) {
		return Bytes.compare(lastKey, from) >= 0 && (to == null || Bytes.compare(firstKey, to) < 0);
	}

	void write(Bytes.Out out) {
		out.string(path).varint(size).varint(entries).bytes(firstKey).bytes(lastKey);
	}

	static SstInfo read(Bytes.In in) {
		return new SstInfo(in.string(), in.varint(), in.varint(), in.bytes(), in.bytes());
	}
}
