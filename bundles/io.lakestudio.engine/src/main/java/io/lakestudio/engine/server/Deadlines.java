package io.lakestudio.engine.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What bounds a connection on the engine's socket, so that no client can hold the server: a request line longer
 * than {@code maxRequestBytes} is refused unread; a client that sends no request within {@code requestTimeout} is
 * told so; a client that stops reading a result for {@code writeTimeout} is cut off (its statement ends, and the
 * engine with it is free for the next); past {@code maxConnections} at once a connection is refused. One thread
 * watches every connection's deadline.
 */
final class Deadlines implements AutoCloseable {

	record Limits(int maxRequestBytes, Duration requestTimeout, Duration writeTimeout, int maxConnections) {

		/** A statement of a few megabytes is a big one; a client is a process on this machine, answering at once. */
		static final Limits DEFAULT = new Limits(8 << 20, Duration.ofSeconds(10), Duration.ofSeconds(30), 4096);
	}

	/** A request line longer than the limit. */
	static final class TooLong extends IOException {
		private static final long serialVersionUID = 1L;

		TooLong(int max) {
			super("refused: a request longer than " + (max >> 20) + " MB");
		}
	}

	private final Map<SocketChannel, Due> due = new ConcurrentHashMap<>();
	private final long tickMs;
	private volatile boolean closed;

	private record Due(long atNanos, Runnable action) {
	}

	Deadlines(Limits limits) {
		long shortest = Math.min(limits.requestTimeout().toMillis(), limits.writeTimeout().toMillis());
		this.tickMs = Math.max(10, Math.min(250, shortest / 4));
		Thread.ofPlatform().daemon().name("engine-server-deadlines").start(this::watch);
	}

	/** Runs {@code action} (once) unless {@link #disarm} comes within {@code d}. */
	void arm(SocketChannel c, Duration d, Runnable action) {
		due.put(c, new Due(System.nanoTime() + d.toNanos(), action));
	}

	void disarm(SocketChannel c) {
		due.remove(c);
	}

	private void watch() {
		while (!closed) {
			try {
				Thread.sleep(tickMs);
			} catch (InterruptedException e) {
				return;
			}
			long now = System.nanoTime();
			for (Map.Entry<SocketChannel, Due> e : due.entrySet()) {
				if (now - e.getValue().atNanos() > 0 && due.remove(e.getKey(), e.getValue())) {
					try {
						e.getValue().action().run();
					} catch (RuntimeException x) {
						// the connection went meanwhile
					}
				}
			}
		}
	}

	/** The request line, without its newline, read a byte at a time up to the limit (nothing past it is read). */
	static String requestLine(InputStream in, int max) throws IOException {
		java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
		byte[] buf = new byte[8192];
		while (true) {
			int n = in.read(buf, 0, buf.length);
			if (n < 0) {
				return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
			}
			for (int i = 0; i < n; i++) {
				if (buf[i] == '\n') {
					line.write(buf, 0, i);
					return line.toString(StandardCharsets.UTF_8);
				}
			}
			if (line.size() + n > max) {
				throw new TooLong(max);
			}
			line.write(buf, 0, n);
		}
	}

	/** Writes under a deadline: a write that blocks past {@code d} (the client stopped reading) runs {@code cut}. */
	OutputStream guarded(SocketChannel c, OutputStream out, Duration d, Runnable cut) {
		return new OutputStream() {
			@Override
			public void write(int b) throws IOException {
				write(new byte[] { (byte) b }, 0, 1);
			}

			@Override
			public void write(byte[] b, int off, int len) throws IOException {
				arm(c, d, cut);
				try {
					out.write(b, off, len);
				} finally {
					disarm(c);
				}
			}

			@Override
			public void flush() throws IOException {
				out.flush();
			}
		};
	}

	@Override
	public void close() {
		closed = true;
	}
}
