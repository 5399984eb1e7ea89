package io.lakestudio.engine.internal.ducklake;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** A timestamp as a statement writes it ({@code 2025-01-01 10:00:00[.fff][+00[:00]]}, or a date); UTC unless said. */
final class Times {

	private Times() {
	}

	static Instant instant(String s) {
		String t = s.strip().replace(' ', 'T');
		if (t.matches("\\d{4}-\\d\\d-\\d\\d")) {
			t = t + "T00:00:00";
		}
		if (t.endsWith("Z") || t.matches(".*[+-]\\d\\d(:?\\d\\d)?$")) {
			t = t.replaceAll("([+-]\\d\\d)$", "$1:00").replaceAll("([+-]\\d\\d)(\\d\\d)$", "$1:$2");
			return OffsetDateTime.parse(t).toInstant();
		}
		return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
	}
}
