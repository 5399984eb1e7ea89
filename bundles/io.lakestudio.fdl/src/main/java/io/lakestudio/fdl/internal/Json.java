package io.lakestudio.fdl.internal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.fdl.FdlException;

/**
 * FDL's canonical JSON (the specification's "Canonical JSON"): objects as sorted {@link TreeMap}s, arrays as
 * lists, strings, longs, booleans. Parsing is strict and a file is canonical exactly when {@link #encode} of what
 * {@link #parse} read gives back its bytes, which is what {@link #parseCanonical} checks.
 */
public final class Json {

	/** Keys sorted by their UTF-8 bytes, which is code point order (String's own order is UTF-16's). */
	public static final Comparator<String> KEY_ORDER = (a, b) -> {
		int i = 0, j = 0;
		while (i < a.length() && j < b.length()) {
			int ca = a.codePointAt(i), cb = b.codePointAt(j);
			if (ca != cb)
				return Integer.compare(ca, cb);
			i += Character.charCount(ca);
			j += Character.charCount(cb);
		}
		return Integer.compare(a.length() - i, b.length() - j);
	};

	public static final long MAX = (1L << 53) - 1;

	private Json() {
	}

	public static TreeMap<String, Object> object() {
		return new TreeMap<>(KEY_ORDER);
	}

	public static byte[] encode(Object value) {
		StringBuilder out = new StringBuilder();
		write(out, value);
		return out.toString().getBytes(StandardCharsets.UTF_8);
	}

	/** Parses {@code bytes} and refuses them unless they are the canonical form of what they hold. */
	public static Object parseCanonical(byte[] bytes, String where) throws FdlException {
		Object value = parse(bytes, where);
		if (!java.util.Arrays.equals(encode(value), bytes))
			throw FdlException.malformed(where, "not in canonical JSON form (sorted keys, no whitespace)");
		return value;
	}

	public static Object parse(byte[] bytes, String where) throws FdlException {
		String text;
		try {
			text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
					.onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
		} catch (CharacterCodingException e) {
			throw FdlException.malformed(where, "not UTF-8");
		}
		Parser p = new Parser(text, where);
		p.space();
		Object v = p.value();
		p.space();
		if (p.at < text.length())
			throw p.error("text after the value");
		return v;
	}

	private static void write(StringBuilder out, Object v) {
		switch (v) {
		case Map<?, ?> m -> {
			TreeMap<String, Object> sorted = object();
			m.forEach((k, x) -> sorted.put((String) k, x));
			out.append('{');
			boolean first = true;
			for (Map.Entry<String, Object> e : sorted.entrySet()) {
				if (!first)
					out.append(',');
				first = false;
				string(out, e.getKey());
				out.append(':');
				write(out, e.getValue());
			}
			out.append('}');
		}
		case List<?> l -> {
			out.append('[');
			for (int i = 0; i < l.size(); i++) {
				if (i > 0)
					out.append(',');
				write(out, l.get(i));
			}
			out.append(']');
		}
		case String s -> string(out, s);
		case Long n -> {
			if (n > MAX || n < -MAX)
				throw new IllegalArgumentException("number out of FDL's range: " + n);
			out.append(n);
		}
		case Integer n -> out.append(n);
		case Boolean b -> out.append(b);
		default -> throw new IllegalArgumentException("not an FDL JSON value: " + v);
		}
	}

