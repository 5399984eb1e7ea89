package io.lakestudio.engine.internal;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The row groups DuckDB will not read, so that their column chunks need not be fetched. DuckDB checks each filter
 * its plan pushes into a parquet scan against every row group's min_value, max_value and null_count, and reads
 * nothing of a row group that one of them rules out. The filters are taken from that plan (EXPLAIN over the
 * footer-only files), not from the statement's text: they are what DuckDB checks, after its own binding, casts and
 * rewrites. Whatever is uncertain keeps the row group, since a chunk DuckDB reads and we did not fetch is a hole
 * that reads as zeros: a plan with other than exactly one parquet scan, an optional or expression filter, a value
 * in a form not recognised, a column whose Parquet type in that file is not beyond doubt the type the view
 * declares (DuckDB would read it through a cast and not prune), statistics missing or NaN, and any type but
 * BIGINT, INTEGER, SMALLINT, TINYINT, DOUBLE, DATE, TIMESTAMP and TIMESTAMPTZ.
 */
public final class RowGroups {

	private static final Pattern INT = Pattern.compile("-?\\d{1,19}");
	private static final Pattern REAL = Pattern.compile("-?\\d+(\\.\\d+)?(e[+-]?\\d+)?");
	private static final Pattern DATE = Pattern.compile("'(\\d{4})-(\\d{2})-(\\d{2})'::DATE");
	private static final Pattern TS = Pattern.compile(
			"'(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,6}))?(\\+00)?'::(TIMESTAMP WITH TIME ZONE|TIMESTAMP)");
	private static final String[] OPS = { ">=", "<=", "=", "<", ">" };
	/** DuckDB prints doubles to round-trip; a relative slack covers a print that would not. */
	private static final double SLACK = 1e-9;

	/** A filter on one column of the scan: op is = < <= > >= or ISNULL, the value as DuckDB compares it. */
	public record Filter(String column, String op, long whole, double real) {
	}

	private RowGroups() {
	}

	/**
	 * The filters of the one parquet scan in an {@code EXPLAIN (FORMAT JSON)} plan on the columns of
	 * {@code declared} (physical name to the DuckDB type the view's read_parquet declares); empty when the plan
	 * has no parquet scan or several, or none of its filters is understood.
	 */
	public static List<Filter> pushed(String planJson, Map<String, String> declared) {
		List<PlanScans.Scan> scans = PlanScans.scans(planJson);
		return scans.size() == 1 ? filters(scans.get(0), declared) : List.of();
	}

	/** The filters of {@code scan} on the columns of {@code declared} (as for {@link #pushed}). */
	public static List<Filter> filters(PlanScans.Scan scan, Map<String, String> declared) {
		List<Filter> out = new ArrayList<>();
		for (String t : scan.filters()) {
			if (t.trim().startsWith("optional:")) {
				continue;
			}
			for (String c : conjuncts(t.trim())) {
				Filter x = simple(c, declared);
				if (x != null) {
					out.add(x);
				}
			}
		}
		return out;
	}

	/** The parts of a top-level AND, each still in its parentheses; the text itself when it is not one. */
	static List<String> conjuncts(String s) {
		List<String> out = new ArrayList<>();
		if (!wrapped(s)) {
			out.add(s);
			return out;
		}
		List<String> parts = splitAnd(s.substring(1, s.length() - 1));
		if (parts.size() == 1) {
			out.add(s);
			return out;
		}
		for (String p : parts) {
			out.addAll(conjuncts(p.trim()));
		}
		return out;
	}

