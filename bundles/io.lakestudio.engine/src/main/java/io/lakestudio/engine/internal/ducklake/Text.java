package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A statement's skeleton read left to right: keywords, names (plain or quoted, dotted), string literals, and the
 * rest of the text from a point, or up to a keyword at depth 0 outside quotes. Expressions and queries are never
 * parsed here; they are handed to DuckDB whole.
 */
final class Text {

	private final String s;
	private int at;

	Text(String s) {
		this.s = s.strip().replaceAll(";+\\s*$", "");
	}

	String all() {
		return s;
	}

	private void blanks() {
		while (at < s.length()) {
			if (Character.isWhitespace(s.charAt(at))) {
				at++;
			} else if (s.startsWith("--", at)) {
				int j = s.indexOf('\n', at);
				at = j < 0 ? s.length() : j + 1;
			} else if (s.startsWith("/*", at)) {
				int j = s.indexOf("*/", at + 2);
				at = j < 0 ? s.length() : j + 2;
			} else {
				return;
			}
		}
	}

	boolean atEnd() {
		blanks();
		return at >= s.length();
	}

	/** Consumes the words (case-insensitive) if they come next; whether they did. */
	boolean accept(String... words) {
		int save = at;
		for (String w : words) {
			blanks();
			if (!s.regionMatches(true, at, w, 0, w.length())) {
				at = save;
				return false;
			}
			int end = at + w.length();
			if (Character.isLetterOrDigit(w.charAt(w.length() - 1)) && end < s.length()
					&& (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_')) {
				at = save;
				return false;
			}
			at = end;
		}
		return true;
	}

	void expect(String... words) throws java.text.ParseException {
		if (!accept(words)) {
			throw new java.text.ParseException("expected " + String.join(" ", words) + " at: " + rest(), at);
		}
	}

	boolean peek(String... words) {
		int save = at;
		boolean yes = accept(words);
		at = save;
		return yes;
	}

	/** One name, unquoted (as written) or quoted (unescaped). */
	String name() throws java.text.ParseException {
		blanks();
		if (at < s.length() && s.charAt(at) == '"') {
			return quoted('"');
		}
		int j = at;
		while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_' || s.charAt(j) == '$')) {
			j++;
		}
		if (j == at) {
			throw new java.text.ParseException("expected a name at: " + rest(), at);
		}
		String n = s.substring(at, j);
		at = j;
		return n;
	}

	/** A dotted name: {@code a}, {@code a.b}, {@code a.b.c}. */
	List<String> qualifiedName() throws java.text.ParseException {
		List<String> parts = new ArrayList<>();
		parts.add(name());
		while (true) {
			blanks();
			if (at < s.length() && s.charAt(at) == '.') {
				at++;
				parts.add(name());
			} else {
				return parts;
			}
		}
	}

	/** A string literal's value. */
	String string() throws java.text.ParseException {
		blanks();
		if (at >= s.length() || s.charAt(at) != '\'') {
			throw new java.text.ParseException("expected a string at: " + rest(), at);
		}
		return quoted('\'');
	}

	/** What stands between the quote {@code q} here and the one that closes it, a doubled quote read as one. */
	private String quoted(char q) {
		StringBuilder b = new StringBuilder();
		int j = at + 1;
		while (j < s.length()) {
			if (s.charAt(j) == q) {
				if (j + 1 < s.length() && s.charAt(j + 1) == q) {
					b.append(q);
					j += 2;
					continue;
				}
				break;
			}
			b.append(s.charAt(j++));
		}
		at = j + 1;
		return b.toString();
	}

	/** The rest of the text, consumed. */
	String rest() {
		blanks();
		String r = s.substring(Math.min(at, s.length()));
		at = s.length();
		return r;
	}

	/** The text up to the first of the keywords at depth 0 (or the end), consumed; the keyword is not. */
	String until(String... keywords) {
		blanks();
		int depth = 0;
		int j = at;
		while (j < s.length()) {
			char c = s.charAt(j);
			if (c == '\'' || c == '"') {
				int k = j + 1;
				while (k < s.length() && s.charAt(k) != c) {
					k++;
				}
				j = k + 1;
				continue;
			}
			if (depth == 0 && (j == 0 || !Character.isLetterOrDigit(s.charAt(j - 1))
					|| !Character.isLetterOrDigit(c))) {
				for (String k : keywords) {
					boolean word = Character.isLetterOrDigit(k.charAt(0));
					if (s.regionMatches(true, j, k, 0, k.length()) && (!word || j + k.length() >= s.length()
							|| !Character.isLetterOrDigit(s.charAt(j + k.length())))) {
						String out = s.substring(at, j).strip();
						at = j;
						return out;
					}
				}
			}
			if (c == '(' || c == '[' || c == '{') {
				depth++;
			} else if (c == ')' || c == ']' || c == '}') {
				depth--;
			}
			j++;
		}
		String out = s.substring(at).strip();
		at = s.length();
		return out;
	}

	/** The parenthesised text that comes next, without its parentheses, consumed. */
	String parenthesised() throws java.text.ParseException {
		blanks();
		if (at >= s.length() || s.charAt(at) != '(') {
			throw new java.text.ParseException("expected ( at: " + rest(), at);
		}
		at++;
		String inner = until(")");
		at++;
		return inner;
	}

	/** Splits at commas at depth 0. */
	static List<String> commas(String text) {
		List<String> out = new ArrayList<>();
		Text t = new Text(text);
		while (!t.atEnd()) {
			out.add(t.until(","));
			t.accept(",");
		}
		return out;
	}

	static String upper(String s) {
		return s.toUpperCase(Locale.ROOT);
	}
}
