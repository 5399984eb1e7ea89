package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.lakestudio.fdl.internal.Json;

/** The canonical JSON rules of docs/fdl-0.1.md, one by one. */
class JsonTest {

	private static String canonical(Object v) {
		return new String(Json.encode(v), StandardCharsets.UTF_8);
	}

	private static void refused(String text) {
		assertThrows(FdlException.class, () -> Json.parseCanonical(text.getBytes(StandardCharsets.UTF_8), "t"), text);
	}

	@Test
	void keysSortByCodePointNotByUtf16() throws Exception {
		TreeMap<String, Object> o = Json.object();
		o.put("z", 1L);
		o.put("é", 2L);
		o.put("\uFFFF", 3L);
		o.put("\uD83D\uDE00", 4L); // U+1F600 sorts after U+FFFF, though its first UTF-16 unit is smaller
		o.put("A", 5L);
		assertEquals("{\"A\":5,\"z\":1,\"é\":2,\"\uFFFF\":3,\"\uD83D\uDE00\":4}", canonical(o));
		Json.parseCanonical(Json.encode(o), "t");
	}

	@Test
	void onlyQuoteBackslashAndControlsAreEscaped() throws Exception {
		assertEquals("\"a\\\"b\\\\c\\n\\t\\u0001/é\u2028\"", canonical("a\"b\\c\n\t\u0001/é\u2028"));
		refused("\"\\u00e9\"");
		refused("\"\\/\"");
		refused("\"\\u000a\"");
		assertEquals("é", Json.parse("\"\\u00e9\"".getBytes(), "t"));
	}

	@Test
	void numbersAreIntegersInRange() throws Exception {
		assertEquals("[0,-1,9007199254740991]", canonical(List.of(0L, -1L, 9007199254740991L)));
		for (String bad : new String[] { "1.0", "1e3", "01", "-0", "+1", "9007199254740992" })
			refused(bad);
	}

	@Test
	void whitespaceOrderDuplicatesAndNullAreRefused() {
		for (String bad : new String[] { "{\"b\":1,\"a\":2}", "{\"a\": 1}", " {}", "{}\n", "{\"a\":1,\"a\":1}",
				"{\"a\":null}", "[1,]", "\"\\ud800\"", "{\"a\":1}x" })
			refused(bad);
	}

	@Test
	void notUtf8IsRefused() {
		assertThrows(FdlException.class, () -> Json.parse(new byte[] { '"', (byte) 0xC3, '"' }, "t"));
	}

	@Test
	void unknownFieldsAreRefusedAndXFieldsKept() throws Exception {
		String id = "4f1c2d7e9a0b3c5d6e8f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d";
		assertThrows(FdlException.class, () -> Ref.parse(("{\"other\":1,\"version\":\"" + id + "\"}").getBytes(), "r"));
		byte[] withHost = ("{\"version\":\"" + id + "\",\"x-host\":{\"by\":\"ci\"}}").getBytes();
		Ref r = Ref.parse(withHost, "r");
		assertEquals(Map.of("x-host", Map.of("by", "ci")), r.extras());
		assertEquals(new String(withHost), new String(r.bytes()));
	}
}
