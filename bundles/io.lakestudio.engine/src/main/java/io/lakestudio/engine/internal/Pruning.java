package io.lakestudio.engine.internal;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.lakestudio.delta.ScanFile;

/**
 * Choosing a statement's files before any byte is fetched, from what the table's metadata says of each file: the
 * simple conjuncts of the statement's WHERE (parsed once, shared by Delta and Iceberg) against each file's
 * {@link Range} of a column (Delta: partition values and stats; Iceberg: identity partition values and manifest
 * bounds and counts), and a plain LIMIT against each file's live rows.
 */
public final class Pruning {

	private Pruning() {
	}

	/**
	 * For a plain {@code LIMIT n}: the first files whose live rows add up to n. A file whose live rows are unknown
	 * (null) makes the count unknown: then all files.
	 */
	public static <F> List<F> forLimit(List<F> files, int limit, Function<F, Long> liveRows) {
		List<F> out = new ArrayList<>();
		long rows = 0;
		for (F f : files) {
			if (rows >= limit && !out.isEmpty()) {
				return out;
			}
			Long live = liveRows.apply(f);
			if (live == null) {
				return files;
			}
			out.add(f);
			rows += live;
		}
		return out;
	}

	/** For a Delta table's plain {@code LIMIT n}: live rows are numRecords less the deletion vector's cardinality. */
	public static List<ScanFile> forLimit(List<ScanFile> files, int limit) {
		return forLimit(files, limit, f -> f.numRecords() == null ? null
				: f.numRecords() - (f.dv() == null ? 0 : f.dv().cardinality()));
	}

	private static final ObjectMapper JSON = new ObjectMapper();

	/** A column the WHERE may be pruned on: its name, and its kind of values: "num", "str", "date", or null (none). */
	public record Col(String name, String kind) {
	}

	/**
	 * A simple predicate on one column: op is = < <= > >= BETWEEN ISNULL NOTNULL, or IN ({@code values}); values
	 * typed for the column.
	 */
	public record Predicate(Col column, String op, Comparable<Object> a, Comparable<Object> b,
			List<Comparable<Object>> values) {

		public Predicate(Col column, String op, Comparable<Object> a, Comparable<Object> b) {
			this(column, op, a, b, List.of());
		}
	}

	/**
	 * What a file says of one column: bounds typed as the column's kind (null: unknown), and whether every value or
	 * none of them is NULL, as far as is known.
	 */
	public record Range(Comparable<Object> min, Comparable<Object> max, boolean allNull, boolean noNull) {

		public static final Range UNKNOWN = new Range(null, null, false, false);
		public static final Range NULL = new Range(null, null, true, false);

		/** A partition value that is not NULL: every row holds it (null: one not understood). */
		public static Range exactly(Comparable<Object> v) {
			return new Range(v, v, false, true);
		}
	}

	/**
	 * The WHERE clause that filters the rows of {@code ref} alone: that of the SELECT whose FROM is exactly this
	 * table (no join), or null.
	 */
	public static JsonNode whereOf(JsonNode tree, JsonNode ref) {
		if (tree == null || !tree.isContainerNode()) {
			return null;
		}
		if (tree.isObject() && "SELECT_NODE".equals(tree.path("type").asText()) && tree.get("from_table") == ref) {
			JsonNode w = tree.get("where_clause");
			return w == null || w.isNull() ? null : w;
		}
		for (JsonNode c : tree) {
			JsonNode w = whereOf(c, ref);
			if (w != null) {
				return w;
			}
		}
		return null;
	}

	/**
	 * The simple conjuncts of {@code where} (null: none): {@code col = c}, {@code <}, {@code <=}, {@code >},
	 * {@code >=} (either side), {@code BETWEEN}, {@code IN (constants)}, {@code IS [NOT] NULL}, for integer,
	 * decimal, string and date columns and constants. Anything else in the WHERE is left out (keeps files). {@code names}: what the table
	 * goes by in the statement (its name and alias), for qualified column references.
	 */
	public static List<Predicate> predicates(JsonNode where, List<Col> columns, Set<String> names) {
		List<Predicate> out = new ArrayList<>();
		if (where != null) {
			collect(where, columns, names, out);
		}
		return out;
	}

	/**
	 * The files that leave room for rows matching every predicate: {@code ranges} gives for a file what it says of
	 * a predicate's column (made once per file, so a file's metadata is parsed once).
	 */
	public static <F> List<F> choose(List<F> files, List<Predicate> preds, Function<F, Function<Col, Range>> ranges) {
		if (preds.isEmpty()) {
			return files;
		}
		List<F> out = new ArrayList<>();
		for (F f : files) {
			Function<Col, Range> r = ranges.apply(f);
			if (preds.stream().allMatch(p -> mayMatch(p, r.apply(p.column())))) {
				out.add(f);
			}
		}
		return out;
	}

