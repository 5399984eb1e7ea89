package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A Parquet footer (thrift compact FileMetaData) read just far enough to say where each column chunk is and what its
 * row group's statistics say: for each row group and leaf column, the top-level column it belongs to (the first
 * element of path_in_schema), the byte ranges DuckDB reads for it (the chunk from its dictionary or first data page
 * for total_compressed_size bytes, and its bloom filter if it has one), its min_value, max_value and null_count; and
 * for each top-level primitive column the DuckDB type its Parquet type reads as, where that is certain.
 * Hand-parsed with a small compact-protocol reader: the thrift classes inside io.lakestudio.delta are not
 * exported, and this is the only part of the footer we need.
 */
public final class ParquetFooter {

	/** Trailer: 4-byte little-endian footer length and "PAR1". */
	public static final int TRAILER = 8;
	/** DuckDB's first read of a file is its last 16 KiB. */
	public static final int TAIL = 16 * 1024;

	/**
	 * One column chunk: where its bytes are, whether it is a nested leaf, and its statistics (min_value and
	 * max_value as Parquet's plain encoding, or null; null_count, or -1).
	 */
	public record Chunk(String column, int rowGroup, long offset, long length, long bloomOffset, long bloomLength,
			boolean nested, byte[] min, byte[] max, long nulls) {
	}

	/**
	 * The chunks of a file, the DuckDB type of each top-level primitive column (by lower-case name) when its
	 * Parquet types say it for certain (BIGINT, INTEGER, SMALLINT, TINYINT, DOUBLE, FLOAT, BOOLEAN, DATE,
	 * TIMESTAMP, TIMESTAMPTZ, VARCHAR, BLOB), the lower-case names of all top-level columns in file order, and the
	 * name of each top-level column that has a field id (Iceberg's), by that id.
	 */
	public record Footer(List<Chunk> chunks, Map<String, String> types, List<String> topLevel,
			Map<Integer, String> fieldIds) {
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
		return read(footer).chunks();
	}