	private static void string(StringBuilder out, String s) {
		out.append('"');
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			switch (c) {
			case '"' -> out.append("\\\"");
			case '\\' -> out.append("\\\\");
			case '\b' -> out.append("\\b");
			case '\t' -> out.append("\\t");
			case '\n' -> out.append("\\n");
			case '\f' -> out.append("\\f");
			case '\r' -> out.append("\\r");
			default -> {
				if (c < 0x20)
					out.append(String.format("\\u%04x", (int) c));
				else
					out.append(c);
			}
			}
		}
		out.append('"');
	}

	private static final class Parser {
		final String s;
		final String where;
		int at;

		Parser(String s, String where) {
			this.s = s;
			this.where = where;
		}

		FdlException error(String what) {
			return FdlException.malformed(where, "JSON " + what + " at character " + at);
		}

		void space() {
			while (at < s.length() && " \t\r\n".indexOf(s.charAt(at)) >= 0)
				at++;
		}

		Object value() throws FdlException {
			if (at >= s.length())
				throw error("ends early");
			char c = s.charAt(at);
			if (c == '{')
				return object();
			if (c == '[')
				return array();
			if (c == '"')
				return string();
			if (c == '-' || (c >= '0' && c <= '9'))
				return number();
			for (String word : new String[] { "true", "false", "null" })
				if (s.startsWith(word, at)) {
					at += word.length();
					if (word.equals("null"))
						throw error("null (FDL leaves a field out instead)");
					return Boolean.valueOf(word);
				}
			throw error("unexpected '" + c + "'");
		}

		Map<String, Object> object() throws FdlException {
			TreeMap<String, Object> m = Json.object();
			at++;
			space();
			if (peek('}'))
				return m;
			while (true) {
				space();
				if (at >= s.length() || s.charAt(at) != '"')
					throw error("key expected");
				String k = string();
				space();
				expect(':');
				space();
				if (m.put(k, value()) != null)
					throw error("duplicate key \"" + k + "\"");
				space();
				if (peek('}'))
					return m;
				expect(',');
			}
		}

		List<Object> array() throws FdlException {
			List<Object> l = new ArrayList<>();
			at++;
			space();
			if (peek(']'))
				return l;
			while (true) {
				space();
				l.add(value());
				space();
				if (peek(']'))
					return l;
				expect(',');
			}
		}

		String string() throws FdlException {
			StringBuilder b = new StringBuilder();
			at++;
			while (true) {
				if (at >= s.length())
					throw error("unterminated string");
				char c = s.charAt(at++);
				if (c == '"')
					break;
				if (c < 0x20)
					throw error("control character in a string");
				if (c != '\\') {
					b.append(c);
					continue;
				}
				if (at >= s.length())
					throw error("unterminated escape");
				char e = s.charAt(at++);
				switch (e) {
				case '"', '\\', '/' -> b.append(e);
				case 'b' -> b.append('\b');
				case 't' -> b.append('\t');
				case 'n' -> b.append('\n');
				case 'f' -> b.append('\f');
				case 'r' -> b.append('\r');
				case 'u' -> {
					if (at + 4 > s.length())
						throw error("short \\u escape");
					try {
						b.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
					} catch (NumberFormatException x) {
						throw error("bad \\u escape");
					}
					at += 4;
				}
				default -> throw error("bad escape \\" + e);
				}
			}
			String out = b.toString();
			for (int i = 0; i < out.length(); i++) {
				char c = out.charAt(i);
				if (Character.isHighSurrogate(c) && i + 1 < out.length() && Character.isLowSurrogate(out.charAt(i + 1)))
					i++;
				else if (Character.isSurrogate(c))
					throw error("lone surrogate in a string");
			}
			return out;
		}

		Long number() throws FdlException {
			int start = at;
			if (s.charAt(at) == '-')
				at++;
			while (at < s.length() && Character.isDigit(s.charAt(at)))
				at++;
			if (at < s.length() && ".eE".indexOf(s.charAt(at)) >= 0)
				throw error("number that is not an integer");
			String digits = s.substring(start, at);
			try {
				long n = Long.parseLong(digits);
				if (n > MAX || n < -MAX)
					throw error("integer out of range");
				return n;
			} catch (NumberFormatException x) {
				throw error("bad number " + digits);
			}
		}

		boolean peek(char c) {
			if (at < s.length() && s.charAt(at) == c) {
				at++;
				return true;
			}
			return false;
		}

		void expect(char c) throws FdlException {
			if (!peek(c))
				throw error("'" + c + "' expected");
		}
	}
}
