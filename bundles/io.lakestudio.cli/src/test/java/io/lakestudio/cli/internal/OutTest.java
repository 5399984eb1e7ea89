package io.lakestudio.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What a listing looks like: columns two spaces apart under their headers, no whitespace at a line's end, times as
 * ages and sizes in units, as a person reads them (written out here by hand, not by the formatter's own rules).
 */
class OutTest {

	@Test
	void rowsLineUpUnderTheirHeadersWithNothingTrailing() {
		long now = System.currentTimeMillis();
		Instant minuteAgo = Instant.ofEpochMilli(now - 90_000);
		StringWriter text = new StringWriter();
		Out out = new Out(new PrintWriter(text), false);
		out.rows(List.of("TABLE", "SIZE", "LAST READ", "STATE"), List.of(
				List.of("orders", Out.size(1536L), minuteAgo, ""),
				Arrays.asList("a_much_longer_name", null, minuteAgo, "dropped"),
				List.of("t", Out.size(5L), Instant.ofEpochMilli(now - 3 * 86_400_000L), ""),
				Arrays.asList("spaced ", "", null, null)));
		out.writer().flush();
		String eol = System.lineSeparator();
		assertEquals("TABLE               SIZE    LAST READ   STATE" + eol
				+ "orders              1.5 KB  1 min ago" + eol
				+ "a_much_longer_name          1 min ago   dropped" + eol
				+ "t                   5 B     3 days ago" + eol
				+ "spaced" + eol, text.toString());
	}

	@Test
	void sizesInUnitsToATenth() {
		assertEquals("", Out.size(null));
		assertEquals("0 B", Out.size(0L));
		assertEquals("1023 B", Out.size(1023L));
		assertEquals("1.0 KB", Out.size(1024L));
		assertEquals("1.5 KB", Out.size(1536L));
		assertEquals("1.1 MB", Out.size(1153434L)); // 1.09999... MB
		assertEquals("5.0 TB", Out.size(5L << 40));
		assertEquals("3072.0 TB", Out.size(3L << 50));
	}

	@Test
	void agesInTheLargestWholeUnit() {
		long now = 1_800_000_000_000L;
		assertEquals("never", Out.age(null, now));
		assertEquals("0 s ago", Out.age(Instant.ofEpochMilli(now + 5_000), now));
		assertEquals("59 s ago", Out.age(Instant.ofEpochMilli(now - 59_999), now));
		assertEquals("1 min ago", Out.age(Instant.ofEpochMilli(now - 60_000), now));
		assertEquals("59 min ago", Out.age(Instant.ofEpochMilli(now - 3_599_000), now));
		assertEquals("1 h ago", Out.age(Instant.ofEpochMilli(now - 3_600_000), now));
		assertEquals("47 h ago", Out.age(Instant.ofEpochMilli(now - 2 * 86_400_000L + 1_000), now));
		assertEquals("2 days ago", Out.age(Instant.ofEpochMilli(now - 2 * 86_400_000L), now));
	}
}