	/** A footer: {@code footer} is the FileMetaData bytes (without the trailer). */
	public static Footer read(byte[] footer) throws IOException {
		try {
			Reader r = new Reader(footer);
			List<Chunk> out = new ArrayList<>();
			List<Element> schema = new ArrayList<>();
			r.struct((id, type) -> {
				if (id == 2 && type == LIST) { // schema
					r.list(et -> schema.add(element(r)));
				} else if (id == 4 && type == LIST) { // row_groups
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
			return new Footer(out, topLevelTypes(schema), topLevelNames(schema), topLevelIds(schema));
		} catch (RuntimeException e) {
			throw new IOException("cannot read the Parquet footer: " + e, e);
		}
	}

	/**
	 * A SchemaElement: physical type, name, children, converted type, logical type (as text) and field id, -1 when
	 * unset.
	 */
	record Element(int type, String name, int children, int converted, String logical, int fieldId) {
	}

	private static Element element(Reader r) throws IOException {
		int[] v = { -1, 0, -1, -1 }; // type, num_children, converted_type, field_id
		String[] s = { null, null }; // name, logical type
		r.struct((id, type) -> {
			switch (id) {
			case 1 -> v[0] = r.varint();
			case 4 -> s[0] = r.string();
			case 5 -> v[1] = r.varint();
			case 6 -> v[2] = r.varint();
			case 9 -> v[3] = r.varint();
			case 10 -> s[1] = type == STRUCT ? logical(r) : skipped(r, type);
			default -> r.skip(type);
			}
		});
		return new Element(v[0], s[0], v[1], v[2], s[1], v[3]);
	}

	private static String skipped(Reader r, int type) throws IOException {
		r.skip(type);
		return null;
	}

	/** The LogicalType union as text: STRING, DATE, INT(bits,signed), TIMESTAMP(utc,unit), or OTHER. */
	private static String logical(Reader r) throws IOException {
		String[] out = { "OTHER" };
		r.struct((id, type) -> {
			if (id == 1 && type == STRUCT) {
				r.skip(type);
				out[0] = "STRING";
			} else if (id == 6 && type == STRUCT) {
				r.skip(type);
				out[0] = "DATE";
			} else if (id == 10 && type == STRUCT) {
				int[] bits = { -1 };
				boolean[] signed = { false };
				r.struct((iid, it) -> {
					if (iid == 1 && it == BYTE) {
						bits[0] = r.u8();
					} else if (iid == 2 && (it == BOOL_TRUE || it == BOOL_FALSE)) {
						signed[0] = it == BOOL_TRUE;
					} else {
						r.skip(it);
					}
				});
				out[0] = "INT(" + bits[0] + "," + signed[0] + ")";
			} else if (id == 8 && type == STRUCT) {
				boolean[] utc = { false };
				String[] unit = { "OTHER" };
				r.struct((tid, tt) -> {
					if (tid == 1 && (tt == BOOL_TRUE || tt == BOOL_FALSE)) {
						utc[0] = tt == BOOL_TRUE;
					} else if (tid == 2 && tt == STRUCT) {
						r.struct((uid, ut) -> {
							r.skip(ut);
							unit[0] = uid == 1 ? "MILLIS" : uid == 2 ? "MICROS" : uid == 3 ? "NANOS" : "OTHER";
						});
					} else {
						r.skip(tt);
					}
				});
				out[0] = "TIMESTAMP(" + utc[0] + "," + unit[0] + ")";
			} else {
				r.skip(type);
			}
		});
		return out[0];
	}

	static final int BOOLEAN = 0, INT32 = 1, INT64 = 2, PFLOAT = 4, PDOUBLE = 5, BYTE_ARRAY = 6;
	static final int C_UTF8 = 0, C_DATE = 6, C_TIMESTAMP_MICROS = 10, C_INT_8 = 15, C_INT_16 = 16, C_INT_32 = 17, C_INT_64 = 18;

	/** The top-level primitive columns (children of the root that have none) with a type known for certain. */
	private static Map<String, String> topLevelTypes(List<Element> schema) {
		Map<String, String> out = new HashMap<>();
		if (schema.isEmpty()) {
			return out;
		}
		int i = 1;
		for (int c = 0; c < schema.get(0).children() && i < schema.size(); c++) {
			Element e = schema.get(i);
			if (e.children() > 0) {
				i = skipSubtree(schema, i);
				continue;
			}
			String t = duckType(e.type(), e.converted(), e.logical());
			if (t != null && e.name() != null) {
				out.put(e.name().toLowerCase(Locale.ROOT), t);
			}
			i++;
		}
		return out;
	}

	/** The top-level columns (children of the root) that carry a field id: their names by id. */
	private static Map<Integer, String> topLevelIds(List<Element> schema) {
		Map<Integer, String> out = new HashMap<>();
		int i = 1;
		for (int c = 0; !schema.isEmpty() && c < schema.get(0).children() && i < schema.size(); c++) {
			Element e = schema.get(i);
			if (e.fieldId() >= 0 && e.name() != null) {
				out.put(e.fieldId(), e.name());
			}
			i = skipSubtree(schema, i);
		}
		return out;
	}

	private static List<String> topLevelNames(List<Element> schema) {
		List<String> out = new ArrayList<>();
		int i = 1;
		for (int c = 0; !schema.isEmpty() && c < schema.get(0).children() && i < schema.size(); c++) {
			Element e = schema.get(i);
			out.add(e.name() == null ? "" : e.name().toLowerCase(Locale.ROOT));
			i = skipSubtree(schema, i);
		}
		return out;
	}

	private static int skipSubtree(List<Element> schema, int i) {
		int n = Math.max(0, schema.get(i).children());
		i++;
		for (int c = 0; c < n && i < schema.size(); c++) {
			i = skipSubtree(schema, i);
		}
		return i;
	}

	/**
	 * The DuckDB type of a Parquet primitive, for the few types whose reading is beyond doubt; null otherwise
	 * (unsigned, decimals, JSON, enums, INT96, millisecond or nanosecond timestamps, a logical type DuckDB might
	 * map otherwise).
	 */
	static String duckType(int physical, int converted, String logical) {
		if (logical != null) {
			return switch (logical) {
			case "STRING" -> physical == BYTE_ARRAY && (converted == -1 || converted == C_UTF8) ? "VARCHAR" : null;
			case "INT(64,true)" -> physical == INT64 ? "BIGINT" : null;
			case "INT(32,true)" -> physical == INT32 ? "INTEGER" : null;
			case "INT(16,true)" -> physical == INT32 ? "SMALLINT" : null;
			case "INT(8,true)" -> physical == INT32 ? "TINYINT" : null;
			case "DATE" -> physical == INT32 ? "DATE" : null;
			case "TIMESTAMP(true,MICROS)" -> physical == INT64 && (converted == -1 || converted == C_TIMESTAMP_MICROS)
					? "TIMESTAMPTZ" : null;
			case "TIMESTAMP(false,MICROS)" -> physical == INT64 && (converted == -1 || converted == C_TIMESTAMP_MICROS)
					? "TIMESTAMP" : null;
			default -> null;
			};
		}
		return switch (converted) {
		case -1 -> switch (physical) {
			case INT64 -> "BIGINT";
			case INT32 -> "INTEGER";
			case PDOUBLE -> "DOUBLE";
			case PFLOAT -> "FLOAT";
			case BOOLEAN -> "BOOLEAN";
			case BYTE_ARRAY -> "BLOB";
			default -> null;
			};
		case C_UTF8 -> physical == BYTE_ARRAY ? "VARCHAR" : null;
		case C_INT_64 -> physical == INT64 ? "BIGINT" : null;
		case C_INT_32 -> physical == INT32 ? "INTEGER" : null;
		case C_INT_16 -> physical == INT32 ? "SMALLINT" : null;
		case C_INT_8 -> physical == INT32 ? "TINYINT" : null;
		case C_DATE -> physical == INT32 ? "DATE" : null;
		default -> null;
		};
	}

	private static Chunk columnChunk(Reader r, int group) throws IOException {
		long[] m = { -1, -1, -1, -1, -1, -1 }; // data page, dictionary page, compressed size, null count, bloom off, bloom len
		String[] col = { null };
		boolean[] nested = { false };
		byte[][] stats = { null, null }; // min_value, max_value
		r.struct((id, type) -> {
			if (id == 3 && type == STRUCT) { // meta_data
				r.struct((mid, mt) -> {
					switch (mid) {
					case 3 -> { // path_in_schema
						List<String> path = new ArrayList<>();
						r.list(et -> path.add(r.string()));
						col[0] = path.isEmpty() ? null : path.get(0);
						nested[0] = path.size() != 1;
					}
					case 7 -> m[2] = r.varlong(); // total_compressed_size
					case 9 -> m[0] = r.varlong(); // data_page_offset
					case 11 -> m[1] = r.varlong(); // dictionary_page_offset
					case 12 -> { // statistics
						if (mt != STRUCT) {
							r.skip(mt);
						} else {
							r.struct((sid, st) -> {
								switch (sid) {
								case 3 -> m[3] = r.varlong(); // null_count
								case 5 -> stats[1] = r.bytes(); // max_value
								case 6 -> stats[0] = r.bytes(); // min_value
								default -> r.skip(st);
								}
							});
						}
					}
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
		return new Chunk(col[0], group, start, m[2], m[4], Math.max(0, m[5]), nested[0], stats[0], stats[1], m[3]);
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

		int u8() throws IOException {
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
			return new String(bytes(), StandardCharsets.UTF_8);
		}

		byte[] bytes() throws IOException {
			int n = uvarint();
			if (n < 0 || pos + n > b.length) {
				throw new IOException("footer ends early");
			}
			byte[] out = java.util.Arrays.copyOfRange(b, pos, pos + n);
			pos += n;
			return out;
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
