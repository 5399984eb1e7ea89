package io.lakestudio.catalog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import io.lakestudio.catalog.internal.CatalogFile;

/**
 * Hears writes to the catalog file from any process: every period it reads {@code PRAGMA data_version} on a
 * connection of its own, which changes whenever another connection committed, and then compares each listing's
 * change sequence with what it saw before. Listeners get the listings that changed, on the watcher's thread.
 */
public final class CatalogWatcher implements AutoCloseable {

	public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(2);

	private final Path file;
	private final Duration period;
	private final List<Consumer<CatalogChange>> listeners = new CopyOnWriteArrayList<>();
	private final Thread thread;
	private volatile boolean closed;
	private Connection connection;
	private Object fileKey;
	/** Whether the connection holds the read transaction {@link #pin()} opened. */
	private boolean pinned;
	private long dataVersion = -1;
	private Map<String, Long> sequences = new HashMap<>();

	private CatalogWatcher(Path file, Duration period) {
		this.file = file;
		this.period = period;
		this.thread = new Thread(this::run, "Lakestudio catalog watcher");
		this.thread.setDaemon(true);
	}

	/**
	 * Starts watching. The first look only records the state later looks compare with: its read snapshot is taken
	 * before this returns, so every write after it is heard whatever the caller reads next, and its rows (one a
	 * listing: 50,000 and more at a large tenant) are read on the watcher's thread, not the caller's (the tree's
	 * UI thread, whose first draw shows a few dozen of them).
	 */
	public static CatalogWatcher start(Path file, Duration period, Consumer<CatalogChange> listener) {
		CatalogWatcher w = new CatalogWatcher(file, period);
		w.listeners.add(listener);
		w.pin();
		w.thread.start();
		return w;
	}

	/** Opens a read transaction and reads a page, which fixes its snapshot; the first look then reads under it. */
	private synchronized void pin() {
		try {
			reconnectIfReplaced();
			try (Statement s = connection.createStatement()) {
				s.execute("BEGIN");
				pinned = true;
				try (ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
					rs.next();
				}
			}
		} catch (SQLException | RuntimeException e) {
			closeConnection(); // no file yet, or busy: the thread's first look records the state itself
		}
	}

	/** Ends the first look's read transaction, so the next look sees the writes since. */
	private void unpin() throws SQLException {
		if (pinned) {
			pinned = false;
			try (Statement s = connection.createStatement()) {
				s.execute("COMMIT");
			}
		}
	}

	public void addListener(Consumer<CatalogChange> listener) {
		listeners.add(listener);
	}

	private void run() {
		for (boolean first = true; !closed; first = false) {
			try {
				Thread.sleep(first ? 0 : period.toMillis());
			} catch (InterruptedException e) {
				return;
			}
			CatalogChange change = poll();
			if (change != null) {
				for (Consumer<CatalogChange> l : listeners) {
					try {
						l.accept(change);
					} catch (RuntimeException e) {
						// one listener's failure must not stop the others or the watcher
					}
				}
			}
		}
	}

	/** One look at the file; returns what changed, or null. Synchronized with close. */
	synchronized CatalogChange poll() {
		if (closed) {
			return null;
		}
		try {
			boolean replaced = reconnectIfReplaced();
			long v;
			try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("PRAGMA data_version")) {
				v = rs.next() ? rs.getLong(1) : 0;
			}
			if (v == dataVersion && !replaced) {
				return null;
			}
			boolean first = dataVersion == -1 && !replaced;
			dataVersion = v;
			Map<String, Long> now = readSequences();
			Set<String> changed = new HashSet<>();
			for (Map.Entry<String, Long> e : now.entrySet()) {
				if (!Objects.equals(sequences.get(e.getKey()), e.getValue())) {
					changed.add(e.getKey());
				}
			}
			for (String gone : sequences.keySet()) {
				if (!now.containsKey(gone)) {
					changed.add(gone);
				}
			}
			sequences = now;
			unpin();
			if (first || (changed.isEmpty() && !replaced)) {
				return null;
			}
			return new CatalogChange(Set.copyOf(changed), replaced);
		} catch (SQLException | RuntimeException e) {
			closeConnection(); // try afresh next period, e.g. while the file is being set aside
			return null;
		}
	}

	private boolean reconnectIfReplaced() throws SQLException {
		Object key = null;
		try {
			key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
		} catch (java.io.IOException e) {
			// no file (yet): nothing to watch until the next look
			throw new SQLException("no catalog file " + file);
		}
		if (connection != null && Objects.equals(key, fileKey)) {
			return false;
		}
		boolean replaced = connection != null || fileKey != null;
		closeConnection();
		connection = CatalogFile.readConnection(file);
		fileKey = key;
		dataVersion = replaced ? -2 : -1;
		return replaced;
	}

	/**
	 * Every listing's change sequence. One text of them all (one JNI call, not three a row: 2-3 times faster at
	 * 50,000 listings), unless a listing's name holds a separator; then row by row.
	 */
	private Map<String, Long> readSequences() throws SQLException {
		Map<String, Long> out = new HashMap<>();
		try (Statement s = connection.createStatement();
				ResultSet rs = s.executeQuery("SELECT string_agg(listing || char(31) || change_seq, char(30)),"
						+ " max(instr(listing, char(30)) + instr(listing, char(31))) FROM sync_state")) {
			String text = rs.next() ? rs.getString(1) : null;
			if (text == null) {
				return out;
			}
			if (rs.getLong(2) == 0) {
				for (int at = 0; at < text.length();) {
					int end = text.indexOf(30, at);
					end = end < 0 ? text.length() : end;
					int sep = text.lastIndexOf(31, end);
					out.put(text.substring(at, sep), Long.parseLong(text, sep + 1, end, 10));
					at = end + 1;
				}
				return out;
			}
		}
		try (Statement s = connection.createStatement();
				ResultSet rs = s.executeQuery("SELECT listing, change_seq FROM sync_state")) {
			while (rs.next()) {
				out.put(rs.getString(1), rs.getLong(2));
			}
		}
		return out;
	}

	private void closeConnection() {
		pinned = false;
		if (connection != null) {
			try {
				connection.close();
			} catch (SQLException e) {
				// nothing to lose
			}
			connection = null;
		}
	}

	@Override
	public void close() {
		closed = true;
		thread.interrupt();
		synchronized (this) {
			closeConnection();
		}
	}
}
