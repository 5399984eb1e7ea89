package io.lakestudio.emulator.internal;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** A request's query parameters, decoded. */
public final class Query {

	private final Map<String, String> values = new LinkedHashMap<>();

	public Query(String raw) {
		if (raw == null || raw.isEmpty()) {
			return;
		}
		for (String kv : raw.split("&")) {
			String[] p = kv.split("=", 2);
			values.put(URLDecoder.decode(p[0], StandardCharsets.UTF_8),
					p.length > 1 ? URLDecoder.decode(p[1], StandardCharsets.UTF_8) : "");
		}
	}

	public String get(String name) {
		return values.get(name);
	}

	public String get(String name, String fallback) {
		return values.getOrDefault(name, fallback);
	}

	public int number(String name, int fallback) {
		String v = values.get(name);
		try {
			return v == null ? fallback : Integer.parseInt(v);
		} catch (NumberFormatException e) {
			return -1;
		}
	}
}
