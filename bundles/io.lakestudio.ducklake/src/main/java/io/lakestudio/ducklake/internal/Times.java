package io.lakestudio.ducklake.internal;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;

/**
 * Snapshot times as a SQLite catalog holds them: DuckDB's text for a TIMESTAMP WITH TIME ZONE,
 * {@code 2025-06-01 12:00:00.123456+00}, fractions and offset minutes optional.
 */
final class Times {

	private static final DateTimeFormatter WRITE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS'+00'");
	private static final DateTimeFormatter READ = new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd HH:mm:ss")
			.optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
			.appendOffset("+HH:mm", "+00").toFormatter();

	private Times() {
	}

	static String format(Instant t) {
		return WRITE.format(t.atOffset(ZoneOffset.UTC));
	}

	static Instant parse(String s) {
		if (s == null) {
			return Instant.EPOCH;
		}
		String t = s.strip().replace('T', ' ');
		if (t.endsWith("Z")) {
			t = t.substring(0, t.length() - 1) + "+00";
		}
		if (!t.matches(".*[+-]\\d\\d(:?\\d\\d)?$")) {
			t = t + "+00";
		}
		t = t.replaceAll("([+-]\\d\\d)(\\d\\d)$", "$1:$2");
		return OffsetDateTime.parse(t, READ).toInstant();
	}
}
