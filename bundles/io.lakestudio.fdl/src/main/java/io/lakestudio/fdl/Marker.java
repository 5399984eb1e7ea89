package io.lakestudio.fdl;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.fdl.internal.Fields;
import io.lakestudio.fdl.internal.Json;

/** The format marker {@code FDL}: which version of the specification a repository follows. */
public record Marker(String version, Map<String, Object> extras) {

	public static final String VERSION = "0.1";
	public static final Marker CURRENT = new Marker(VERSION, Map.of());

	public byte[] bytes() {
		TreeMap<String, Object> o = Json.object();
		o.putAll(extras);
		o.put("format", "fdl");
		o.put("version", version);
		return Json.encode(o);
	}

	public static Marker parse(byte[] bytes, String where) throws FdlException {
		Fields f = new Fields(Json.parseCanonical(bytes, where), where, Set.of("format", "version"));
		if (!"fdl".equals(f.string("format")))
			throw FdlException.malformed(where, "not an FDL repository (format is not \"fdl\")");
		return new Marker(f.text("version"), f.extras());
	}
}
