package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code extra_stats} of a VARIANT column in {@code ducklake_table_column_stats}, as the extension keeps them: a
 * JSON array with one object per shredded field every file of the table has fully shredded, with the same type
 * ({@code field_name}, {@code shredded_type}, {@code null_count}, {@code min}, {@code max}, {@code num_values},
 * {@code column_size_bytes}, {@code any_valid}); NULL when no field is left. A file that lacks a field, or has it of
 * another type, drops it from the table's, and a dropped field never comes back.
 */
public final class VariantExtraStats {

	private VariantExtraStats() {
	}

	/**
	 * The fields both {@code a} and {@code b} have with the same shredded type, their stats merged: the counts and
	 * sizes added, the least min and greatest max of that type.
	 */
	public static List<VariantStats> merge(List<VariantStats> a, List<VariantStats> b) {
		Map<String, VariantStats> other = new LinkedHashMap<>();
		b.forEach(v -> other.put(v.path(), v));
		List<VariantStats> out = new ArrayList<>();
		for (VariantStats v : a) {
			VariantStats o = other.get(v.path());
			if (o == null || !o.shreddedType().equals(v.shreddedType())) {
				continue;
			}
			out.add(new VariantStats(v.columnId(), v.path(), v.shreddedType(), v.columnSizeBytes() + o
					.columnSizeBytes(), v.valueCount() + o.valueCount(), v.nullCount() + o.nullCount(), pick(v
							.shreddedType(), v.min(), o.min(), -1), pick(v.shreddedType(), v.max(), o.max(), 1)));
		}
		return out;
	}

	/** The JSON text, or null when there are no fields. */
	public static String json(List<VariantStats> fields) {
		if (fields == null || fields.isEmpty()) {
			return null;
		}
		StringBuilder s = new StringBuilder("[");
		for (VariantStats v : fields) {
			s.append(s.length() > 1 ? "," : "").append("{\"field_name\":").append(quote(v.path()))
					.append(",\"shredded_type\":").append(quote(v.shreddedType())).append(",\"null_count\":")
					.append(v.nullCount());
			if (v.min() != null) {
				s.append(",\"min\":").append(quote(v.min()));
			}
			if (v.max() != null) {
				s.append(",\"max\":").append(quote(v.max()));
			}
			s.append(",\"num_values\":").append(v.valueCount()).append(",\"column_size_bytes\":")
					.append(v.columnSizeBytes()).append(",\"any_valid\":").append(v.min() != null || v.max() != null)
					.append('}');
		}
		return s.append(']').toString();
	}

	/**
	 * The fields of {@code json} (as this class or the extension writes it) of column {@code columnId}; null for null
	 * (a column of another type, or a VARIANT whose fields are all dropped).
	 *
	 * @throws IllegalArgumentException when it is not such JSON
	 */
	public static List<VariantStats> parse(long columnId, String json) {
		if (json == null || json.isBlank()) {
			return null;
		}
		List<VariantStats> out = new ArrayList<>();
		for (Map<String, String> o : new Json(json).objects()) {
			if (o.get("field_name") == null || o.get("shredded_type") == null) {
				throw new IllegalArgumentException("VARIANT stats without field_name or shredded_type: " + json);
			}
			out.add(new VariantStats(columnId, o.get("field_name"), o.get("shredded_type"), count(o,
					"column_size_bytes"), count(o, "num_values"), count(o, "null_count"), o.get("min"), o.get("max")));
		}
		return out;
	}

	private static long count(Map<String, String> o, String key) {
		String v = o.get(key);
		return v == null ? 0 : Long.parseLong(v);
	}

	private static String pick(String type, String a, String b, int sign) {
		if (a == null || b == null) {
			return a == null ? b : a;
		}
		return Integer.signum(TableColumnStats.compare(type, a, b)) == sign ? a : b;
	}

	private static String quote(String v) {
		StringBuilder s = new StringBuilder("\"");
		for (char ch : v.toCharArray()) {
			switch (ch) {
			case '"' -> s.append("\\\"");
			case '\\' -> s.append("\\\\");
			case '\n' -> s.append("\\n");
			case '\r' -> s.append("\\r");
			case '\t' -> s.append("\\t");
			default -> {
				if (ch < 0x20) {
					s.append(String.format("\\u%04x", (int) ch));
				} else {
					s.append(ch);
				}
			}
			}
		}
		return s.append('"').toString();
	}

	/** A reader of an array of flat objects whose values are strings, numbers, booleans or null (all as text). */
	private static final class Json {
		private final String s;
		private int i;

		Json(String s) {
			this.s = s;
		}

		List<Map<String, String>> objects() {
			List<Map<String, String>> out = new ArrayList<>();
			expect('[');
			if (peek() == ']') {
				i++;
				return end(out);
			}
			do {
				out.add(object());
			} while (comma());
			expect(']');
			return end(out);
		}

		private List<Map<String, String>> end(List<Map<String, String>> out) {
			if (peek() != 0) {
				throw bad();
			}
			return out;
		}

		private Map<String, String> object() {
			Map<String, String> o = new LinkedHashMap<>();
			expect('{');
			if (peek() == '}') {
				i++;
				return o;
			}
			do {
				String key = string();
				expect(':');
				o.put(key, value());
			} while (comma());
			expect('}');
			return o;
		}

		private String value() {
			char c = peek();
			if (c == '"') {
				return string();
			}
			int start = i;
			while (i < s.length() && ",}] \t\r\n".indexOf(s.charAt(i)) < 0) {
				i++;
			}
			String word = s.substring(start, i);
			if (word.isEmpty() || c == '{' || c == '[') {
				throw bad();
			}
			return word.equals("null") ? null : word;
		}

		private String string() {
			expect('"');
			StringBuilder out = new StringBuilder();
			while (i < s.length() && s.charAt(i) != '"') {
				char c = s.charAt(i++);
				if (c != '\\') {
					out.append(c);
					continue;
				}
				if (i >= s.length()) {
					throw bad();
				}
				char e = s.charAt(i++);
				switch (e) {
				case 'n' -> out.append('\n');
				case 'r' -> out.append('\r');
				case 't' -> out.append('\t');
				case 'b' -> out.append('\b');
				case 'f' -> out.append('\f');
				case 'u' -> {
					if (i + 4 > s.length()) {
						throw bad();
					}
					out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
					i += 4;
				}
				default -> out.append(e);
				}
			}
			expect('"');
			return out.toString();
		}

		private boolean comma() {
			if (peek() == ',') {
				i++;
				return true;
			}
			return false;
		}

		private void expect(char c) {
			if (peek() != c) {
				throw bad();
			}
			i++;
		}

		/** The next character past white space, 0 at the end. */
		private char peek() {
			while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
				i++;
			}
			return i < s.length() ? s.charAt(i) : 0;
		}

		private IllegalArgumentException bad() {
			return new IllegalArgumentException("not VARIANT stats JSON at " + i + ": " + s);
		}
	}
}
