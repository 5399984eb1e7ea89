package io.lakestudio.kv.internal;

/** A bloom filter over an SST's keys (10 bits a key, 7 probes by double hashing): most misses read no block. */
final class Bloom {

	private static final int PROBES = 7;
	private final long[] bits;

	private Bloom(long[] bits) {
		this.bits = bits;
	}

	static Bloom of(java.util.List<byte[]> keys) {
		int n = Math.max(64, keys.size() * 10);
		Bloom b = new Bloom(new long[(n + 63) / 64]);
		for (byte[] k : keys)
			b.add(k);
		return b;
	}

	private void add(byte[] key) {
		long h = hash(key);
		int h1 = (int) h;
		int h2 = (int) (h >>> 32);
		long m = bits.length * 64L;
		for (int i = 0; i < PROBES; i++) {
			long bit = Math.floorMod(h1 + (long) i * h2, m);
			bits[(int) (bit >>> 6)] |= 1L << (bit & 63);
		}
	}

	boolean mightContain(byte[] key) {
		long h = hash(key);
		int h1 = (int) h;
		int h2 = (int) (h >>> 32);
		long m = bits.length * 64L;
		for (int i = 0; i < PROBES; i++) {
			long bit = Math.floorMod(h1 + (long) i * h2, m);
			if ((bits[(int) (bit >>> 6)] & (1L << (bit & 63))) == 0)
				return false;
		}
		return true;
	}

	void write(Bytes.Out out) {
		out.varint(bits.length);
		for (long w : bits)
			out.fixed64(w);
	}

	static Bloom read(Bytes.In in) {
		int words = (int) in.varint();
		long[] bits = new long[words];
		for (int i = 0; i < words; i++)
			bits[i] = in.fixed64();
		return new Bloom(bits);
	}

	/** FNV-1a, 64 bits, mixed. */
	private static long hash(byte[] key) {
		long h = 0xcbf29ce484222325L;
		for (byte b : key) {
			h ^= b & 0xFF;
			h *= 0x100000001b3L;
		}
		h ^= h >>> 33;
		h *= 0xff51afd7ed558ccdL;
		h ^= h >>> 33;
		return h;
	}
}
