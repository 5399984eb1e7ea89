package io.lakestudio.engine.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;

/** The JSON lines both ends of the engine socket write: one object a line, never closing the stream under it. */
final class Wire {

	/**
	 * Jackson refuses a string past 20,000,000 characters by default, so one large cell (a document, a blob's hex)
	 * failed a statement that answers in-process. Every line is read whole before it is parsed (a request's length is
	 * bounded by the server, an answer's by its batch of rows), so the parser adds no bound of its own.
	 */
	private static final JsonFactory JSON = new JsonFactory()
			.setStreamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
			.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET).disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);

	private Wire() {
	}

	interface Fields {
		void write(JsonGenerator g) throws IOException;
	}

	static void send(OutputStream out, Fields fields) throws IOException {
		out.write(object(fields));
	}

	static byte[] object(Fields fields) throws IOException {
		ByteArrayOutputStream b = new ByteArrayOutputStream();
		try (JsonGenerator g = JSON.createGenerator(b)) {
			g.writeStartObject();
			fields.write(g);
			g.writeEndObject();
		}
		b.write('\n');
		return b.toByteArray();
	}

	/** A refusal goes out at once: the connection ends after it. */
	static void refuse(OutputStream out, String message) throws IOException {
		send(out, g -> {
			g.writeStringField("error", "REFUSED");
			g.writeStringField("message", message);
		});
		out.flush();
	}

	static JsonFactory json() {
		return JSON;
	}
}
