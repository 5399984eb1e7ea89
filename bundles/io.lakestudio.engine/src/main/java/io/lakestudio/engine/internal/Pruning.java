package io.lakestudio.engine.internal;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.lakestudio.delta.ScanFile;

/** Choosing a statement's files from the log's stats before any byte is fetched. */
public final class Pruning {

	private Pruning() {
	}

	/**
	 * For a plain {@code LIMIT n}: the first files whose live rows (numRecords less the deletion vector's
	 * cardinality) add up to n. A file without numRecords makes the count unknown: then all files.
	 */
	public static List<ScanFile> forLimit(List<ScanFile> files, int limit) {
		List<ScanFile> out = new ArrayList<>();
		long rows = 0;
		for (ScanFile f : files) {
			if (rows >= limit && !out.isEmpty()) {
				return out;
			}
			if (f.numRecords() == null) {
				return files;
			}
			out.add(f);
			rows += f.numRecords() - (f.dv() == null ? 0 : f.dv().cardinality());
		}
		return out;
	}

	private static final ObjectMapper JSON = new ObjectMapper();

	/** A simple predicate on one column: op is = < <= > >= BETWEEN ISNULL NOTNULL; values typed for the column. */
	record Predicate(DeltaSchema.Column column, boolean partition, String op, Comparable<Object> a, Comparable<Object> b) {
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
	 * The files whose partition values and Delta stats (min/max, null counts, numRecords) leave room for rows
	 * matching every simple conjunct of {@code where}: {@code col = c}, {@code <}, {@code <=}, {@code >},
	 * {@code >=} (either side), {@code BETWEEN}, {@code IS [NOT] NULL}, for integer, decimal, string and date
	 * columns and constants. Anything else in the WHERE is ignored (keeps files). {@code names}: what the table
	 * goes by in the statement (its name and alias), for qualified column references.
	 */
	public static List<ScanFile> forPredicates(List<ScanFile> files, JsonNode where, List<DeltaSchema.Column> columns,
			Set<String> partitions, Set<String> names) {
		if (where == null) {
			return files;
		}
		List<Predicate> preds = new ArrayList<>();
		collect(where, columns, partitions, names, preds);
		if (preds.isEmpty()) {
			return files;
		}
		List<ScanFile> out = new ArrayList<>();
		for (ScanFile f : files) {
			if (mayMatch(f, preds)) {
				out.add(f);
			}
		}
		return out;
	}

	private static void collect(JsonNode e, List<DeltaSchema.Column> columns, Set<String> partitions,
			Set<String> names, List<Predicate> out) {
		String cls = e.path("class").asText();
		String type = e.path("type").asText();
		if ("CONJUNCTION".equals(cls) && "CONJUNCTION_AND".equals(type)) {
			for (JsonNode c : e.path("children")) {
				collect(c, columns, partitions, names, out);
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
			DeltaSchema.Column c = column(e.path("left"), columns, names);
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
				out.add(new Predicate(c, partitions.contains(c.name()), op, v, null));
			}
		} else if ("BETWEEN".equals(cls)) {
			DeltaSchema.Column c = column(e.path("input"), columns, names);
			Comparable<Object> lo = c == null ? null : constant(e.path("lower"), c);
			Comparable<Object> hi = c == null ? null : constant(e.path("upper"), c);
			if (lo != null && hi != null) {
				out.add(new Predicate(c, partitions.contains(c.name()), "BETWEEN", lo, hi));
			}
		} else if ("OPERATOR".equals(cls) && (type.equals("OPERATOR_IS_NULL") || type.equals("OPERATOR_IS_NOT_NULL"))
				&& e.path("children").size() == 1) {
			DeltaSchema.Column c = column(e.path("children").get(0), columns, names);
			if (c != null) {
				out.add(new Predicate(c, partitions.contains(c.name()), type.equals("OPERATOR_IS_NULL") ? "ISNULL"
						: "NOTNULL", null, null));
			}
		}
	}

	private static DeltaSchema.Column column(JsonNode e, List<DeltaSchema.Column> columns, Set<String> names) {
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
		for (DeltaSchema.Column c : columns) {
			if (c.name().equalsIgnoreCase(name)) {
				return c;
			}
		}
		return null;
	}

	/** The kind of comparison a column allows: "num", "str", "date", or null (not pruned on). */
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
	private static Comparable<Object> constant(JsonNode e, DeltaSchema.Column c) {
		String kind = kind(c);
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

	/** A stat or partition value as the predicate's type, or null. */
	@SuppressWarnings("unchecked")
	private static Comparable<Object> value(JsonNode v, Predicate p) {
		if (v == null || v.isNull() || v.isMissingNode()) {
			return null;
		}
		try {
			return (Comparable<Object>) (Comparable<?>) switch (kind(p.column())) {
			case "num" -> new BigDecimal(v.asText());
			case "str" -> new Str(v.asText());
			case "date" -> LocalDate.parse(v.asText().length() > 10 ? v.asText().substring(0, 10) : v.asText());
			default -> null;
			};
		} catch (RuntimeException x) {
			return null;
		}
	}

	/** Strings compared by code point, as DuckDB compares UTF-8 bytes. */
	record Str(String s) implements Comparable<Str> {
		@Override
		public int compareTo(Str o) {
			return java.util.Arrays.compare(s.codePoints().toArray(), o.s.codePoints().toArray());
		}
	}

	private static boolean mayMatch(ScanFile f, List<Predicate> preds) {
		JsonNode stats = null;
		if (f.statsJson() != null) {
			try {
				stats = JSON.readTree(f.statsJson());
			} catch (IOException e) {
				stats = null;
			}
		}
		for (Predicate p : preds) {
			Comparable<Object> min;
			Comparable<Object> max;
			Long nulls = null;
			Long rows = f.numRecords();
			if (p.partition()) {
				String v = f.partitionValues().get(p.column().name());
				if (v == null) {
					// Delta writes a null partition value as null (or absent)
					if (!p.op().equals("ISNULL")) {
						return false;
					}
					continue;
				}
				if (p.op().equals("ISNULL")) {
					return false;
				}
				if (p.op().equals("NOTNULL")) {
					continue;
				}
				min = value(com.fasterxml.jackson.databind.node.TextNode.valueOf(v), p);
				max = min;
			} else {
				if (stats == null) {
					continue;
				}
				String phys = p.column().physicalName();
				JsonNode nc = stats.path("nullCount").path(phys);
				nulls = nc.isIntegralNumber() ? nc.asLong() : null;
				if (p.op().equals("ISNULL")) {
					if (nulls != null && nulls == 0) {
						return false;
					}
					continue;
				}
				boolean allNull = nulls != null && rows != null && nulls.longValue() == rows.longValue();
				if (allNull) {
					if (!p.op().equals("NOTNULL")) {
						return false; // only NULLs: no comparison is true
					}
				}
				if (p.op().equals("NOTNULL")) {
					if (allNull) {
						return false;
					}
					continue;
				}
				min = value(stats.path("minValues").get(phys), p);
				max = value(stats.path("maxValues").get(phys), p);
				if (((Object) max) instanceof Str s && s.s().codePointCount(0, s.s().length()) >= 32) {
					max = null; // a string max may have been truncated
				}
			}
			if (!mayMatch(p, min, max)) {
				return false;
			}
		}
		return true;
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
		default -> true;
		};
	}
}
