package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * DuckLake's nested types (the specification's data types page: {@code struct}, {@code list}, {@code map}) as
 * parent and child columns, and DuckDB's type text for them both ways: {@code STRUCT(i INTEGER, j INTEGER[])} is a
 * {@code struct} column with children {@code i} ({@code int32}) and {@code j} ({@code list}, whose child
 * {@code element} is {@code int32}). Fixed-size arrays, unions and enums have no DuckLake type: refused.
 */
public final class NestedTypes {

	private NestedTypes() {
	}

	public static boolean isNested(String duckLakeType) {
		return duckLakeType.equals("struct") || duckLakeType.equals("list") || duckLakeType.equals("map");
	}

	/** DuckDB's type text for a column, nested or not. */
	public static String duckType(ColumnEntry c) {
		switch (c.type()) {
		case "struct": {
			List<String> fields = new ArrayList<>();
			for (ColumnEntry f : c.children()) {
				fields.add(quote(f.name()) + " " + duckType(f));
			}
			return "STRUCT(" + String.join(", ", fields) + ")";
		}
		case "list":
			return duckType(c.children().get(0)) + "[]";
		case "map":
			return "MAP(" + duckType(c.children().get(0)) + ", " + duckType(c.children().get(1)) + ")";
		default:
			return DuckLakeTypes.toDuckDb(c.type());
		}
	}

	/**
	 * A column of DuckDB type {@code duckType}, its own id and each child's taken from {@code ids} in pre-order
	 * (the parent before its fields, as the extension numbers them).
	 *
	 * @throws IllegalArgumentException "unsupported type ..." when DuckLake has no type for it (or a part of it)
	 */
	public static ColumnEntry column(String name, String duckType, LongSupplier ids, long tableId, long order,
			String initialDefault, String defaultValue, boolean nulls) {
		Parser p = new Parser(duckType);
		Node n = p.type();
		if (!p.atEnd()) {
			throw unsupported(duckType);
		}
		return build(n, name, ids, tableId, order, initialDefault, defaultValue, nulls);
	}

	private static ColumnEntry build(Node n, String name, LongSupplier ids, long tableId, long order,
			String initialDefault, String defaultValue, boolean nulls) {
		long id = ids.getAsLong();
		List<ColumnEntry> children = new ArrayList<>();
		long childOrder = 1;
		for (Node c : n.children) {
			children.add(build(c, c.name, ids, tableId, childOrder++, null, null, true));
		}
		return new ColumnEntry(id, 0, tableId, order, name, n.type, initialDefault, defaultValue, nulls, children);
	}

	/** One level of a parsed type: DuckLake's type name and, for a nested one, its named fields. */
	private record Node(String name, String type, List<Node> children) {
	}

	static IllegalArgumentException unsupported(String duckType) {
		boolean crs = duckType.strip().toUpperCase(Locale.ROOT).startsWith("GEOMETRY(");
		return new IllegalArgumentException("Invalid Input Error: unsupported type " + duckType
				+ " for a DuckLake column" + (crs ? " (a DuckLake geometry column keeps no coordinate reference system:"
						+ " declare it GEOMETRY)" : ""));
	}

	static String quote(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}

	/** DuckDB's type text, read once left to right. */
	private static final class Parser {
		private final String s;
		private int i;

		Parser(String s) {
			this.s = s.strip();
		}

		boolean atEnd() {
			skip();
			return i >= s.length();
		}

		Node type() {
			skip();
			String word = word();
			String upper = word.toUpperCase(Locale.ROOT);
			Node n;
			if (upper.equals("STRUCT") && peek('(')) {
				i++;
				List<Node> fields = new ArrayList<>();
				do {
					String field = ident();
					Node t = type();
					fields.add(new Node(field, t.type, t.children));
				} while (accept(','));
				expect(')');
				n = new Node(null, "struct", fields);
			} else if (upper.equals("MAP") && peek('(')) {
				i++;
				Node k = type();
				expect(',');
				Node v = type();
				expect(')');
				n = new Node(null, "map", List.of(new Node("key", k.type, k.children),
						new Node("value", v.type, v.children)));
			} else {
				StringBuilder base = new StringBuilder(word);
				while (true) {
					skip();
					if (peek('(')) {
						int close = s.indexOf(')', i);
						if (close < 0) {
							throw unsupported(s);
						}
						base.append(s, i, close + 1);
						i = close + 1;
					} else if (i < s.length() && Character.isLetter(s.charAt(i))) {
						base.append(' ').append(word());
					} else {
						break;
					}
				}
				String t = DuckLakeTypes.toDuckLake(base.toString());
				if (t == null) {
					throw unsupported(base.toString());
				}
				n = new Node(null, t, List.of());
			}
			while (true) {
				skip();
				if (!peek('[')) {
					return n;
				}
				i++;
				skip();
				if (!peek(']')) {
					throw unsupported(s); // a fixed-size array: DuckLake has no such type
				}
				i++;
				n = new Node(null, "list", List.of(new Node("element", n.type, n.children)));
			}
		}

		private String ident() {
			skip();
			if (peek('"')) {
				StringBuilder b = new StringBuilder();
				i++;
				while (i < s.length()) {
					char c = s.charAt(i++);
					if (c == '"') {
						if (peek('"')) {
							b.append('"');
							i++;
							continue;
						}
						return b.toString();
					}
					b.append(c);
				}
				throw unsupported(s);
			}
			return word();
		}

		private String word() {
			skip();
			int start = i;
			while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
				i++;
			}
			if (start == i) {
				throw unsupported(s);
			}
			return s.substring(start, i);
		}

		private void skip() {
			while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
				i++;
			}
		}

		private boolean peek(char c) {
			return i < s.length() && s.charAt(i) == c;
		}

		private boolean accept(char c) {
			skip();
			if (peek(c)) {
				i++;
				return true;
			}
			return false;
		}

		private void expect(char c) {
			if (!accept(c)) {
				throw unsupported(s);
			}
		}
	}
}
