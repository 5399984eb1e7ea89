package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code extra_stats} of a GEOMETRY column, in {@code ducklake_file_column_stats} and
 * {@code ducklake_table_column_stats} alike, as the extension keeps them (its geo stats): the bounding box over x, y,
 * z and m ({@code bbox}, each bound null while no value has that axis) and the geometry types the values have
 * ({@code types}: {@code point}, {@code linestring_z}..., as DuckDB's Parquet writer names them, sorted), as
 * {@code {"bbox":{"xmin":..,"xmax":..,...},"types":[..]}}. A geometry column has no min or max.
 *
 * @param bounds xmin, xmax, ymin, ymax, zmin, zmax, mmin, mmax; an element null when unknown
 */
public record GeoStats(List<Double> bounds, SortedSet<String> types) {

	/** The bounds' names, in the order of {@link #bounds} (the extension's order). */
	public static final List<String> BOUNDS = List.of("xmin", "xmax", "ymin", "ymax", "zmin", "zmax", "mmin", "mmax");

	/** The stats of no value (all NULL, or no row). */
	public static final GeoStats EMPTY = new GeoStats(Collections.nCopies(8, null), new TreeSet<>());

	public GeoStats {
		if (bounds.size() != BOUNDS.size()) {
			throw new IllegalArgumentException("a bounding box has 8 bounds, not " + bounds.size());
		}
		bounds = Collections.unmodifiableList(new ArrayList<>(bounds));
		types = Collections.unmodifiableSortedSet(new TreeSet<>(types));
	}

	/**
	 * The stats DuckDB's Parquet writer gives a geometry column of one file ({@code COPY ... RETURN_STATS}: keys
	 * {@code bbox_xmin}... and {@code geo_types} as {@code [point, polygon_z]}); a file of NULLs has none of them.
	 */
	public static GeoStats ofWriter(Map<String, String> writer) {
		List<Double> b = new ArrayList<>();
		for (String name : BOUNDS) {
			String v = writer.get("bbox_" + name);
			b.add(v == null ? null : Double.valueOf(v));
		}
		SortedSet<String> t = new TreeSet<>();
		String list = writer.get("geo_types");
		if (list != null) {
			String inner = list.strip().replaceAll("^\\[|\\]$", "");
			for (String s : inner.split(",")) {
				if (!s.isBlank()) {
					t.add(s.strip().replaceAll("^'|'$", "").toLowerCase(Locale.ROOT));
				}
			}
		}
		return new GeoStats(b, t);
	}

	/** The stats of the values both describe: the least of the mins, the greatest of the maxes, every type. */
	public GeoStats merge(GeoStats o) {
		List<Double> b = new ArrayList<>();
		for (int i = 0; i < BOUNDS.size(); i++) {
			Double x = bounds.get(i);
			Double y = o.bounds.get(i);
			if (x == null || y == null) {
				b.add(x == null ? y : x);
			} else {
				b.add(i % 2 == 0 ? Math.min(x, y) : Math.max(x, y)); // the mins at even places, the maxes at odd
			}
		}
		SortedSet<String> t = new TreeSet<>(types);
		t.addAll(o.types);
		return new GeoStats(b, t);
	}

	/** The JSON text the catalog keeps. */
	public String json() {
		StringBuilder s = new StringBuilder("{\"bbox\":{");
		for (int i = 0; i < BOUNDS.size(); i++) {
			Double v = bounds.get(i);
			s.append(i > 0 ? "," : "").append('"').append(BOUNDS.get(i)).append("\":").append(v == null ? "null"
					: number(v));
		}
		s.append("},\"types\":[");
		int i = 0;
		for (String t : types) {
			s.append(i++ > 0 ? "," : "").append('"').append(t).append('"');
		}
		return s.append("]}").toString();
	}

	private static String number(double v) {
		if (Double.isNaN(v) || Double.isInfinite(v)) {
			return Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity"; // as the extension's writer allows
		}
		return Double.toString(v);
	}

	private static final Pattern BOUND = Pattern.compile(
			"\"(xmin|xmax|ymin|ymax|zmin|zmax|mmin|mmax)\"\\s*:\\s*(null|[-+0-9.eE]+|NaN|-?Infinity|-?inf)");
	private static final Pattern TYPES = Pattern.compile("\"types\"\\s*:\\s*\\[([^\\]]*)\\]");

	/** Whether {@code json} (an extra_stats text) is geometry stats rather than a VARIANT's field list. */
	public static boolean isGeo(String json) {
		return json != null && json.strip().startsWith("{") && json.contains("\"bbox\"");
	}

	/**
	 * The stats in {@code json}, as this class or the extension writes them.
	 *
	 * @throws IllegalArgumentException when it is not geometry stats JSON
	 */
	public static GeoStats parse(String json) {
		if (!isGeo(json)) {
			throw new IllegalArgumentException("not GEOMETRY stats JSON: " + json);
		}
		List<Double> b = new ArrayList<>(Collections.nCopies(8, null));
		Matcher m = BOUND.matcher(json);
		while (m.find()) {
			String v = m.group(2);
			b.set(BOUNDS.indexOf(m.group(1)), v.equals("null") ? null : switch (v) {
			case "NaN" -> Double.NaN;
			case "Infinity", "inf" -> Double.POSITIVE_INFINITY;
			case "-Infinity", "-inf" -> Double.NEGATIVE_INFINITY;
			default -> Double.valueOf(v);
			});
		}
		SortedSet<String> t = new TreeSet<>();
		Matcher tm = TYPES.matcher(json);
		if (tm.find()) {
			for (String s : tm.group(1).split(",")) {
				String name = s.strip().replaceAll("^\"|\"$", "");
				if (!name.isEmpty()) {
					t.add(name);
				}
			}
		}
		return new GeoStats(b, t);
	}
}
