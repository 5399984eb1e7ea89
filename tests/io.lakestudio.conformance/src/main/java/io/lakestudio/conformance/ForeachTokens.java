package io.lakestudio.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The value lists {@code foreach} names by a token ({@code <integral>}, {@code <numeric>}...), as DuckDB's runner. */
final class ForeachTokens {

	private ForeachTokens() {
	}

	/** What one {@code foreach} parameter stands for; {@code !x} takes {@code x} out of those before it. */
	static List<String> expand(String p, List<String> before) {
		String t = p.trim().toLowerCase(Locale.ROOT);
		if (t.startsWith("!") && before.remove(p.substring(1))) {
			return List.of();
		}
		boolean all = t.equals("<alltypes>");
		boolean numeric = all || t.equals("<numeric>");
		boolean integral = numeric || t.equals("<integral>");
		boolean signed = integral || t.equals("<signed>");
		boolean unsigned = integral || t.equals("<unsigned>");
		List<String> out = new ArrayList<>();
		if (signed) {
			out.addAll(List.of("tinyint", "smallint", "integer", "bigint", "hugeint"));
		}
		if (unsigned) {
			out.addAll(List.of("utinyint", "usmallint", "uinteger", "ubigint", "uhugeint"));
		}
		if (numeric) {
			out.addAll(List.of("float", "double"));
		}
		if (all) {
			out.addAll(List.of("bool", "interval", "varchar"));
		}
		if (t.equals("<compression>")) {
			out.addAll(List.of("none", "uncompressed", "rle", "bitpacking", "dictionary", "fsst", "dict_fsst", "alp",
					"alprd"));
		}
		return out.isEmpty() ? List.of(p) : out;
	}
}
