package io.lakestudio.kv.internal;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Comparator;

/** Byte-string helpers: unsigned order, varints, and the writer/reader the codecs share. */
public final class Bytes {

	public static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

	private Bytes() {
	}

	public static int compare(byte[] a, byte[] b) {
		return Arrays.compareUnsigned(a, b);
	}

	/** An append-only buffer with varints. */
	public static final class Out extends ByteArrayOutputStream {
		public Out(int size) {
			super(size);
		}

		public Out varint(long v) {
			while ((v & ~0x7FL) != 0) {
				write((int) ((v & 0x7F) | 0x80));
				v >>>= 7;
			}
			write((int) v);
			return this;
		}

		public Out bytes(byte[] b) {
			varint(b.length);
			writeBytes(b);
			return this;
		}

		public Out fixed64(long v) {
			for (int i = 7; i >= 0; i--)
				write((int) (v >>> (i * 8)));
			return this;
		}

		public Out string(String s) {
			return bytes(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
		}

		public byte[] buffer() {
			return buf;
		}
	}

	/** A reader over a slice; a read past the end is a damaged object. */
	public static final class In {
		private final ByteBuffer b;

		public In(byte[] a, int from, int to) {
			b = ByteBuffer.wrap(a, from, to - from);
		}

		public In(byte[] a) {
			this(a, 0, a.length);
		}

		public boolean more() {
			return b.hasRemaining();
		}

		public int position() {
			return b.position();
		}

		public long varint() {
			long v = 0;
			for (int shift = 0; shift < 64; shift += 7) {
				byte x = b.get();
				v |= (long) (x & 0x7F) << shift;
				if ((x & 0x80) == 0)
					return v;
			}
			throw new IllegalStateException("bad varint");
		}

		public int length() {
			long n = varint();
			if (n < 0 || n > b.remaining())
				throw new IllegalStateException("length " + n + " past the end");
			return (int) n;
		}

		public byte[] bytes() {
			byte[] out = new byte[length()];
			b.get(out);
			return out;
		}

		public long fixed64() {
			return b.getLong();
		}

		public void skip(int n) {
			b.position(b.position() + n);
		}

		public int u8() {
			return b.get() & 0xFF;
		}

		public String string() {
			return new String(bytes(), java.nio.charset.StandardCharsets.UTF_8);
		}
	}

	public static int crc(byte[] a, int from, int to) {
		java.util.zip.CRC32C c = new java.util.zip.CRC32C();
		c.update(a, from, to - from);
		return (int) c.getValue();
	}
}
