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
		// arrays, not lists, and no string concatenation per cell: a metadata answer runs interpreted, and each
		// step per cell of a 2,000-table listing costs it a few milliseconds
		int columns = headers.size();
		int[] widths = new int[columns];
		String[][] text = new String[rows.size() + 1][];
		text[0] = headers.toArray(new String[columns]);
		long now = System.currentTimeMillis(); // one reading for the whole table, not one per time shown
		// the tables of one listing were mostly read together: a column's age is worked out again only when
		// its time differs from the row above's
		long[] lastTime = new long[columns];
		String[] lastAge = new String[columns];
		for (int r = 0; r < rows.size(); r++) {
			List<Object> row = rows.get(r);
			String[] cells = new String[columns];
			for (int i = 0; i < columns; i++) {
				Object v = row.get(i);
				if (v instanceof Instant t) {
					if (lastAge[i] == null || lastTime[i] != t.toEpochMilli()) {
						lastTime[i] = t.toEpochMilli();
						lastAge[i] = age(t, now);
					}
					cells[i] = lastAge[i];
				} else {
					cells[i] = text(v, now);
				}
			}
			text[r + 1] = cells;
		}
		int chars = 0;
		for (String[] cells : text) {
			for (int i = 0; i < columns; i++) {
				int w = cells[i].length();
				chars += w;
				if (w > widths[i]) {
					widths[i] = w;
				}
			}
		}
		// one buffer written once: a line at a time through the writer's encoder cost more than the rest
		StringBuilder b = new StringBuilder(chars + text.length * (2 * columns + 1));
		String eol = System.lineSeparator();
		for (String[] cells : text) {
			line(b, cells, widths, eol);
		}
		out.write(b.toString());
	}

	/** The cells padded to their widths, two spaces apart, with no whitespace at the end of the line. */
	private static void line(StringBuilder b, String[] cells, int[] widths, String eol) {
		int start = b.length();
		int last = cells.length - 1;
		while (last > 0 && cells[last].isEmpty()) {
			last--; // no padding for the empty cells at the end
		}
		for (int i = 0; i < last; i++) {
			b.append(cells[i]).repeat(' ', widths[i] - cells[i].length() + 2);
		}
		b.append(cells[last]);
		int end = b.length();
		while (end > start && Character.isWhitespace(b.charAt(end - 1))) {
			end--; // a cell's own trailing whitespace, as before
		}
		b.setLength(end);
		b.append(eol);
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
		// appended, not concatenated: a concatenation's method handles cost an interpreted listing twice as much
		StringBuilder b = new StringBuilder(16);
		if (s < 60) {
			return b.append(s).append(" s ago").toString();
		}
		if (s < 3600) {
			return b.append(s / 60).append(" min ago").toString();
		}
		if (s < 86400 * 2) {
			return b.append(s / 3600).append(" h ago").toString();
		}
		return b.append(s / 86400).append(" days ago").toString();
	}

	private static final String[] UNITS = { " B", " KB", " MB", " GB", " TB" };

	static String size(Long bytes) {
		if (bytes == null) {
			return "";
		}
		double v = bytes;
		int u = 0;
		while (v >= 1024 && u < UNITS.length - 1) {
			v /= 1024;
			u++;
		}
		// by hand: String.format costs more than the rest of a 2,000-row listing
		long tenths = Math.round(v * 10);
		StringBuilder b = new StringBuilder(12);
		return (u == 0 ? b.append(bytes.longValue()) : b.append(tenths / 10).append('.').append(tenths % 10))
				.append(UNITS[u]).toString();
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
