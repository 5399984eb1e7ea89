package io.lakestudio.fdl;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.fdl.internal.Fields;
import io.lakestudio.fdl.internal.Json;

/** {@code gc/unnamed}: when the collector first found each unnamed object unnamed; grace is measured from it. */
public record Unnamed(Map<String, Instant> since, Map<String, Object> extras) {

	public static final Unnamed EMPTY = new Unnamed(Map.of(), Map.of());

	public Unnamed {
		since = Collections.unmodifiableMap(new TreeMap<>(since));
		extras = extras == null ? Map.of() : Map.copyOf(extras);
	}

	public byte[] bytes() {
		TreeMap<String, Object> o = Json.object();
		o.putAll(extras);
		TreeMap<String, Object> s = Json.object();
		since.forEach((k, v) -> s.put(k, Fields.time(v)));
		o.put("since", s);
		return Json.encode(o);
	}

	public static Unnamed parse(byte[] bytes, String where) throws FdlException {
		Fields f = new Fields(Json.parseCanonical(bytes, where), where, Set.of("since"));
		if (!(f.raw("since") instanceof Map<?, ?> m))
			throw FdlException.malformed(where, "\"since\" is not an object");
		Map<String, Instant> since = new TreeMap<>();
		Map<String, Object> one = Json.object();
		for (Map.Entry<?, ?> e : m.entrySet()) {
			String path = (String) e.getKey();
			if (!Layout.inLayout(path))
				throw FdlException.malformed(where, "not a path of the layout: " + path);
			one.put("t", e.getValue());
			since.put(path, new Fields(one, where + " " + path, Set.of("t")).instant("t"));
		}
		return new Unnamed(since, f.extras());
	}
}
