package io.lakestudio.kv.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable sorted table: versions in (key ascending, newest first) order in blocks of about 4 KB, each with a
 * CRC32C; an index of each block's first key; a bloom filter of the keys; a footer with a magic and a CRC over the
 * index and filter. A damaged SST is refused when read, never misread.
 */
public final class Sst {

	static final long MAGIC = 0x4c4b5353_54303031L; // "LKSST001"
	private static final int BLOCK = 4096;
	private static final int FOOTER = 8 * 4 + 4 + 8;

	private final byte[] data;
	private final List<byte[]> firstKeys = new ArrayList<>();
	private final List<int[]> blocks = new ArrayList<>(); // {offset, length}
	private final Bloom bloom;
	private final boolean[] verified; // racy by design: a stale false only checks a block again

	private Sst(byte[] data) {
		this.data = data;
		if (data.length < FOOTER)
			throw new IllegalStateException("too short for an SST");
		Bytes.In f = new Bytes.In(data, data.length - FOOTER, data.length);
		int indexAt = (int) f.fixed64();
		int bloomAt = (int) f.fixed64();
		f.fixed64();
		f.fixed64();
		int crc = (int) (f.u8() << 24 | f.u8() << 16 | f.u8() << 8 | f.u8());
		if (f.fixed64() != MAGIC)
			throw new IllegalStateException("not an SST (no magic)");
		int end = data.length - FOOTER;
		if (indexAt < 0 || bloomAt < indexAt || bloomAt > end || Bytes.crc(data, indexAt, end) != crc)
			throw new IllegalStateException("SST index or filter damaged");
		Bytes.In index = new Bytes.In(data, indexAt, bloomAt);
		long n = index.varint();
		for (long i = 0; i < n; i++) {
			firstKeys.add(index.bytes());
			blocks.add(new int[] { (int) index.varint(), (int) index.varint() });
		}
		bloom = Bloom.read(new Bytes.In(data, bloomAt, end));
		verified = new boolean[blocks.size()];
	}

	/** Parses (and checks) an SST's bytes. */
	public static Sst parse(byte[] data) {
		try {
			return new Sst(data);
		} catch (RuntimeException e) {
			throw new IllegalStateException("damaged SST: " + e.getMessage(), e);
		}
	}

	public long size() {
		return data.length;
	}

	/** The newest version of {@code key} at or before {@code seq}, or null; reads the block in place. */
	public Version get(byte[] key, long seq) {
		if (blocks.isEmpty() || !bloom.mightContain(key))
			return null;
		int b = blockFor(key);
		for (int i = Math.max(0, b); i < blocks.size(); i++) {
			if (i > b && Bytes.compare(firstKeys.get(i), key) > 0)
				return null;
			int[] at = blocks.get(i);
			verify(i);
			Bytes.In in = new Bytes.In(data, at[0], at[0] + at[1]);
			while (in.more()) {
				int klen = in.length();
				int kpos = in.position();
				int c = java.util.Arrays.compareUnsigned(data, kpos, kpos + klen, key, 0, key.length);
				in.skip(klen);
				long vseq = in.fixed64();
				int flag = in.u8();
				int vlen = in.length();
				if (c > 0)
					return null;
				if (c == 0 && vseq <= seq)
					return new Version(key, vseq,
							flag == 1 ? null : java.util.Arrays.copyOfRange(data, in.position(), in.position() + vlen));
				in.skip(vlen);
			}
		}
		return null;
	}

	/** Versions with a key in [from, to) in order, a block decoded only when reached. */
	public java.util.Iterator<Version> iterator(byte[] from, byte[] to) {
		return new java.util.Iterator<>() {
			private int block = Math.max(0, blockFor(from));
			private java.util.Iterator<Version> in = java.util.Collections.emptyIterator();
			private Version next = advance();

			private Version advance() {
				while (true) {
					while (in.hasNext()) {
						Version v = in.next();
						if (Bytes.compare(v.key(), from) < 0)
							continue;
						return to == null || Bytes.compare(v.key(), to) < 0 ? v : null;
					}
					if (block >= blocks.size() || (to != null && Bytes.compare(firstKeys.get(block), to) >= 0))
						return null;
					in = block(block++).iterator();
				}
			}

			@Override
			public boolean hasNext() {
				return next != null;
			}

			@Override
			public Version next() {
				Version v = next;
				if (v == null)
					throw new java.util.NoSuchElementException();
				next = advance();
				return v;
			}
		};
	}

