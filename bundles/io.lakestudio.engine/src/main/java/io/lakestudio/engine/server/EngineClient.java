package io.lakestudio.engine.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import io.lakestudio.engine.EngineException;

/** Talks to the {@link EngineServer} on a state folder's socket: one connection per request. */
public final class EngineClient {

	/** A JSON number as its text, so a client prints exactly what the server wrote. */
	public record Num(String text) {
		public long asLong() {
			return new java.math.BigDecimal(text).longValue();
		}
	}

	private final Path socket;

	public EngineClient(Path socket) {
		this.socket = socket;
	}

	/** The client of {@code <home>/engine.sock} if a server answers there. */
	public static Optional<EngineClient> running(Path home) {
		Path s = EngineServer.socket(home);
		return answers(s) ? Optional.of(new EngineClient(s)) : Optional.empty();
	}

	/** Whether a server answers a ping on {@code socket} (a socket file alone may be stale). */
	public static boolean answers(Path socket) {
		if (!Files.exists(socket)) {
			return false;
		}
		try {
			new EngineClient(socket).ping();
			return true;
		} catch (IOException e) {
			return false;
		}
	}

	private SocketChannel open() throws IOException {
		SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
		try {
			c.connect(UnixDomainSocketAddress.of(socket));
		} catch (IOException e) {
			c.close();
			throw e;
		}
		return c;
	}

