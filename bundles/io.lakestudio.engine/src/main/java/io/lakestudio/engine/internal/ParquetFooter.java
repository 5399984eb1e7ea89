package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A Parquet footer (thrift compact FileMetaData) read just far enough to say where each column chunk is: for each
 * row group and leaf column, the top-level column it belongs to (the first element of path_in_schema) and the byte
 * ranges DuckDB reads for it (the chunk from its dictionary or first data page for total_compressed_size bytes, and
 * its bloom filter if it has one). Hand-parsed with a small compact-protocol reader: the thrift classes inside
 * io.lakestudio.delta are not exported, and this is the only part of the footer we need.
 */
public final class ParquetFooter {

	/** Trailer: 4-byte little-endian footer length and "PAR1". */
	public static final int TRAILER = 8;
	/** DuckDB's first read of a file is its last 16 KiB. */
	public static final int TAIL = 16 * 1024;

	/** One column chunk: where its bytes are. */
	public record Chunk(String column, int rowGroup, long offset, long length, long bloomOffset, long bloomLength) {
	}

	private ParquetFooter() {
	}

	/** The footer's length from a file's last bytes ({@code tail} ends at the end of the file). */
	public static int footerLength(byte[] tail) throws IOException {
		int n = tail.length;
		if (n < TRAILER || tail[n - 4] != 'P' || tail[n - 3] != 'A' || tail[n - 2] != 'R' || tail[n - 1] != '1') {
			throw new IOException("not a Parquet file (no PAR1 at its end)");
		}
		return (tail[n - 8] & 0xff) | (tail[n - 7] & 0xff) << 8 | (tail[n - 6] & 0xff) << 16 | (tail[n - 5] & 0xff) << 24;
	}

	/** The chunks of a footer: {@code footer} is the FileMetaData bytes (without the trailer). */
	public static List<Chunk> chunks(byte[] footer) throws IOException {
		try {
			Reader r = new Reader(footer);
			List<Chunk> out = new ArrayList<>();
			r.struct((id, type) -> {
				if (id == 4 && type == LIST) { // row_groups
					int[] rg = { 0 };
					r.list(et -> {
						int g = rg[0]++;
						r.struct((rid, rtype) -> {
							if (rid == 1 && rtype == LIST) { // columns
								r.list(ct -> out.add(columnChunk(r, g)));
							} else {
								r.skip(rtype);
							}
						});
					});
				} else {
					r.skip(type);
				}
			});
			return out;
		} catch (RuntimeException e) {
			throw new IOException("cannot read the Parquet footer: " + e, e);
		}
	}

	private static Chunk columnChunk(Reader r, int group) throws IOException {
		long[] m = { -1, -1, -1, 0, -1, -1 }; // data page, dictionary page, compressed size, -, bloom off, bloom len
		String[] col = { null };
		r.struct((id, type) -> {
			if (id == 3 && type == STRUCT) { // meta_data
				r.struct((mid, mt) -> {
					switch (mid) {
					case 3 -> { // path_in_schema
						List<String> path = new ArrayList<>();
						r.list(et -> path.add(r.string()));
						col[0] = path.isEmpty() ? null : path.get(0);
					}
					case 7 -> m[2] = r.varlong(); // total_compressed_size
					case 9 -> m[0] = r.varlong(); // data_page_offset
					case 11 -> m[1] = r.varlong(); // dictionary_page_offset
					case 14 -> m[4] = r.varlong(); // bloom_filter_offset
					case 15 -> m[5] = r.varint(); // bloom_filter_length
					default -> r.skip(mt);
					}
				});
			} else {
				r.skip(type);
			}
		});
		if (col[0] == null || m[0] < 0 || m[2] < 0) {
			throw new IOException("a column chunk of row group " + group + " has no metadata in the footer");
		}
		long start = m[1] >= 4 && m[1] < m[0] ? m[1] : m[0];
		return new Chunk(col[0], group, start, m[2], m[4], m[5]);
	}

	static final int BOOL_TRUE = 1, BOOL_FALSE = 2, BYTE = 3, I16 = 4, I32 = 5, I64 = 6, DOUBLE = 7, BINARY = 8,
			LIST = 9, SET = 10, MAP = 11, STRUCT = 12;

	interface Field {
		void read(int id, int type) throws IOException;
	}

	interface Elem {
		void read(int type) throws IOException;
	}

	/** The compact protocol, enough to walk structs and lists and skip the rest. */
	static final class Reader {
		private final byte[] b;
		private int pos;

		Reader(byte[] b) {
			this.b = b;
		}

		private int u8() throws IOException {
			if (pos >= b.length) {
				throw new IOException("footer ends early");
			}
			return b[pos++] & 0xff;
		}

		long varlong() throws IOException {
			long raw = 0;
			for (int shift = 0;; shift += 7) {
				int x = u8();
				raw |= (long) (x & 0x7f) << shift;
				if ((x & 0x80) == 0) {
					break;
				}
			}
			return (raw >>> 1) ^ -(raw & 1);
		}

		int varint() throws IOException {
			return (int) varlong();
		}

		private int uvarint() throws IOException {
			int raw = 0;
			for (int shift = 0;; shift += 7) {
				int x = u8();
				raw |= (x & 0x7f) << shift;
				if ((x & 0x80) == 0) {
					return raw;
				}
			}
		}

		String string() throws IOException {
			int n = uvarint();
			if (n < 0 || pos + n > b.length) {
				throw new IOException("footer ends early");
			}
			String s = new String(b, pos, n, StandardCharsets.UTF_8);
			pos += n;
			return s;
		}

		void struct(Field f) throws IOException {
			int last = 0;
			while (true) {
				int h = u8();
				if (h == 0) {
					return;
				}
				int type = h & 0x0f;
				int delta = h >>> 4;
				int id = delta == 0 ? (short) varint() : last + delta;
				last = id;
				f.read(id, type);
			}
		}

		void list(Elem e) throws IOException {
			int h = u8();
			int n = h >>> 4;
			if (n == 15) {
				n = uvarint();
			}
			int type = h & 0x0f;
			for (int i = 0; i < n; i++) {
				e.read(type);
			}
		}

		void skip(int type) throws IOException {
			switch (type) {
			case BOOL_TRUE, BOOL_FALSE -> {
				// the value is in the type
			}
			case BYTE -> u8();
			case I16, I32, I64 -> varlong();
			case DOUBLE -> pos += 8;
			case BINARY -> string();
			case LIST, SET -> list(t -> skipElement(t));
			case MAP -> {
				int n = uvarint();
				if (n > 0) {
					int kv = u8();
					for (int i = 0; i < n; i++) {
						skipElement(kv >>> 4);
						skipElement(kv & 0x0f);
					}
				}
			}
			case STRUCT -> struct((id, t) -> skip(t));
			default -> throw new IOException("unknown thrift type " + type + " in the footer");
			}
		}

		/** In a list a boolean is a byte. */
		private void skipElement(int type) throws IOException {
			if (type == BOOL_TRUE || type == BOOL_FALSE) {
				u8();
			} else {
				skip(type);
			}
		}
	}
}
