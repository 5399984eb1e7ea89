package io.lakestudio.fdl;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.fdl.internal.Fields;
import io.lakestudio.fdl.internal.Json;

/**
 * {@code retention/<id>}: a version taken out of retention (its record kept, its data collectable), withdrawn
 * (readers refuse it unless forced), or both, with who, when and why.
 */
public record RetentionNote(String by, boolean retained, Instant time, String why, boolean withdrawn,
		Map<String, Object> extras) {

	public RetentionNote {
		if (why == null || why.isBlank())
			throw new IllegalArgumentException("a reason is required");
		extras = extras == null ? Map.of() : Map.copyOf(extras);
	}

	public byte[] bytes() {
		TreeMap<String, Object> o = Json.object();
		o.putAll(extras);
		o.put("by", by);
		o.put("retained", retained);
		o.put("time", Fields.time(time));
		o.put("why", why);
		if (withdrawn)
			o.put("withdrawn", true);
		return Json.encode(o);
	}

	public static RetentionNote parse(byte[] bytes, String where) throws FdlException {
		Fields f = new Fields(Json.parseCanonical(bytes, where), where,
				Set.of("by", "retained", "time", "why", "withdrawn"));
		boolean withdrawn = f.has("withdrawn") && f.bool("withdrawn");
		if (f.has("withdrawn") && !withdrawn)
			throw FdlException.malformed(where, "\"withdrawn\" is left out, not false");
		return new RetentionNote(f.text("by"), f.bool("retained"), f.instant("time"), f.text("why"), withdrawn,
				f.extras());
	}
}