	/**
	 * The Delta files whose partition values and stats (min/max, null counts, numRecords) leave room for rows
	 * matching every simple conjunct of {@code where} (see {@link #predicates}).
	 */
	public static List<ScanFile> forPredicates(List<ScanFile> files, JsonNode where, List<DeltaSchema.Column> columns,
			Set<String> partitions, Set<String> names) {
		Map<String, DeltaSchema.Column> byName = new HashMap<>();
		List<Col> cols = new ArrayList<>();
		for (DeltaSchema.Column c : columns) {
			cols.add(new Col(c.name(), kind(c)));
			byName.put(c.name(), c);
		}
		return choose(files, predicates(where, cols, names), f -> deltaRanges(f, byName, partitions));
	}

	private static void collect(JsonNode e, List<Col> columns, Set<String> names, List<Predicate> out) {
		String cls = e.path("class").asText();
		String type = e.path("type").asText();
		if ("CONJUNCTION".equals(cls) && "CONJUNCTION_AND".equals(type)) {
			for (JsonNode c : e.path("children")) {
				collect(c, columns, names, out);
			}
			return;
		}
		if ("COMPARISON".equals(cls)) {
			String op = switch (type) {
			case "COMPARE_EQUAL" -> "=";
			case "COMPARE_LESSTHAN" -> "<";
			case "COMPARE_LESSTHANOREQUALTO" -> "<=";
			case "COMPARE_GREATERTHAN" -> ">";
			case "COMPARE_GREATERTHANOREQUALTO" -> ">=";
			default -> null;
			};
			if (op == null) {
				return;
			}
			Col c = column(e.path("left"), columns, names);
			JsonNode k = e.path("right");
			if (c == null) {
				c = column(e.path("right"), columns, names);
				k = e.path("left");
				op = switch (op) {
				case "<" -> ">";
				case "<=" -> ">=";
				case ">" -> "<";
				case ">=" -> "<=";
				default -> op;
				};
			}
			Comparable<Object> v = c == null ? null : constant(k, c);
			if (v != null) {
				out.add(new Predicate(c, op, v, null));
			}
		} else if ("BETWEEN".equals(cls)) {
			Col c = column(e.path("input"), columns, names);
			Comparable<Object> lo = c == null ? null : constant(e.path("lower"), c);
			Comparable<Object> hi = c == null ? null : constant(e.path("upper"), c);
			if (lo != null && hi != null) {
				out.add(new Predicate(c, "BETWEEN", lo, hi));
			}
		} else if ("OPERATOR".equals(cls) && type.equals("COMPARE_IN") && e.path("children").size() > 1) {
			Col c = column(e.path("children").get(0), columns, names);
			List<Comparable<Object>> values = new ArrayList<>();
			for (int i = 1; c != null && i < e.path("children").size(); i++) {
				Comparable<Object> v = constant(e.path("children").get(i), c);
				if (v == null) {
					return; // an item that is no constant: the list says nothing
				}
				values.add(v);
			}
			if (c != null) {
				out.add(new Predicate(c, "IN", null, null, List.copyOf(values)));
			}
		} else if ("OPERATOR".equals(cls) && (type.equals("OPERATOR_IS_NULL") || type.equals("OPERATOR_IS_NOT_NULL"))
				&& e.path("children").size() == 1) {
			Col c = column(e.path("children").get(0), columns, names);
			if (c != null) {
				out.add(new Predicate(c, type.equals("OPERATOR_IS_NULL") ? "ISNULL"
						: "NOTNULL", null, null));
			}
		}
	}

	private static Col column(JsonNode e, List<Col> columns, Set<String> names) {
		if (!"COLUMN_REF".equals(e.path("class").asText())) {
			return null;
		}
		JsonNode n = e.path("column_names");
		String name;
		if (n.size() == 1) {
			name = n.get(0).asText();
		} else if (n.size() == 2 && names.contains(n.get(0).asText().toLowerCase(Locale.ROOT))) {
			name = n.get(1).asText();
		} else {
			return null;
		}
		for (Col c : columns) {
			if (c.name().equalsIgnoreCase(name)) {
				return c;
			}
		}
		return null;
	}

	/** The kind of comparison a Delta column allows: "num", "str", "date", or null (not pruned on). */
	private static String kind(DeltaSchema.Column c) {
		if (!c.type().isTextual()) {
			return null;
		}
		String t = c.type().asText();
		if (t.equals("integer") || t.equals("long") || t.equals("short") || t.equals("byte") || t.startsWith("decimal")) {
			return "num";
		}
		return t.equals("string") ? "str" : t.equals("date") ? "date" : null;
	}

