package io.lakestudio.fdl;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.fdl.internal.Fields;
import io.lakestudio.fdl.internal.Json;

/** The content of a branch or a tag ({@code refs/heads/<branch>}, {@code refs/tags/<tag>}): a version ID. */
public record Ref(String version, Map<String, Object> extras) {

	public Ref {
		if (!Fields.isHash(version))
			throw new IllegalArgumentException("not a version ID: " + version);
		extras = extras == null ? Map.of() : Map.copyOf(extras);
	}

	public Ref(String version) {
		this(version, Map.of());
	}

	public byte[] bytes() {
		TreeMap<String, Object> o = Json.object();
		o.putAll(extras);
		o.put("version", version);
		return Json.encode(o);
	}

	public static Ref parse(byte[] bytes, String where) throws FdlException {
		Fields f = new Fields(Json.parseCanonical(bytes, where), where, Set.of("version"));
		return new Ref(f.hash("version"), f.extras());
	}
}