	/** The last block whose first key is below or at {@code key} (the one that may hold it), or -1. */
	private int blockFor(byte[] key) {
		int lo = 0;
		int hi = firstKeys.size() - 1;
		int found = -1;
		while (lo <= hi) {
			int mid = (lo + hi) >>> 1;
			if (Bytes.compare(firstKeys.get(mid), key) < 0) {
				found = mid;
				lo = mid + 1;
			} else {
				hi = mid - 1;
			}
		}
		// versions of one key may start in the block before the one whose first key equals it
		return found;
	}

	/** Checks a block's CRC once; an SST never changes, so a block checked stays good. */
	private void verify(int i) {
		if (verified[i])
			return;
		int[] b = blocks.get(i);
		int at = b[0];
		int end = at + b[1];
		int crc = (data[end] & 0xFF) << 24 | (data[end + 1] & 0xFF) << 16 | (data[end + 2] & 0xFF) << 8
				| (data[end + 3] & 0xFF);
		if (Bytes.crc(data, at, end) != crc)
			throw new IllegalStateException("SST block " + i + " damaged (checksum)");
		verified[i] = true;
	}

	private List<Version> block(int i) {
		verify(i);
		int[] b = blocks.get(i);
		int at = b[0];
		int end = at + b[1];
		List<Version> out = new ArrayList<>();
		Bytes.In in = new Bytes.In(data, at, end);
		while (in.more()) {
			byte[] k = in.bytes();
			long seq = in.fixed64();
			int flag = in.u8();
			byte[] v = in.bytes();
			out.add(new Version(k, seq, flag == 1 ? null : v));
		}
		return out;
	}

	/** Writes versions (already in order) as one SST's bytes. */
	public static byte[] write(List<Version> versions) {
		Bytes.Out out = new Bytes.Out(Math.max(256, versions.size() * 32));
		List<byte[]> keys = new ArrayList<>();
		Bytes.Out index = new Bytes.Out(256);
		int blockCount = 0;
		int blockStart = 0;
		byte[] first = null;
		for (int i = 0; i < versions.size(); i++) {
			Version v = versions.get(i);
			if (first == null) {
				first = v.key();
				blockStart = out.size();
			}
			if (keys.isEmpty() || Bytes.compare(keys.get(keys.size() - 1), v.key()) != 0)
				keys.add(v.key());
			out.bytes(v.key()).fixed64(v.seq());
			out.write(v.tombstone() ? 1 : 0);
			out.bytes(v.tombstone() ? new byte[0] : v.value());
			if (out.size() - blockStart >= BLOCK || i == versions.size() - 1) {
				int len = out.size() - blockStart;
				int crc = Bytes.crc(out.buffer(), blockStart, blockStart + len);
				int4(out, crc);
				index.bytes(first).varint(blockStart).varint(len);
				blockCount++;
				first = null;
			}
		}
		int indexAt = out.size();
		out.varint(blockCount);
		out.writeBytes(index.toByteArray());
		int bloomAt = out.size();
		Bloom.of(keys).write(out);
		int crc = Bytes.crc(out.buffer(), indexAt, out.size());
		out.fixed64(indexAt).fixed64(bloomAt).fixed64(versions.size()).fixed64(0);
		int4(out, crc);
		out.fixed64(MAGIC);
		return out.toByteArray();
	}

	private static void int4(Bytes.Out out, int v) {
		out.write(v >>> 24);
		out.write(v >>> 16);
		out.write(v >>> 8);
		out.write(v);
	}
}
