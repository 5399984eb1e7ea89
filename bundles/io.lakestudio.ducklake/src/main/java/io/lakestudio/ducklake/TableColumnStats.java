package io.lakestudio.ducklake;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of {@code ducklake_table_column_stats}: whether a column of a table holds a NULL or a NaN, and its least
 * and greatest value, over every row the table was given since its stats were last recomputed (a delete doesn't
 * tighten them, as the extension's don't). {@code type} is the column's DuckLake type (int32, decimal(9,4)...),
 * which orders the values: "9" is less than "10" in an int32 column, not in a varchar one.
 */
public record TableColumnStats(long columnId, String type, boolean containsNull, Boolean containsNan, String min,
		String max, List<VariantStats> variant, GeoStats geo) {

	/** The stats of a column that is neither a VARIANT nor a GEOMETRY. */
	public TableColumnStats(long columnId, String type, boolean containsNull, Boolean containsNan, String min,
			String max) {
		this(columnId, type, containsNull, containsNan, min, max, null, null);
	}

	/** The stats of a column that is not a GEOMETRY ({@code variant}: a VARIANT's shredded fields). */
	public TableColumnStats(long columnId, String type, boolean containsNull, Boolean containsNan, String min,
			String max, List<VariantStats> variant) {
		this(columnId, type, containsNull, containsNan, min, max, variant, null);
	}

	/**
	 * A row as the catalog holds it (its type unknown: null); {@code extraStats} is a VARIANT's field list or a
	 * GEOMETRY's bounding box and types, told apart by their JSON.
	 */
	public static TableColumnStats stored(long columnId, boolean containsNull, Boolean containsNan, String min,
			String max, String extraStats) {
		if (GeoStats.isGeo(extraStats)) {
			return new TableColumnStats(columnId, null, containsNull, containsNan, min, max, null, GeoStats.parse(
					extraStats));
		}
		return new TableColumnStats(columnId, null, containsNull, containsNan, min, max, VariantExtraStats.parse(
				columnId, extraStats), null);
	}

	/**
	 * The stats of the rows both describe. {@code variant}: a VARIANT column's shredded fields ({@link
	 * VariantExtraStats}), null for another column; a row of a VARIANT column stored with none has lost them all.
	 */
	public TableColumnStats merge(TableColumnStats o) {
		Boolean nan = containsNan;
		if (nan == null || o.containsNan != null && o.containsNan) {
			nan = o.containsNan;
		}
		List<VariantStats> fields = variant == null && o.variant == null ? null
				: VariantExtraStats.merge(variant == null ? List.of() : variant, o.variant == null ? List.of()
						: o.variant);
		GeoStats box = geo == null ? o.geo : o.geo == null ? geo : geo.merge(o.geo);
		return new TableColumnStats(columnId, type != null ? type : o.type, containsNull || o.containsNull, nan,
				pick(min, o.min, -1), pick(max, o.max, 1), fields, box);
	}

	/**
	 * The {@code extra_stats} text: a VARIANT column's shredded fields or a GEOMETRY column's bounding box and types
	 * as JSON, else NULL.
	 */
	public String extraStats() {
		return geo != null ? geo.json() : VariantExtraStats.json(variant);
	}

	/** {@code stored} with {@code mine} merged in, column by column (a column only one has is kept as it is). */
	public static Map<Long, TableColumnStats> merge(Map<Long, TableColumnStats> stored,
			Map<Long, TableColumnStats> mine) {
		Map<Long, TableColumnStats> out = new LinkedHashMap<>(stored);
		mine.forEach((id, s) -> out.merge(id, s, (a, b) -> b.merge(a)));
		return out;
	}

	/** Adds {@code s} into a commit's map for one table. */
	public static void add(Map<Long, TableColumnStats> into, TableColumnStats s) {
		into.merge(s.columnId(), s, TableColumnStats::merge);
	}

	private String pick(String a, String b, int sign) {
		if (a == null) {
			return b;
		}
		if (b == null) {
			return a;
		}
		return Integer.signum(compare(type, a, b)) == sign ? a : b;
	}

	/** Orders two values of a column of DuckLake type {@code type} as their text forms. */
	static int compare(String type, String a, String b) {
		String t = type == null ? "" : type;
		try {
			if (t.startsWith("int") || t.startsWith("uint") || t.startsWith("decimal")) {
				return new BigDecimal(a).compareTo(new BigDecimal(b));
			}
			if (t.startsWith("float")) {
				return Double.compare(number(a), number(b));
			}
		} catch (NumberFormatException e) {
			// not a number after all: as text
		}
		// dates, times and timestamps of one column share their layout; text, blobs and uuids order by their bytes
		return a.compareTo(b);
	}

	private static double number(String v) {
		return switch (v.toLowerCase(java.util.Locale.ROOT)) {
		case "inf", "infinity" -> Double.POSITIVE_INFINITY;
		case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
		case "nan" -> Double.NaN;
		default -> Double.parseDouble(v);
		};
	}
}
