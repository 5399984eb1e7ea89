package io.lakestudio.engine.server;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.core.JsonGenerator;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.StateFolder;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.Result;

/**
 * The machine's one engine, served on a Unix-domain socket in the state folder ({@code <home>/engine.sock}). Any
 * process may host it: the workbench in its own JVM, or the headless {@code lakestudio engine-server} that the
 * command line starts when none answers (it exits after idling). Plain Java: no OSGi, no job framework.
 *
 * <p>
 * The protocol is JSON lines, one request per connection, see {@link EngineClient}:
 * <ul>
 * <li>{@code {"op":"run","sql":..,"source":..,"fresh":bool,"typed":bool}}: a header
 * {@code {"columns":[..],"types":[..],"notices":[..]}}, row batches {@code {"rows":[[..],..]}}, then
 * {@code {"done":n}}; or {@code {"error":KIND,"message":..}} at any point. Cells are text (or null); with
 * {@code typed} numbers and booleans come as JSON numbers and booleans.
 * <li>{@code {"op":"cancel"}}: cancels the running statement.
 * <li>{@code {"op":"active","withinMs":n}}: {@code {"active":bool,"last":epochMs|null}}, from
 * {@link Engine#lastStatementAt}; asking writes no log line and does not count as activity.
 * <li>{@code {"op":"ping"}}: {@code {"pid":n,"started":bool}}; {@code {"op":"stop"}} closes the server.
 * </ul>
 * A request that is too long, not JSON, of an unknown op, or late is answered {@code {"error":"REFUSED",..}}; a
 * client that stops reading its result is cut off (see {@link Deadlines}).
 * <p>
 * Binding the socket is {@link SocketBinding}'s, the JSON lines {@link Wire}'s, a run's answer
 * {@link ResultStream}'s; this class admits connections and dispatches their one request.
 */
public final class EngineServer implements AutoCloseable {

	public static final String SOCKET = "engine.sock";

	/**
	 * How a server runs: {@code idle} null for never (a hosted server); {@code onIdle} runs once it closed after
	 * idling; {@code identity} says what it serves (account, lake, offline), so a client for another can tell.
	 */
	public record Options(Duration idle, Runnable onIdle, Clock clock, String identity) {
		public Options(Duration idle, Runnable onIdle, Clock clock) {
			this(idle, onIdle, clock, "");
		}

		public static Options hosted() {
			return new Options(null, () -> {
			}, Clock.systemUTC());
		}

		public Options withIdentity(String id) {
			return new Options(idle, onIdle, clock, id);
		}
	}

	/** Another process's server answers on the socket already. */
	public static final class AlreadyRunning extends IOException {
		private static final long serialVersionUID = 1L;

		AlreadyRunning(Path socket) {
			super("an engine server already answers on " + socket);
		}
	}

	private final Path socket;
	private final Engine engine;
	private final Options options;
	/** The socket this server bound: its channel and file (a later server's file at the same path is not ours). */
	private final SocketBinding.Bound bound;
	private final AtomicInteger inFlight = new AtomicInteger();
	/** Who may connect: the user who owns the socket file, this process's. */
	private final Peers peers;
	private final UserPrincipal owner;
	private final EventLog log;
	private final Deadlines.Limits limits;
	private final Deadlines deadlines;
	private final AtomicInteger connections = new AtomicInteger();
	private final CountDownLatch closed = new CountDownLatch(1);
	private volatile long lastActivity = System.nanoTime();
	private volatile boolean closing;
	private volatile boolean stopped;

	private EngineServer(Path socket, Engine engine, Options options, SocketBinding.Bound bound, Peers peers,
			EventLog log, Deadlines.Limits limits) {
		this.log = log;
		this.limits = limits;
		this.deadlines = new Deadlines(limits);
		this.peers = peers;
		this.owner = bound.owner();
		this.bound = bound;
		this.socket = socket;
		this.engine = engine;
		this.options = options;
	}

	/**
	 * The socket for a state folder: {@code <home>/engine.sock}, unless that path is longer than a Unix socket's name
	 * may be (107 bytes on Linux), as under a deep build or project folder. Then it is
	 * {@code lakestudio-<hash of home>.sock} in the user's private runtime folder, so each state folder still has its
	 * one engine.
	 */
	public static Path socket(Path home) {
		return SocketBinding.socket(home);
	}