	/** Whether the text is one parenthesised expression: its first parenthesis closes at its end. */
	private static boolean wrapped(String s) {
		if (s.length() < 2 || s.charAt(0) != '(' || s.charAt(s.length() - 1) != ')') {
			return false;
		}
		int depth = 0;
		boolean quoted = false;
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			if (c == '\'') {
				quoted = !quoted;
			} else if (!quoted && c == '(') {
				depth++;
			} else if (!quoted && c == ')' && --depth == 0 && i < s.length() - 1) {
				return false;
			}
		}
		return depth == 0 && !quoted;
	}

	private static List<String> splitAnd(String s) {
		List<String> out = new ArrayList<>();
		int depth = 0;
		boolean quoted = false;
		int from = 0;
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			if (c == '\'') {
				quoted = !quoted;
			} else if (!quoted && c == '(') {
				depth++;
			} else if (!quoted && c == ')') {
				depth--;
			} else if (!quoted && depth == 0 && s.startsWith(" AND ", i)) {
				out.add(s.substring(from, i));
				from = i + 5;
				i += 4;
			}
		}
		out.add(s.substring(from));
		return out;
	}

	/** {@code (column op value)} or {@code (column IS NULL)} on a declared column, or null. */
	static Filter simple(String s, Map<String, String> declared) {
		if (!s.startsWith("(") || !s.endsWith(")")) {
			return null;
		}
		String x = s.substring(1, s.length() - 1);
		Filter found = null;
		for (Map.Entry<String, String> d : declared.entrySet()) {
			String name = d.getKey();
			if (!safe(name) || !x.startsWith(name + " ")) {
				continue;
			}
			Filter f = comparison(name, x.substring(name.length() + 1), d.getValue());
			if (f != null) {
				if (found != null) {
					return null; // two columns could be meant
				}
				found = f;
			}
		}
		return found;
	}

	/** A name that cannot be confused with the filter text around it. */
	private static boolean safe(String name) {
		String u = name.toUpperCase(Locale.ROOT);
		return !name.isEmpty() && name.indexOf('(') < 0 && name.indexOf(')') < 0 && name.indexOf('\'') < 0
				&& name.indexOf('"') < 0 && !u.contains(" AND ") && !u.contains(" OR ") && !u.contains(" IS ");
	}

	private static Filter comparison(String column, String rest, String type) {
		if (rest.equals("IS NULL")) {
			return new Filter(column, "ISNULL", 0, 0);
		}
		for (String op : OPS) {
			if (rest.startsWith(op + " ")) {
				String v = rest.substring(op.length() + 1);
				return value(column, op, v, type);
			}
		}
		return null;
	}

	private static Filter value(String column, String op, String v, String type) {
		try {
			switch (type) {
			case "BIGINT", "INTEGER", "SMALLINT", "TINYINT":
				return INT.matcher(v).matches() ? new Filter(column, op, Long.parseLong(v), 0) : null;
			case "DOUBLE": {
				if (!REAL.matcher(v).matches()) {
					return null;
				}
				double d = Double.parseDouble(v);
				return Double.isFinite(d) ? new Filter(column, op, 0, d) : null;
			}
			case "DATE": {
				Matcher m = DATE.matcher(v);
				return m.matches() ? new Filter(column, op, LocalDate.of(Integer.parseInt(m.group(1)),
						Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))).toEpochDay(), 0) : null;
			}
			case "TIMESTAMP", "TIMESTAMPTZ": {
				Matcher m = TS.matcher(v);
				boolean tz = type.equals("TIMESTAMPTZ");
				if (!m.matches() || tz != (m.group(8) != null) || tz != m.group(9).equals("TIMESTAMP WITH TIME ZONE")) {
					return null;
				}
				LocalDateTime t = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
						Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
						Integer.parseInt(m.group(6)));
				long micros = Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), 1_000_000L),
						m.group(7) == null ? 0 : Long.parseLong((m.group(7) + "00000").substring(0, 6)));
				return new Filter(column, op, micros, 0);
			}
			default:
				return null;
			}
		} catch (RuntimeException e) {
			return null;
		}
	}

	/**
	 * The row groups of a file that some filter rules out by that row group's statistics. {@code declared}: the
	 * view's physical column names and DuckDB types, as for {@link #pushed}.
	 */
	public static BitSet skipped(ParquetFooter.Footer footer, List<Filter> filters, Map<String, String> declared) {
		BitSet out = new BitSet();
		if (filters.isEmpty()) {
			return out;
		}
		for (ParquetFooter.Chunk c : footer.chunks()) {
			if (c.nested() || out.get(c.rowGroup())) {
				continue;
			}
			for (Filter f : filters) {
				if (!f.column().equalsIgnoreCase(c.column())) {
					continue;
				}
				String type = declared.get(f.column());
				if (type != null && type.equals(footer.types().get(c.column().toLowerCase(Locale.ROOT)))
						&& rulesOut(f, c, type)) {
					out.set(c.rowGroup());
					break;
				}
			}
		}
		return out;
	}

	/** Whether no row of the chunk's row group can pass the filter, by the chunk's statistics. */
	static boolean rulesOut(Filter f, ParquetFooter.Chunk c, String type) {
		if (f.op().equals("ISNULL")) {
			return c.nulls() == 0;
		}
		if (c.min() == null || c.max() == null) {
			return false;
		}
		if (type.equals("DOUBLE")) {
			if (c.min().length != 8 || c.max().length != 8) {
				return false;
			}
			double min = Double.longBitsToDouble(le(c.min()));
			double max = Double.longBitsToDouble(le(c.max()));
			if (Double.isNaN(min) || Double.isNaN(max)) {
				return false;
			}
			double v = f.real();
			double slack = Math.abs(v) * SLACK;
			return switch (f.op()) {
			case "=" -> v + slack < min || v - slack > max;
			case "<" -> min >= v + slack;
			case "<=" -> min > v + slack;
			case ">" -> max <= v - slack;
			case ">=" -> max < v - slack;
			default -> false;
			};
		}
		int width = switch (type) {
		case "BIGINT", "TIMESTAMP", "TIMESTAMPTZ" -> 8;
		default -> 4;
		};
		if (c.min().length != width || c.max().length != width) {
			return false;
		}
		long min = width == 8 ? le(c.min()) : (int) le(c.min());
		long max = width == 8 ? le(c.max()) : (int) le(c.max());
		long v = f.whole();
		return switch (f.op()) {
		case "=" -> v < min || v > max;
		case "<" -> min >= v;
		case "<=" -> min > v;
		case ">" -> max <= v;
		case ">=" -> max < v;
		default -> false;
		};
	}

	/** A little-endian integer of 4 or 8 bytes. */
	private static long le(byte[] b) {
		long v = 0;
		for (int i = b.length - 1; i >= 0; i--) {
			v = v << 8 | (b[i] & 0xff);
		}
		return v;
	}
}
