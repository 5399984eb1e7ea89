package io.lakestudio.engine.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.TimeUnit;
import org.apache.parquet.format.Util;

/**
 * What a Parquet footer (FileMetaData, read by parquet-format-structures, which io.lakestudio.delta embeds and
 * exports to this bundle) says of where each column chunk is and what its row group's statistics say: for each row
 * group and leaf column, the top-level column it belongs to (the first element of path_in_schema), the byte ranges
 * DuckDB reads for it (the chunk from its dictionary or first data page for total_compressed_size bytes, and its
 * bloom filter if it has one), its min_value, max_value and null_count; and for each top-level primitive column the
 * DuckDB type its Parquet type reads as, where that is certain.
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

		/**
		 * Roughly the heap bytes it holds (what bounds {@link HeldFooters}): per chunk the record, its column name
		 * (a string of its own, as Thrift decodes it) and statistics, per top-level column its names and types.
		 */
		long heapBytes() {
			long b = 96;
			for (Chunk c : chunks) {
				b += 96 + Weighed.of(c.column()) + (c.min() == null ? 0 : 16 + c.min().length)
						+ (c.max() == null ? 0 : 16 + c.max().length);
			}
			for (String n : topLevel) {
				b += 8 + Weighed.of(n);
			}
			return b + Weighed.of(types) + fieldIds.size() * 64L;
		}
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
			FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(footer));
			List<Element> schema = new ArrayList<>();
			for (SchemaElement e : meta.isSetSchema() ? meta.getSchema() : List.<SchemaElement>of()) {
				schema.add(new Element(e.isSetType() ? e.getType().getValue() : -1, e.getName(),
						e.isSetNum_children() ? e.getNum_children() : 0,
						e.isSetConverted_type() ? e.getConverted_type().getValue() : -1,
						e.isSetLogicalType() ? logical(e.getLogicalType()) : null, e.isSetField_id() ? e.getField_id() : -1));
			}
			List<Chunk> out = new ArrayList<>();
			List<RowGroup> groups = meta.isSetRow_groups() ? meta.getRow_groups() : List.of();
			for (int g = 0; g < groups.size(); g++) {
				for (ColumnChunk c : groups.get(g).isSetColumns() ? groups.get(g).getColumns() : List.<ColumnChunk>of()) {
					out.add(columnChunk(c, g));
				}
			}
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

	/** The LogicalType union as text: STRING, DATE, INT(bits,signed), TIMESTAMP(utc,unit), or OTHER. */
	private static String logical(LogicalType t) {
		if (t.isSetSTRING()) {
			return "STRING";
		}
		if (t.isSetDATE()) {
			return "DATE";
		}
		if (t.isSetINTEGER()) {
			return "INT(" + t.getINTEGER().getBitWidth() + "," + t.getINTEGER().isIsSigned() + ")";
		}
		if (t.isSetTIMESTAMP()) {
			TimeUnit u = t.getTIMESTAMP().getUnit();
			String unit = u == null ? "OTHER" : u.isSetMILLIS() ? "MILLIS" : u.isSetMICROS() ? "MICROS"
					: u.isSetNANOS() ? "NANOS" : "OTHER";
			return "TIMESTAMP(" + t.getTIMESTAMP().isIsAdjustedToUTC() + "," + unit + ")";
		}
		return "OTHER";
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

	private static Chunk columnChunk(ColumnChunk c, int group) throws IOException {
		ColumnMetaData m = c.isSetMeta_data() ? c.getMeta_data() : null;
		List<String> path = m == null || !m.isSetPath_in_schema() ? List.of() : m.getPath_in_schema();
		if (m == null || path.isEmpty() || !m.isSetData_page_offset() || !m.isSetTotal_compressed_size()) {
			throw new IOException("a column chunk of row group " + group + " has no metadata in the footer");
		}
		long data = m.getData_page_offset();
		long dictionary = m.isSetDictionary_page_offset() ? m.getDictionary_page_offset() : -1;
		long start = dictionary >= 4 && dictionary < data ? dictionary : data;
		Statistics st = m.isSetStatistics() ? m.getStatistics() : null;
		byte[] min = st != null && st.isSetMin_value() ? st.getMin_value() : null;
		byte[] max = st != null && st.isSetMax_value() ? st.getMax_value() : null;
		long nulls = st != null && st.isSetNull_count() ? st.getNull_count() : -1;
		return new Chunk(path.get(0), group, start, m.getTotal_compressed_size(),
				m.isSetBloom_filter_offset() ? m.getBloom_filter_offset() : -1,
				m.isSetBloom_filter_length() ? Math.max(0, m.getBloom_filter_length()) : 0, path.size() != 1, min, max, nulls);
	}
}
