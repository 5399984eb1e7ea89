package io.lakestudio.fdl.internal;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.lakestudio.fdl.FdlException;

/** Reading the fields of one FDL JSON object strictly: each known, typed, present when required. */
public final class Fields {

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
			.withZone(ZoneOffset.UTC);
	private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

	private final Map<String, Object> object;
	private final String where;

	public Fields(Object value, String where, Set<String> known) throws FdlException {
		if (!(value instanceof Map<?, ?> m))
			throw FdlException.malformed(where, "a JSON object expected");
		@SuppressWarnings("unchecked")
		Map<String, Object> o = (Map<String, Object>) m;
		for (String k : o.keySet())
			if (!known.contains(k) && !k.startsWith("x-"))
				throw FdlException.malformed(where, "unknown field \"" + k + "\"");
		this.object = o;
		this.where = where;
	}

	public static String time(Instant t) {
		return TIME.format(t.truncatedTo(ChronoUnit.MILLIS));
	}

	/** The {@code x-} members, which readers keep as they are. */
	public Map<String, Object> extras() {
		Map<String, Object> x = Json.object();
		object.forEach((k, v) -> {
			if (k.startsWith("x-"))
				x.put(k, v);
		});
		return x;
	}

	public boolean has(String key) {
		return object.containsKey(key);
	}

	public Object raw(String key) throws FdlException {
		Object v = object.get(key);
		if (v == null)
			throw FdlException.malformed(where, "field \"" + key + "\" missing");
		return v;
	}

	public String string(String key) throws FdlException {
		if (raw(key) instanceof String s)
			return s;
		throw FdlException.malformed(where, "field \"" + key + "\" is not a string");
	}

	public String text(String key) throws FdlException {
		String s = string(key);
		if (s.isBlank())
			throw FdlException.malformed(where, "field \"" + key + "\" is empty");
		return s;
	}

	public long number(String key, long min) throws FdlException {
		if (raw(key) instanceof Long n && n >= min)
			return n;
		throw FdlException.malformed(where, "field \"" + key + "\" is not an integer >= " + min);
	}

	public boolean bool(String key) throws FdlException {
		if (raw(key) instanceof Boolean b)
			return b;
		throw FdlException.malformed(where, "field \"" + key + "\" is not true or false");
	}

	public Instant instant(String key) throws FdlException {
		String s = string(key);
		try {
			Instant t = Instant.from(TIME.parse(s));
			if (time(t).equals(s))
				return t;
		} catch (RuntimeException e) {
			// falls through to the refusal
		}
		throw FdlException.malformed(where, "field \"" + key + "\" is not a time YYYY-MM-DDTHH:MM:SS.mmmZ");
	}

	public String hash(String key) throws FdlException {
		String s = string(key);
		if (!isHash(s))
			throw FdlException.malformed(where, "field \"" + key + "\" is not 64 lowercase hex digits");
		return s;
	}

	public Fields object(String key, Set<String> known) throws FdlException {
		return new Fields(raw(key), where + " " + key, known);
	}

	public List<Object> list(String key) throws FdlException {
		if (raw(key) instanceof List<?> l) {
			@SuppressWarnings("unchecked")
			List<Object> out = (List<Object>) l;
			return out;
		}
		throw FdlException.malformed(where, "field \"" + key + "\" is not an array");
	}

	public static boolean isHash(String s) {
		return s != null && HEX64.matcher(s).matches();
	}
}