	private Map<String, Object> ask(Wire.Fields request) throws IOException {
		try (SocketChannel c = open()) {
			OutputStream out = Channels.newOutputStream(c);
			out.write(Wire.object(request));
			out.flush();
			String line = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8))
					.readLine();
			if (line == null) {
				throw new IOException("the engine server closed the connection");
			}
			return parseObject(line);
		}
	}

	/** The server's process id. */
	public long ping() throws IOException {
		Object pid = ask(g -> g.writeStringField("op", "ping")).get("pid");
		return pid instanceof Num n ? n.asLong() : -1;
	}

	/** Who answers: its pid, what it serves ({@link EngineServer.Options#identity}), whether a process hosts it. */
	public record Info(long pid, String identity, boolean hosted) {
	}

	public Info info() throws IOException {
		Map<String, Object> m = ask(g -> g.writeStringField("op", "ping"));
		return new Info(m.get("pid") instanceof Num n ? n.asLong() : -1, String.valueOf(m.getOrDefault("identity", "")),
				Boolean.TRUE.equals(m.get("hosted")));
	}

	/** Whether anyone ran a statement within {@code within}, answered without a log line. */
	public boolean active(Duration within) throws IOException {
		return Boolean.TRUE.equals(ask(g -> {
			g.writeStringField("op", "active");
			g.writeNumberField("withinMs", within.toMillis());
		}).get("active"));
	}

	/** When the last statement started, if any. */
	public Optional<Instant> lastStatementAt() throws IOException {
		Object last = ask(g -> {
			g.writeStringField("op", "active");
			g.writeNumberField("withinMs", 0);
		}).get("last");
		return last instanceof Num n ? Optional.of(Instant.ofEpochMilli(n.asLong())) : Optional.empty();
	}

	/** Cancels the statement the server is running. */
	public void cancel() throws IOException {
		ask(g -> g.writeStringField("op", "cancel"));
	}

	/** Closes the server (its host decides whether the process ends). */
	public void stop() throws IOException {
		ask(g -> g.writeStringField("op", "stop"));
	}

	/** Runs a statement; its rows stream in as {@link Remote#next} asks. {@code typed}: numbers as {@link Num}. */
	public Remote run(String sql, String source, boolean fresh, boolean typed) throws IOException, EngineException {
		SocketChannel c = open();
		try {
			OutputStream out = Channels.newOutputStream(c);
			try {
				out.write(Wire.object(g -> {
					g.writeStringField("op", "run");
					g.writeStringField("sql", sql);
					g.writeStringField("source", source);
					g.writeBooleanField("fresh", fresh);
					g.writeBooleanField("typed", typed);
				}));
				out.flush();
			} catch (IOException refusedFirst) {
				// the server may have refused the connection before reading it (another user's, too many): say why
				Remote r = new Remote(c);
				try {
					r.header();
				} catch (IOException nothingSaid) {
					throw refusedFirst;
				}
				return r;
			}
			Remote r = new Remote(c);
			r.header();
			return r;
		} catch (IOException | EngineException | RuntimeException e) {
			c.close();
			throw e;
		}
	}

	/** A statement's result from the server. */
	public static final class Remote implements AutoCloseable {
		private final SocketChannel channel;
		private final BufferedReader in;
		private List<String> columns = List.of();
		private List<String> types = List.of();
		private List<String> notices = List.of();
		private List<Object> batch = List.of();
		private int at = -1;
		private List<Object> row;
		private boolean done;

		Remote(SocketChannel channel) {
			this.channel = channel;
			this.in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8),
					1 << 16);
		}

		@SuppressWarnings("unchecked")
		private void header() throws IOException, EngineException {
			Map<String, Object> h = message();
			columns = strings((List<Object>) h.get("columns"));
			types = strings((List<Object>) h.get("types"));
			notices = strings((List<Object>) h.get("notices"));
		}

		private static List<String> strings(List<Object> l) {
			return l == null ? List.of() : l.stream().map(String::valueOf).toList();
		}

		private Map<String, Object> message() throws IOException, EngineException {
			String line = in.readLine();
			if (line == null) {
				throw new EngineException(EngineException.Kind.FAILED, "the engine server went away");
			}
			Map<String, Object> m = parseObject(line);
			if (m.containsKey("error")) {
				done = true;
				EngineException.Kind kind;
				try {
					kind = EngineException.Kind.valueOf(String.valueOf(m.get("error")));
				} catch (IllegalArgumentException e) {
					kind = EngineException.Kind.FAILED;
				}
				throw new EngineException(kind, String.valueOf(m.get("message")));
			}
			return m;
		}

		public List<String> columnNames() {
			return columns;
		}

		public List<String> columnTypes() {
			return types;
		}

		public List<String> notices() {
			return notices;
		}

		@SuppressWarnings("unchecked")
		public boolean next() throws EngineException {
			while (!done && at + 1 >= batch.size()) {
				try {
					Map<String, Object> m = message();
					if (m.containsKey("done")) {
						done = true;
					} else {
						batch = (List<Object>) m.get("rows");
						at = -1;
					}
				} catch (IOException e) {
					done = true;
					throw new EngineException(EngineException.Kind.FAILED, "the engine server went away: "
							+ e.getMessage(), e);
				}
			}
			if (done && at + 1 >= batch.size()) {
				row = null;
				return false;
			}
			row = (List<Object>) batch.get(++at);
			return true;
		}

		/** The cell as sent: null, a String, a Boolean or a {@link Num}. */
		public Object value(int c) {
			return row.get(c);
		}

		public String text(int c) {
			Object v = row.get(c);
			return v == null ? null : v instanceof Num n ? n.text() : String.valueOf(v);
		}

		/** Stops reading: the server stops the statement when it finds nobody listening. */
		@Override
		public void close() {
			try {
				channel.close();
			} catch (IOException e) {
				// gone already
			}
		}
	}

	static Map<String, Object> parseObject(String line) throws IOException {
		try (JsonParser p = Wire.json().createParser(line)) {
			if (p.nextToken() != JsonToken.START_OBJECT) {
				throw new IOException("not a JSON object: " + line);
			}
			@SuppressWarnings("unchecked")
			Map<String, Object> m = (Map<String, Object>) value(p);
			return m;
		}
	}

	private static Object value(JsonParser p) throws IOException {
		JsonToken t = p.currentToken();
		switch (t) {
		case START_OBJECT: {
			Map<String, Object> m = new LinkedHashMap<>();
			while (p.nextToken() == JsonToken.FIELD_NAME) {
				String k = p.currentName();
				p.nextToken();
				m.put(k, value(p));
			}
			return m;
		}
		case START_ARRAY: {
			List<Object> l = new ArrayList<>();
			while (p.nextToken() != JsonToken.END_ARRAY) {
				l.add(value(p));
			}
			return l;
		}
		case VALUE_STRING:
			return p.getText();
		case VALUE_NUMBER_INT:
		case VALUE_NUMBER_FLOAT:
			return new Num(p.getText());
		case VALUE_TRUE:
			return Boolean.TRUE;
		case VALUE_FALSE:
			return Boolean.FALSE;
		default:
			return null;
		}
	}

	/** Writes a cell as the in-process printer would: a number as its text, booleans and strings as such. */
	public static void write(JsonGenerator g, Object v) throws IOException {
		if (v == null) {
			g.writeNull();
		} else if (v instanceof Num n) {
			g.writeNumber(n.text());
		} else if (v instanceof Boolean b) {
			g.writeBoolean(b);
		} else {
			g.writeString(String.valueOf(v));
		}
	}
}