	/** Serves {@code engine} until {@link #close}: what the workbench calls. */
	public static EngineServer start(Path home, Engine engine) throws IOException {
		return start(home, engine, Options.hosted());
	}

	/**
	 * Serves {@code engine} on {@code <home>/engine.sock}. A socket file nobody answers on (a server that died) is
	 * replaced; one that answers is {@link AlreadyRunning}. Two processes starting at once agree through a lock
	 * file beside the socket.
	 */
	public static EngineServer start(Path home, Engine engine, Options options) throws IOException {
		return start(home, engine, options, Peers.CREDENTIALS, Deadlines.Limits.DEFAULT);
	}

	static EngineServer start(Path home, Engine engine, Options options, Peers peers) throws IOException {
		return start(home, engine, options, peers, Deadlines.Limits.DEFAULT);
	}

	/**
	 * As {@link #start(Path, Engine, Options)}, each connection's user told by {@code peers} (a test's fake). The
	 * socket is 0600 in a 0700 state folder; a connection from another user is refused (said in the log); where the
	 * platform can't tell a peer's user, a socket whose folder others may enter is not served at all. Each
	 * connection is held to {@code limits} (see {@link Deadlines}).
	 */
	static EngineServer start(Path home, Engine engine, Options options, Peers peers, Deadlines.Limits limits)
			throws IOException {
		Path socket = socket(home);
		try {
			StateFolder.ensure(home);
		} catch (io.lakestudio.catalog.CatalogException e) {
			throw new IOException(e.getMessage(), e);
		}
		if (peers == Peers.CREDENTIALS && !Peers.supported() && !SocketFolder.isPrivate(socket.getParent())) {
			throw new IOException("refusing to serve the engine on " + socket + ": this platform can't tell who"
					+ " connects, and others may enter " + socket.getParent());
		}
		SocketBinding.Bound bound = SocketBinding.bind(socket);
		EngineServer s = new EngineServer(socket, engine, options, bound, peers, new EventLog(home), limits);
		Thread.ofPlatform().daemon().name("engine-server-accept").start(s::accept);
		if (options.idle() != null) {
			Thread.ofPlatform().daemon().name("engine-server-idle").start(s::watchIdle);
		}
		return s;
	}

	public Path socket() {
		return socket;
	}

	public Engine engine() {
		return engine;
	}

	/** Waits until the server closed (after idling, a stop request, or {@link #close}). */
	public void awaitClosed() throws InterruptedException {
		closed.await();
	}

	/** Whether it stopped serving (its socket gone); an idle server's {@code onIdle} runs after this. */
	public boolean isClosed() {
		return stopped;
	}

	private void accept() {
		while (!closing) {
			try {
				SocketChannel c = bound.channel().accept();
				Thread.ofVirtual().name("engine-server-conn").start(() -> serve(c));
			} catch (IOException e) {
				if (!closing) {
					close();
				}
				return;
			}
		}
	}

	private void watchIdle() {
		long idleNanos = options.idle().toNanos();
		long tick = Math.max(20, Math.min(1000, options.idle().toMillis() / 4));
		while (!closing) {
			try {
				Thread.sleep(tick);
			} catch (InterruptedException e) {
				return;
			}
			if (inFlight.get() == 0 && System.nanoTime() - lastActivity > idleNanos) {
				stopServing();
				try {
					options.onIdle().run();
				} finally {
					closed.countDown(); // after: whoever waits (a process about to exit) lets it finish
				}
				return;
			}
		}
	}

