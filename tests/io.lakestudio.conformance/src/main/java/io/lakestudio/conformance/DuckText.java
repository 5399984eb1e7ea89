package io.lakestudio.conformance;

import java.math.BigDecimal;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * A value as DuckDB prints it ({@code CAST(v AS VARCHAR)}), from what JDBC gives. duckdb_jdbc's getString is
 * DuckDB's own text for most types (lists, structs, maps, decimals, dates, intervals), but not for these: a DOUBLE
 * or FLOAT is Java's {@code 1.0E20} where DuckDB prints {@code 1e+20}, a TIMESTAMP ends in {@code .0}, a TIME is
 * {@code 12:00} and a TIMESTAMPTZ {@code 2020-01-01T12:00Z}.
 */
public final class DuckText {

	/** One value: its object and its text, each read only when needed. */
	public interface Cell {
		Object object() throws Exception;

		String text() throws Exception;
	}

	private DuckText() {
	}

	/** The text of one value of DuckDB type {@code type}, null for NULL. */
	public static String of(String type, Cell cell) throws Exception {
		String t = type.toUpperCase(Locale.ROOT);
		switch (t) {
		case "DOUBLE", "FLOAT", "REAL": {
			Object o = cell.object();
			return o == null ? null : real((Number) o);
		}
		case "TIMESTAMP", "TIMESTAMP_S", "TIMESTAMP_MS", "TIMESTAMP_NS", "DATETIME": {
			String s = cell.text();
			return s != null && s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
		}
		case "TIMESTAMP WITH TIME ZONE", "TIMESTAMPTZ": {
			Object o = cell.object();
			if (o instanceof OffsetDateTime odt) {
				return odt.toLocalDate() + " " + time(odt.toLocalTime()) + offset(odt.getOffset());
			}
			return o == null ? null : cell.text();
		}
		case "TIME": {
			Object o = cell.object();
			if (o instanceof LocalTime lt) {
				return time(lt);
			}
			return o == null ? null : cell.text();
		}
		case "TIME WITH TIME ZONE", "TIMETZ": {
			Object o = cell.object();
			if (o instanceof OffsetTime ot) {
				return time(ot.toLocalTime()) + offset(ot.getOffset());
			}
			return o == null ? null : cell.text();
		}
		case "VARIANT": {
			Object o = cell.object();
			return o == null ? null : variant(o);
		}
		default:
			return cell.text();
		}
	}

	/**
	 * A VARIANT's text: duckdb_jdbc gives its value as a Java object (a struct, an array, a scalar) whose own text
	 * is Java's ({@code {a=42, b=null}}), where DuckDB prints {@code {'a': 42, 'b': NULL}}.
	 */
	static String variant(Object o) throws java.sql.SQLException {
		if (o == null) {
			return "NULL";
		}
		if (o instanceof java.sql.Struct) {
			// duckdb_jdbc's struct (of the class loader the engine loads DuckDB in) has its fields by name
			java.util.Map<?, ?> fields;
			try {
				fields = (java.util.Map<?, ?>) o.getClass().getMethod("getMap").invoke(o);
			} catch (ReflectiveOperationException e) {
				throw new java.sql.SQLException("a VARIANT's struct without fields by name: " + o.getClass(), e);
			}
			StringBuilder b = new StringBuilder("{");
			for (java.util.Map.Entry<?, ?> e : fields.entrySet()) {
				b.append(b.length() > 1 ? ", " : "").append('\'').append(e.getKey()).append("': ")
						.append(variant(e.getValue()));
			}
			return b.append('}').toString();
		}
		if (o instanceof java.sql.Array a) {
			StringBuilder b = new StringBuilder("[");
			for (Object x : (Object[]) a.getArray()) {
				b.append(b.length() > 1 ? ", " : "").append(variant(x));
			}
			return b.append(']').toString();
		}
		if (o instanceof Double || o instanceof Float) {
			return real((Number) o);
		}
		return o instanceof BigDecimal d ? d.toPlainString() : o.toString();
	}

	/**
	 * DuckDB's text of a DOUBLE or FLOAT: the shortest digits, plain between 1e-4 and 1e16 (with {@code .0} when
	 * whole), else {@code d.ddde+XX}; {@code nan}, {@code inf}, {@code -inf}.
	 */
	public static String real(Number n) {
		double d = n.doubleValue();
		if (Double.isNaN(d)) {
			return "nan";
		}
		if (Double.isInfinite(d)) {
			return d > 0 ? "inf" : "-inf";
		}
		if (d == 0) {
			return (1 / d < 0) ? "-0.0" : "0.0";
		}
		// Java's digits are the shortest that read back (ties to even), as DuckDB's are for a DOUBLE; for a FLOAT
		// DuckDB sometimes prints more digits (its exact value): that one compares as a number anyway
		BigDecimal b = new BigDecimal(n instanceof Float f ? Float.toString(f) : Double.toString(d)).abs()
				.stripTrailingZeros();
		String sign = d < 0 ? "-" : "";
		String digits = b.unscaledValue().toString();
		int exp = digits.length() - 1 - b.scale();
		if (exp < -4 || exp >= 16) {
			String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
			return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + String.format(Locale.ROOT, "%02d", Math.abs(exp));
		}
		String plain = b.toPlainString();
		return sign + (plain.indexOf('.') < 0 ? plain + ".0" : plain);
	}

	/** {@code HH:MM:SS[.ffffff]}, trailing zeros of the fraction dropped, as DuckDB prints times. */
	static String time(LocalTime t) {
		String s = String.format(Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
		int micros = t.getNano() / 1000;
		if (micros == 0) {
			return s;
		}
		String f = String.format(Locale.ROOT, "%06d", micros);
		int end = f.length();
		while (f.charAt(end - 1) == '0') {
			end--;
		}
		return s + "." + f.substring(0, end);
	}

	/** {@code +00}, {@code +05:30}: DuckDB drops zero minutes. */
	static String offset(ZoneOffset o) {
		int total = o.getTotalSeconds();
		String sign = total < 0 ? "-" : "+";
		total = Math.abs(total);
		int h = total / 3600;
		int m = total / 60 % 60;
		return sign + String.format(Locale.ROOT, "%02d", h) + (m == 0 ? "" : String.format(Locale.ROOT, ":%02d", m));
	}
}
