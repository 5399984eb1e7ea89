package io.lakestudio.engine;

import java.math.BigDecimal;
import java.sql.Blob;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;

/**
 * One canonical text per value, the same whoever read it (Kernel's vectors or DuckDB's JDBC objects), and an
 * order-independent checksum of a table: the sum of a hash of each row's canonical texts.
 */
final class Canon {

	private Canon() {
	}

	static String decimal(BigDecimal d) {
		return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
	}

	static String micros(long us) {
		return "ts" + us;
	}

	static String days(long d) {
		return "d" + d;
	}

	static String bytes(byte[] b) {
		return "x" + HexFormat.of().formatHex(b);
	}

	/** DuckDB's JDBC object for a column of the given DuckDB type. */
	static String jdbc(Object v, String duckType) throws Exception {
		if (v == null) {
			return null;
		}
		String t = duckType.toUpperCase();
		if (v instanceof BigDecimal d) {
			return decimal(d);
		}
		if (v instanceof Float f) {
			return "f" + Float.toString(f);
		}
		if (v instanceof Double d) {
			return "f" + Double.toString(t.equals("FLOAT") ? (double) (float) (double) d : d);
		}
		if (v instanceof Number n) {
			return Long.toString(n.longValue());
		}
		if (v instanceof OffsetDateTime o) {
			return micros(ChronoUnit.MICROS.between(java.time.Instant.EPOCH, o.toInstant()));
		}
		if (v instanceof java.sql.Timestamp ts) {
			return micros(ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), ts.toLocalDateTime()));
		}
		if (v instanceof LocalDateTime l) {
			return micros(ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), l));
		}
		if (v instanceof java.sql.Date d) {
			return days(d.toLocalDate().toEpochDay());
		}
		if (v instanceof LocalDate d) {
			return days(d.toEpochDay());
		}
		if (v instanceof Blob b) {
			return bytes(b.getBytes(1, (int) b.length()));
		}
		if (v instanceof byte[] b) {
			return bytes(b);
		}
		if (v instanceof Boolean b) {
			return b.toString();
		}
		return v.toString();
	}

	static long rowHash(List<String> values) {
		long h = 1125899906842597L;
		for (String s : values) {
			String x = s == null ? "\u0000null" : s;
			for (int i = 0; i < x.length(); i++) {
				h = 31 * h + x.charAt(i);
			}
			h = h * 0x9E3779B97F4A7C15L + 0x3C;
		}
		return h ^ (h >>> 29);
	}

	/** Whether a Delta type (protocol JSON type name) is one the checksum covers; nested types are only counted. */
	static boolean primitive(String duckType) {
		return !duckType.contains("STRUCT") && !duckType.contains("[]") && !duckType.contains("MAP");
	}

	static ZoneOffset utc() {
		return ZoneOffset.UTC;
	}
}
