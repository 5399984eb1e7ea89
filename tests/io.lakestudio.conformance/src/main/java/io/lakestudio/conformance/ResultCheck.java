package io.lakestudio.conformance;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.conformance.Command.Sort;
import io.lakestudio.conformance.Command.Sql;

/**
 * Compares a query's rows with its expected lines as DuckDB's runner does (result_helper.cpp): values as text
 * ({@code NULL}, {@code (empty)}), sorted by row or by value when asked; expected lines tab-separated per row or
 * one value per line; equal text passes, else a numeric column compares as numbers (floats within 1%), a boolean
 * one as true/1 and false/0; {@code <REGEX>:} / {@code <!REGEX>:} values; {@code N values hashing to <md5>}
 * beyond the hash threshold or for a labelled query.
 */
final class ResultCheck {

	private static final Pattern HASH = Pattern.compile("[0-9]+ values hashing to [0-9a-z]{32}");

	private ResultCheck() {
	}

	/** The runner's text of each value, row after row. */
	static List<String> texts(Rows rows) {
		List<String> out = new ArrayList<>();
		for (List<String> row : rows.values()) {
			for (String v : row) {
				out.add(v == null ? "NULL" : v.isEmpty() ? "(empty)" : v.replace("\0", "\\0"));
			}
		}
		return out;
	}

	/** Null when the rows are what {@code q} expects, else what differs (expected vs got). */
	static String mismatch(Sql q, Rows rows, int hashThreshold, Map<String, String> labels) {
		int ncols = rows.columns();
		List<String> got = texts(rows);
		int total = got.size();
		if (q.sort() == Sort.ROWS && ncols > 0) {
			List<List<String>> r = new ArrayList<>();
			for (int i = 0; i < total; i += ncols) {
				r.add(got.subList(i, i + ncols));
			}
			r.sort((a, b) -> {
				for (int c = 0; c < a.size(); c++) {
					int d = a.get(c).compareTo(b.get(c));
					if (d != 0) {
						return d;
					}
				}
				return 0;
			});
			got = r.stream().flatMap(List::stream).toList();
		} else if (q.sort() == Sort.VALUES) {
			got = new ArrayList<>(got);
			Collections.sort(got);
		}
		List<String> want = q.expected();
		boolean wantHash = want.size() == 1 && HASH.matcher(want.get(0)).matches();
		if (wantHash || q.label() != null || (hashThreshold > 0 && total > hashThreshold)) {
			String hash = total + " values hashing to " + md5(got);
			if (q.label() != null) {
				String before = labels.putIfAbsent(q.label(), hash);
				if (before != null && !before.equals(hash)) {
					return "label " + q.label() + ": expected " + before + "\n got " + hash;
				}
			}
			if (wantHash && !want.get(0).equals(hash)) {
				return "expected " + want.get(0) + "\n got " + hash + shown(got, ncols);
			}
			if (wantHash || q.label() != null) {
				return null;
			}
		}
		return compare(q, rows, got, ncols);
	}

	private static String compare(Sql q, Rows rows, List<String> got, int ncols) {
		List<String> want = q.expected();
		String columnNote = ncols != q.columns()
				? " (the query has " + q.columns() + " column types, the result " + ncols + " columns)"
				: "";
		if (ncols == 0) {
			return "the statement returned no columns";
		}
		int nrows = got.size() / ncols;
		boolean rowWise = ncols > 1 && want.size() == nrows;
		if (!rowWise) {
			rowWise = want.stream().allMatch(v -> v.indexOf('\t') >= 0) && !want.isEmpty();
		}
		int wantRows;
		if (rowWise) {
			wantRows = want.size();
		} else if (want.size() % ncols != 0) {
			return "expected " + want.size() + " values, not a multiple of " + ncols + " columns" + columnNote
					+ expectedGot(want, got, ncols);
		} else {
			wantRows = want.size() / ncols;
		}
		if (wantRows != nrows) {
			return "expected " + wantRows + " rows, got " + nrows + columnNote + expectedGot(want, got, ncols);
		}
		for (int r = 0; r < nrows; r++) {
			List<String> expectedRow;
			if (rowWise) {
				expectedRow = fields(want.get(r));
				if (expectedRow.size() != ncols) {
					return "row " + (r + 1) + " of the expected result has " + expectedRow.size() + " values, the result "
							+ ncols + " columns" + columnNote + expectedGot(want, got, ncols);
				}
			} else {
				expectedRow = want.subList(r * ncols, r * ncols + ncols);
			}
			for (int c = 0; c < ncols; c++) {
				String g = got.get(r * ncols + c);
				String w = expectedRow.get(c);
				if (!same(rows.types().get(c), g, w)) {
					return "row " + (r + 1) + ", column " + (c + 1) + ": expected " + w + ", got " + g + columnNote
							+ expectedGot(want, got, ncols);
				}
			}
		}
		return columnNote.isEmpty() ? null : "the result is right but" + columnNote;
	}

	/** A row's values split at tabs, empty ones dropped (DuckDB's StringUtil::Split): "" is written (empty). */
	static List<String> fields(String line) {
		List<String> out = new ArrayList<>();
		for (String f : line.split("\t", -1)) {
			if (!f.isEmpty()) {
				out.add(f);
			}
		}
		return out.isEmpty() ? List.of(line) : out;
	}

