package io.lakestudio.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/** Prints rows as an aligned table, or as JSON with {@code --json}. */
final class Out {

	private final PrintWriter out;
	private final boolean json;

	Out(PrintWriter out, boolean json) {
		this.out = out;
		this.json = json;
	}

	boolean json() {
		return json;
	}

	PrintWriter writer() {
		return out;
	}

	/** Rows under headers: a table, or a JSON array of objects keyed by the headers in lower case. */
	void rows(List<String> headers, List<List<Object>> rows) {
		if (json) {
			List<Object> objects = new ArrayList<>();
			for (List<Object> row : rows) {
				Map<String, Object> o = new LinkedHashMap<>();
				for (int i = 0; i < headers.size(); i++) {
					o.put(headers.get(i).toLowerCase(Locale.ROOT).replace(' ', '_'), row.get(i));
				}
				objects.add(o);
			}
			json(objects);
			return;
		}
		int[] widths = new int[headers.size()];
		long now = System.currentTimeMillis(); // one reading for the whole table, not one per time shown
		List<List<String>> text = new ArrayList<>(rows.size());
		for (List<Object> row : rows) {
			List<String> cells = new ArrayList<>(row.size());
			for (Object v : row) {
				cells.add(text(v, now));
			}
			text.add(cells);
		}
		for (int i = 0; i < widths.length; i++) {
			widths[i] = headers.get(i).length();
			for (List<String> cells : text) {
				widths[i] = Math.max(widths[i], cells.get(i).length());
			}
		}
		// one buffer written once: a line at a time through the writer's encoder cost more than the rest
		StringBuilder b = new StringBuilder(64 * (rows.size() + 1));
		line(b, headers, widths);
		for (List<String> cells : text) {
			line(b, cells, widths);
		}
		out.write(b.toString());
	}

	private static void line(StringBuilder b, List<String> cells, int[] widths) {
		int start = b.length();
		for (int i = 0; i < cells.size(); i++) {
			String c = cells.get(i);
			b.append(c);
			if (i < cells.size() - 1) {
				b.repeat(' ', widths[i] - c.length() + 2);
			}
		}
		int end = b.length();
		while (end > start && Character.isWhitespace(b.charAt(end - 1))) {
			end--;
		}
		b.setLength(end);
		b.append(System.lineSeparator());
	}

	/** A value as a person reads it: times as ages, sizes in units, nothing as "". */
	static String text(Object v, long now) {
		if (v == null) {
			return "";
		}
		if (v instanceof Instant t) {
			return age(t, now);
		}
		return v.toString();
	}

	static String age(Instant t) {
		return age(t, System.currentTimeMillis());
	}

	/** How long before {@code now} (epoch milliseconds) {@code t} was, as a person says it. */
	static String age(Instant t, long now) {
		if (t == null) {
			return "never";
		}
		long s = Math.max(0, Math.floorDiv(now - t.toEpochMilli(), 1000));
		if (s < 60) {
			return s + " s ago";
		}
		if (s < 3600) {
			return s / 60 + " min ago";
		}
		if (s < 86400 * 2) {
			return s / 3600 + " h ago";
		}
		return s / 86400 + " days ago";
	}

	static String size(Long bytes) {
		if (bytes == null) {
			return "";
		}
		String[] units = { "B", "KB", "MB", "GB", "TB" };
		double v = bytes;
		int u = 0;
		while (v >= 1024 && u < units.length - 1) {
			v /= 1024;
			u++;
		}
		// by hand: String.format costs more than the rest of a 2,000-row listing
		long tenths = Math.round(v * 10);
		return u == 0 ? bytes + " B" : tenths / 10 + "." + tenths % 10 + " " + units[u];
	}

	/** What an action did: {@code m} as JSON, or {@code text} for people. */
	void said(Map<String, Object> m, String text) {
		if (json) {
			json(m);
		} else {
			out.println(text);
		}
	}

	/** Writes maps, lists, strings, numbers, booleans and times (ISO-8601) as JSON. */
	void json(Object value) {
		try {
			JsonGenerator g = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter();
			write(g, value);
			g.flush();
			out.println();
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	private static void write(JsonGenerator g, Object v) throws IOException {
		if (v == null) {
			g.writeNull();
		} else if (v instanceof Map<?, ?> m) {
			g.writeStartObject();
			for (Map.Entry<?, ?> e : m.entrySet()) {
				g.writeFieldName(e.getKey().toString());
				write(g, e.getValue());
			}
			g.writeEndObject();
		} else if (v instanceof List<?> l) {
			g.writeStartArray();
			for (Object o : l) {
				write(g, o);
			}
			g.writeEndArray();
		} else if (v instanceof Boolean b) {
			g.writeBoolean(b);
		} else if (v instanceof Integer || v instanceof Long) {
			g.writeNumber(((Number) v).longValue());
		} else if (v instanceof Number n) {
			g.writeNumber(n.doubleValue());
		} else {
			g.writeString(v.toString());
		}
	}
}
