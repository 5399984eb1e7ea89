package io.lakestudio.moraine.internal.store;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Order-preserving tuple keys: a key made of longs, strings, byte strings and nulls sorts (unsigned
 * lexicographically, as the KV orders keys) exactly as its tuple does, element by element, so a prefix of a
 * tuple is a scan range.
 */
public final class Keys {

	private static final int NULL = 0x01, LONG = 0x02, STRING = 0x03, BYTES = 0x04, END = 0x00, ESCAPE = 0xFF;

	private Keys() {
	}

	public static byte[] of(Object... parts) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(16 * parts.length + 1);
		for (Object part : parts)
			append(out, part);
		return out.toByteArray();
	}

	private static void append(ByteArrayOutputStream out, Object part) {
		switch (part) {
			case null -> out.write(NULL);
			case Long l -> writeLong(out, l);
			case Integer i -> writeLong(out, i.longValue());
			case String s -> writeBytes(out, STRING, s.getBytes(StandardCharsets.UTF_8));
			case byte[] b -> writeBytes(out, BYTES, b);
			default -> throw new IllegalArgumentException("no key encoding for " + part.getClass().getName());
		}
	}

	private static void writeLong(ByteArrayOutputStream out, long value) {
		out.write(LONG);
		long flipped = value ^ Long.MIN_VALUE;
		for (int shift = 56; shift >= 0; shift -= 8)
			out.write((int) (flipped >>> shift) & 0xFF);
	}

	/** 0x00 inside the bytes is escaped as 0x00 0xFF; the end is 0x00 0x00, so a longer string sorts after. */
	private static void writeBytes(ByteArrayOutputStream out, int tag, byte[] bytes) {
		out.write(tag);
		for (byte b : bytes) {
			out.write(b);
			if (b == 0)
				out.write(ESCAPE);
		}
		out.write(END);
		out.write(END);
	}

	/** The first key after every key that starts with {@code prefix}: the exclusive end of a prefix scan. */
	public static byte[] prefixEnd(byte[] prefix) {
		byte[] end = Arrays.copyOf(prefix, prefix.length);
		for (int i = end.length - 1; i >= 0; i--) {
			if ((end[i] & 0xFF) != 0xFF) {
				end[i]++;
				return Arrays.copyOf(end, i + 1);
			}
		}
		return null;
	}

	/** The parts of a key, longs as Long, strings as String, byte strings as byte[]. */
	public static List<Object> decode(byte[] key) {
		List<Object> parts = new ArrayList<>();
		int i = 0;
		while (i < key.length) {
			int tag = key[i++] & 0xFF;
			switch (tag) {
				case NULL -> parts.add(null);
				case LONG -> {
					long v = 0;
					for (int k = 0; k < 8; k++)
						v = (v << 8) | (key[i++] & 0xFF);
					parts.add(v ^ Long.MIN_VALUE);
				}
				case STRING, BYTES -> {
					ByteArrayOutputStream b = new ByteArrayOutputStream();
					while (true) {
						int c = key[i++] & 0xFF;
						if (c == 0) {
							int next = key[i++] & 0xFF;
							if (next == END)
								break;
							b.write(0);
						} else
							b.write(c);
					}
					parts.add(tag == STRING ? b.toString(StandardCharsets.UTF_8) : b.toByteArray());
				}
				default -> throw new IllegalArgumentException("not a tuple key: tag " + tag + " at " + (i - 1));
			}
		}
		return parts;
	}
}