	private void serve(SocketChannel c) {
		int open = connections.incrementAndGet();
		try (c) {
			// refusals go out unbuffered: a buffer is only for a request that is served
			OutputStream raw = deadlines.guarded(c, Channels.newOutputStream(c), limits.writeTimeout(), () -> cut(c));
			OutputStream out = raw;
			if (open > limits.maxConnections()) {
				Wire.refuse(out, "refused: " + limits.maxConnections() + " connections are open already");
				return;
			}
			UserPrincipal peer = peers.of(c);
			if (peer != null && !peer.equals(owner)) {
				log.log("engine", "refused a connection from " + peer.getName() + " on " + socket);
				Wire.refuse(out, "refused: this engine serves " + owner.getName() + " only, and the connection is "
						+ peer.getName() + "'s");
				return;
			}
			java.util.concurrent.atomic.AtomicBoolean timedOut = new java.util.concurrent.atomic.AtomicBoolean();
			deadlines.arm(c, limits.requestTimeout(), () -> {
				timedOut.set(true);
				try {
					c.shutdownInput(); // the read below ends; the answer still goes out
				} catch (IOException e) {
					// gone already
				}
			});
			String line;
			try {
				line = Deadlines.requestLine(Channels.newInputStream(c), limits.maxRequestBytes());
			} catch (Deadlines.TooLong e) {
				Wire.refuse(out, e.getMessage());
				return;
			} finally {
				deadlines.disarm(c);
			}
			if (line == null) {
				if (timedOut.get()) {
					Wire.refuse(out, "refused: no request within " + limits.requestTimeout().toSeconds() + " s");
				}
				return;
			}
			Map<String, Object> req;
			try {
				req = EngineClient.parseObject(line);
			} catch (IOException | RuntimeException e) {
				Wire.refuse(out, "refused: the request is not a JSON object (" + e.getMessage().lines().findFirst()
						.orElse("") + ")");
				return;
			}
			out = new java.io.BufferedOutputStream(raw, 1 << 16);
			String op = String.valueOf(req.get("op"));
			switch (op) {
			case "run" -> {
				inFlight.incrementAndGet();
				lastActivity = System.nanoTime();
				try {
					ResultStream.run(engine, req, out);
				} finally {
					lastActivity = System.nanoTime();
					inFlight.decrementAndGet();
				}
			}
			case "cancel" -> {
				lastActivity = System.nanoTime();
				engine.cancel();
				Wire.send(out, g -> g.writeBooleanField("ok", true));
			}
			case "active" -> {
				Object w = req.get("withinMs");
				long within = w instanceof EngineClient.Num num ? num.asLong() : 120_000L;
				Instant last = engine.lastStatementAt().orElse(null);
				Instant now = options.clock().instant();
				Wire.send(out, g -> {
					g.writeBooleanField("active", last != null && !last.plusMillis(within).isBefore(now));
					if (last == null) {
						g.writeNullField("last");
					} else {
						g.writeNumberField("last", last.toEpochMilli());
					}
				});
			}
			case "ping" -> Wire.send(out, g -> {
				g.writeNumberField("pid", ProcessHandle.current().pid());
				g.writeBooleanField("started", engine.started());
				g.writeStringField("identity", options.identity());
				g.writeBooleanField("hosted", options.idle() == null);
			});
			case "stop" -> {
				Wire.send(out, g -> g.writeBooleanField("ok", true));
				out.flush();
				close();
			}
			default -> Wire.refuse(out, "refused: unknown request '" + op + "' (run, cancel, active, ping or stop)");
			}
			out.flush();
		} catch (IOException | RuntimeException e) {
			// the client went away, or was cut off: nothing to answer
		} finally {
			connections.decrementAndGet();
		}
	}

	/** A client that stopped reading its result: closing the channel ends the blocked write and the statement. */
	private void cut(SocketChannel c) {
		log.log("engine", "a client stopped reading its result for " + limits.writeTimeout().toSeconds()
				+ " s: cut off, the engine takes the next statement");
		try {
			c.close();
		} catch (IOException e) {
			// closed anyway
		}
	}

	/**
	 * A cell as typed JSON, the same for the socket's answers and the command line's {@code --json} in-process:
	 * numbers and booleans as such, anything else as the engine's text of it.
	 */
	public static void writeValue(JsonGenerator g, Result r, int c) throws IOException, EngineException {
		ResultStream.writeValue(g, r, c);
	}

	/**
	 * Stops serving and removes the socket file; the engine stays open (its owner closes it). The file goes only
	 * if it is still the one this server bound, checked under the lock {@link #start} binds under: a client that
	 * saw this server stop may already have started the next one at the same path.
	 */
	@Override
	public void close() {
		stopServing();
		closed.countDown();
	}

	private void stopServing() {
		if (closing) {
			return;
		}
		closing = true;
		deadlines.close();
		SocketBinding.release(socket, bound);
		stopped = true;
	}
}