	@SuppressWarnings("unchecked")
	private static Comparable<Object> constant(JsonNode e, Col c) {
		String kind = c.kind();
		boolean date = false;
		if ("CAST".equals(e.path("class").asText())) {
			date = "DATE".equalsIgnoreCase(e.path("type_expr").path("type_name").asText())
					&& !e.path("try_cast").asBoolean();
			if (!date) {
				return null;
			}
			e = e.path("child");
		}
		if (!"CONSTANT".equals(e.path("class").asText()) || kind == null) {
			return null;
		}
		String lk = e.path("literal").path("kind").asText();
		String text = e.path("literal").path("text").asText();
		try {
			return (Comparable<Object>) (Comparable<?>) switch (kind) {
			case "num" -> !date && (lk.equals("INTEGER") || lk.equals("NUMERIC")) ? new BigDecimal(text) : null;
			case "str" -> !date && lk.equals("STRING") ? new Str(text) : null;
			case "date" -> lk.equals("STRING") ? LocalDate.parse(text) : null;
			default -> null;
			};
		} catch (RuntimeException x) {
			return null;
		}
	}

	/**
	 * A stat, bound or partition value as a column's kind, or null: text (JSON or a partition value), a Number, a
	 * String or a LocalDate.
	 */
	@SuppressWarnings("unchecked")
	public static Comparable<Object> typed(Object v, String kind) {
		if (v == null || kind == null || v instanceof JsonNode j && (j.isNull() || j.isMissingNode())) {
			return null;
		}
		String text = v instanceof JsonNode j ? j.asText() : v.toString();
		try {
			return (Comparable<Object>) (Comparable<?>) switch (kind) {
			case "num" -> v instanceof BigDecimal d ? d : new BigDecimal(text);
			case "str" -> new Str(text);
			case "date" -> v instanceof LocalDate d ? d : LocalDate.parse(text.length() > 10 ? text.substring(0, 10) : text);
			default -> null;
			};
		} catch (RuntimeException x) {
			return null;
		}
	}

	/** Strings compared by code point, as DuckDB compares UTF-8 bytes. */
	public record Str(String s) implements Comparable<Str> {
		@Override
		public int compareTo(Str o) {
			return java.util.Arrays.compare(s.codePoints().toArray(), o.s.codePoints().toArray());
		}
	}

	/** What a Delta file says of a column: its partition value, or its stats (parsed once for all columns). */
	private static Function<Col, Range> deltaRanges(ScanFile f, Map<String, DeltaSchema.Column> byName,
			Set<String> partitions) {
		JsonNode stats = null;
		if (f.statsJson() != null) {
			try {
				stats = JSON.readTree(f.statsJson());
			} catch (IOException e) {
				stats = null;
			}
		}
		JsonNode s = stats;
		return col -> {
			if (partitions.contains(col.name())) {
				String v = f.partitionValues().get(col.name());
				// Delta writes a null partition value as null (or absent)
				return v == null ? Range.NULL : Range.exactly(typed(v, col.kind()));
			}
			if (s == null) {
				return Range.UNKNOWN;
			}
			String phys = byName.get(col.name()).physicalName();
			JsonNode nc = s.path("nullCount").path(phys);
			Long nulls = nc.isIntegralNumber() ? nc.asLong() : null;
			Long rows = f.numRecords();
			Comparable<Object> max = typed(s.path("maxValues").get(phys), col.kind());
			if (((Object) max) instanceof Str x && x.s().codePointCount(0, x.s().length()) >= 32) {
				max = null; // a string max may have been truncated
			}
			return new Range(typed(s.path("minValues").get(phys), col.kind()), max,
					nulls != null && rows != null && nulls.longValue() == rows.longValue(), nulls != null && nulls == 0);
		};
	}

	/** Whether rows matching {@code p} may be among those a file's range of the column describes. */
	static boolean mayMatch(Predicate p, Range r) {
		if (p.op().equals("ISNULL")) {
			return !r.noNull();
		}
		if (r.allNull()) {
			return false; // only NULLs: no comparison is true, nor IS NOT NULL
		}
		return p.op().equals("NOTNULL") || mayMatch(p, r.min(), r.max());
	}

	private static boolean mayMatch(Predicate p, Comparable<Object> min, Comparable<Object> max) {
		Comparable<Object> a = p.a();
		return switch (p.op()) {
		case "=" -> !(min != null && a.compareTo(min) < 0) && !(max != null && a.compareTo(max) > 0);
		case "<" -> !(min != null && min.compareTo(a) >= 0);
		case "<=" -> !(min != null && min.compareTo(a) > 0);
		case ">" -> !(max != null && max.compareTo(a) <= 0);
		case ">=" -> !(max != null && max.compareTo(a) < 0);
		case "BETWEEN" -> !(max != null && max.compareTo(a) < 0) && !(min != null && min.compareTo(p.b()) > 0);
		case "IN" -> p.values().stream().anyMatch(v -> !(min != null && v.compareTo(min) < 0)
				&& !(max != null && v.compareTo(max) > 0));
		default -> true;
		};
	}
}
