package io.lakestudio.engine.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;

import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.Result;

/**
 * Answers a {@code run} request: the header, the rows in batches (each flushed, so a client sees the first rows
 * while the engine still reads), then {@code done}; or the engine's error where it happened.
 */
final class ResultStream {

	private static final int BATCH = 512;

	private ResultStream() {
	}

	static void run(Engine engine, Map<String, Object> req, OutputStream out) throws IOException {
		String sql = String.valueOf(req.get("sql"));
		String source = String.valueOf(req.getOrDefault("source", "cli"));
		boolean fresh = Boolean.TRUE.equals(req.get("fresh"));
		boolean typed = Boolean.TRUE.equals(req.get("typed"));
		try (Result r = engine.execute(sql, source, fresh)) {
			int cols = r.columnNames().size();
			Wire.send(out, g -> {
				g.writeArrayFieldStart("columns");
				for (String n : r.columnNames()) {
					g.writeString(n);
				}
				g.writeEndArray();
				g.writeArrayFieldStart("types");
				for (String t : r.columnTypes()) {
					g.writeString(t);
				}
				g.writeEndArray();
				g.writeArrayFieldStart("notices");
				for (String n : r.notices()) {
					g.writeString(n);
				}
				g.writeEndArray();
			});
			out.flush();
			long n = 0;
			boolean more = true;
			while (more) {
				ByteArrayOutputStream batch = new ByteArrayOutputStream();
				int k = 0;
				try (JsonGenerator g = Wire.json().createGenerator(batch)) {
					g.writeStartObject();
					g.writeArrayFieldStart("rows");
					while (k < BATCH && (more = r.next())) {
						g.writeStartArray();
						for (int c = 0; c < cols; c++) {
							cell(g, r, c, typed);
						}
						g.writeEndArray();
						k++;
					}
					g.writeEndArray();
					g.writeEndObject();
				}
				n += k;
				if (k > 0) {
					batch.write('\n');
					out.write(batch.toByteArray());
					out.flush();
				}
			}
			long count = n;
			Wire.send(out, g -> g.writeNumberField("done", count));
		} catch (EngineException e) {
			Wire.send(out, g -> {
				g.writeStringField("error", e.kind().name());
				g.writeStringField("message", e.getMessage() == null ? e.toString() : e.getMessage());
			});
		}
	}

	private static void cell(JsonGenerator g, Result r, int c, boolean typed) throws IOException, EngineException {
		if (!typed) {
			String v = r.text(c);
			if (v == null) {
				g.writeNull();
			} else {
				g.writeString(v);
			}
			return;
		}
		writeValue(g, r, c);
	}

	/** See {@link EngineServer#writeValue}. */
	static void writeValue(JsonGenerator g, Result r, int c) throws IOException, EngineException {
		Object v = r.value(c);
		if (v == null) {
			g.writeNull();
		} else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
			g.writeNumber(((Number) v).longValue());
		} else if (v instanceof Double || v instanceof Float) {
			g.writeNumber(((Number) v).doubleValue());
		} else if (v instanceof BigDecimal d) {
			g.writeNumber(d);
		} else if (v instanceof Boolean b) {
			g.writeBoolean(b);
		} else {
			g.writeString(r.text(c));
		}
	}
}