	/** Whether a value (its column's DuckDB type) is the expected one. */
	static boolean same(String type, String got, String want) {
		if (got.equals(want)) {
			return true;
		}
		if (want.startsWith("<REGEX>:") || want.startsWith("<!REGEX>:")) {
			return regex(got, want);
		}
		String t = type.toUpperCase(Locale.ROOT);
		if (t.equals("BOOLEAN")) {
			return java.util.Objects.equals(bool(got), bool(want));
		}
		if (t.equals("DOUBLE") || t.equals("FLOAT") || t.equals("REAL")) {
			Double g = real(got);
			Double w = real(want);
			if (g == null || w == null) {
				return g == null && w == null && got.equals("NULL") == want.equals("NULL");
			}
			if (g.isNaN() && w.isNaN()) {
				return true;
			}
			if (g.isInfinite() || w.isInfinite()) {
				return g.equals(w);
			}
			return Math.abs(g - w) <= Math.abs(w) * 0.01 + 0.00000001;
		}
		boolean integral = t.matches("U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)|BIGNUM|VARINT");
		if (integral || t.startsWith("DECIMAL")) {
			BigDecimal g = number(got);
			BigDecimal w = number(want);
			if (g == null || w == null) {
				return false;
			}
			Matcher m = Pattern.compile("DECIMAL\\((\\d+),(\\d+)\\)").matcher(t.replace(" ", ""));
			int scale = m.matches() ? Integer.parseInt(m.group(2)) : 0;
			return g.setScale(scale, RoundingMode.HALF_UP).compareTo(w.setScale(scale, RoundingMode.HALF_UP)) == 0;
		}
		return false;
	}

	/** RE2's full match with dot matching newlines; a {@code {} that starts no repetition is a literal. */
	static boolean regex(String got, String want) {
		boolean match = want.startsWith("<REGEX>:");
		String re = want.substring(match ? "<REGEX>:".length() : "<!REGEX>:".length());
		try {
			return Pattern.compile(java(re), Pattern.DOTALL).matcher(got).matches() == match;
		} catch (java.util.regex.PatternSyntaxException e) {
			return false;
		}
	}

	private static final Pattern REPEAT = Pattern.compile("\\{\\d+(,\\d*)?\\}");

	private static String java(String re) {
		StringBuilder b = new StringBuilder();
		Matcher rep = REPEAT.matcher(re);
		for (int i = 0; i < re.length(); i++) {
			char ch = re.charAt(i);
			if (ch == '\\' && i + 1 < re.length()) {
				b.append(ch).append(re.charAt(++i));
			} else if (ch == '{' && rep.find(i) && rep.start() == i) {
				b.append(rep.group());
				i = rep.end() - 1;
			} else if (ch == '{' || ch == '}') {
				b.append('\\').append(ch);
			} else {
				b.append(ch);
			}
		}
		return b.toString();
	}

	private static Integer bool(String s) {
		String l = s.toLowerCase(Locale.ROOT);
		if (l.equals("true") || s.equals("1")) {
			return 1;
		}
		if (l.equals("false") || s.equals("0")) {
			return 0;
		}
		return null;
	}

	private static Double real(String s) {
		String l = s.toLowerCase(Locale.ROOT).trim();
		switch (l) {
		case "nan", "-nan":
			return Double.NaN;
		case "inf", "infinity", "+inf":
			return Double.POSITIVE_INFINITY;
		case "-inf", "-infinity":
			return Double.NEGATIVE_INFINITY;
		default:
			try {
				return Double.parseDouble(l);
			} catch (NumberFormatException e) {
				return null;
			}
		}
	}

	private static BigDecimal number(String s) {
		try {
			return new BigDecimal(s.trim());
		} catch (NumberFormatException e) {
			return null;
		}
	}

	static String md5(List<String> values) {
		try {
			MessageDigest md = MessageDigest.getInstance("MD5");
			for (String v : values) {
				md.update(v.getBytes(StandardCharsets.UTF_8));
				md.update((byte) '\n');
			}
			return HexFormat.of().formatHex(md.digest());
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}

	private static String expectedGot(List<String> want, List<String> got, int ncols) {
		return "\n expected:\n" + indent(want) + " got:" + shown(got, ncols);
	}

	/** The rows, tab-separated, at most 20 of them. */
	private static String shown(List<String> got, int ncols) {
		List<String> lines = new ArrayList<>();
		for (int i = 0; i + ncols <= got.size() && ncols > 0; i += ncols) {
			lines.add(String.join("\t", got.subList(i, i + ncols)));
		}
		return "\n" + indent(lines);
	}

	private static String indent(List<String> lines) {
		StringBuilder b = new StringBuilder();
		int n = 0;
		for (String l : lines) {
			if (++n > 20) {
				b.append("   … ").append(lines.size() - 20).append(" more\n");
				break;
			}
			b.append("   ").append(l).append('\n');
		}
		if (lines.isEmpty()) {
			b.append("   (no rows)\n");
		}
		return b.toString();
	}
}
