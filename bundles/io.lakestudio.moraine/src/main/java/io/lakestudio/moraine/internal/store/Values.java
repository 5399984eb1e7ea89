package io.lakestudio.moraine.internal.store;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The value codec: a tuple of nulls, longs, strings, booleans, doubles, byte strings and long arrays, behind a
 * version byte so a later layout can tell its own values from these. Knows no meaning of any field.
 */
public final class Values {

	static final int VERSION = 1;
	private static final int NULL = 0, LONG = 1, STRING = 2, BOOL = 3, BYTES = 4, DOUBLE = 5, LONGS = 6;

	private Values() {
	}

	public static byte[] encode(List<?> fields) {
		try {
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			DataOutputStream out = new DataOutputStream(bytes);
			out.writeByte(VERSION);
			out.writeInt(fields.size());
			for (Object f : fields)
				write(out, f);
			return bytes.toByteArray();
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	public static byte[] encode(Object... fields) {
		return encode(Arrays.asList(fields));
	}

	private static void write(DataOutputStream out, Object f) throws IOException {
		switch (f) {
			case null -> out.writeByte(NULL);
			case Long l -> {
				out.writeByte(LONG);
				out.writeLong(l);
			}
			case Integer i -> {
				out.writeByte(LONG);
				out.writeLong(i);
			}
			case String s -> {
				out.writeByte(STRING);
				byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
				out.writeInt(b.length);
				out.write(b);
			}
			case Boolean b -> {
				out.writeByte(BOOL);
				out.writeBoolean(b);
			}
			case Double d -> {
				out.writeByte(DOUBLE);
				out.writeDouble(d);
			}
			case byte[] b -> {
				out.writeByte(BYTES);
				out.writeInt(b.length);
				out.write(b);
			}
			case long[] a -> {
				out.writeByte(LONGS);
				out.writeInt(a.length);
				for (long v : a)
					out.writeLong(v);
			}
			default -> throw new IllegalArgumentException("no value encoding for " + f.getClass().getName());
		}
	}

	/** The fields of a value, as {@link #encode} took them (ints come back as Long). */
	public static List<Object> decode(byte[] value) {
		try {
			DataInputStream in = new DataInputStream(new ByteArrayInputStream(value));
			int version = in.readUnsignedByte();
			if (version != VERSION)
				throw new IllegalArgumentException("value codec version " + version + " is not " + VERSION);
			int n = in.readInt();
			if (n < 0 || n > value.length)
				throw new IllegalArgumentException("value claims " + n + " fields in " + value.length + " bytes");
			List<Object> fields = new ArrayList<>(n);
			for (int i = 0; i < n; i++)
				fields.add(read(in, value.length));
			return fields;
		} catch (IOException e) {
			throw new IllegalArgumentException("truncated value", e);
		}
	}

	private static Object read(DataInputStream in, int bound) throws IOException {
		int tag = in.readUnsignedByte();
		return switch (tag) {
			case NULL -> null;
			case LONG -> in.readLong();
			case STRING -> new String(readBytes(in, bound), java.nio.charset.StandardCharsets.UTF_8);
			case BOOL -> in.readBoolean();
			case DOUBLE -> in.readDouble();
			case BYTES -> readBytes(in, bound);
			case LONGS -> {
				int n = in.readInt();
				if (n < 0 || n > bound / 8)
					throw new IllegalArgumentException("long array of " + n + " in " + bound + " bytes");
				long[] a = new long[n];
				for (int i = 0; i < n; i++)
					a[i] = in.readLong();
				yield a;
			}
			default -> throw new IllegalArgumentException("unknown field tag " + tag);
		};
	}

	private static byte[] readBytes(DataInputStream in, int bound) throws IOException {
		int n = in.readInt();
		if (n < 0 || n > bound)
			throw new IllegalArgumentException("field of " + n + " bytes in a value of " + bound);
		byte[] b = new byte[n];
		in.readFully(b);
		return b;
	}
}
