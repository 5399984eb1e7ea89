package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.DuckDb;

/**
 * The DuckLake kind's own DuckDB, locked down as the engine's but also allowed the attached data paths and the
 * staging folder, and what lives on that connection only: views of committed snapshots, the session's temp
 * tables, queries as rewritten. Restarted when an ATTACH adds a folder, which loses nothing a statement needs:
 * views are made anew and a transaction lives in Java.
 */
final class KindDuckDb implements AutoCloseable {

	private final EngineConfig config;
	private final Path staging;
	private final FileAccess files;
	private Connection duck;
	/** {@link #duck} as statements see it: cancellable from another thread. */
	private volatile Interruptible watched;
	private List<Path> allowed = List.of();
	/** DuckDB's threads: the engine's, or fewer after {@code SET threads}. */
	private int threads;
	/** Views made on this connection for committed snapshots, by catalog/table/snapshot. */
	final Map<String, String> defined = new HashMap<>();
	/** Temp tables and views the session made on this DuckDB. */
	final Set<String> temps = new HashSet<>();
	/** Queries as rewritten over those views, by {@link Reads#key}. */
	final Map<String, String> rewrites = new HashMap<>();

	KindDuckDb(EngineConfig config) {
		this.config = config;
		this.staging = config.home().resolve("ducklake").resolve("staging");
		this.threads = config.threads();
		this.files = new FileAccess(config.fileAccess(), config.home());
	}

	/** The folders the user granted for plain file access. */
	FileAccess files() {
		return files;
	}

	EngineConfig config() {
		return config;
	}

	Connection connection() throws EngineException {
		if (duck == null) {
			try {
				List<Path> dirs = new ArrayList<>(allowed);
				dirs.add(staging());
				dirs.addAll(files.folders()); // the user's grant: the guard checks each path against it first
				duck = DuckDb.open(config.withThreads(threads), dirs);
				Buckets.register(duck); // the bucket partition transform's hash, which DuckDB lacks
				watched = new Interruptible(duck);
				defined.clear();
				temps.clear();
				rewrites.clear();
			} catch (SQLException | IOException e) {
				throw new EngineException(Kind.FAILED, "cannot start DuckDB: " + e.getMessage(), e);
			}
		}
		return watched.connection();
	}

	/** A user statement begins: an earlier cancel isn't carried into it. */
	void begin() {
		Interruptible w = watched;
		if (w != null) {
			w.begin();
		}
	}

	/** Stops the DuckDB statement running now, or the next to start (from any thread). */
	void cancel() {
		Interruptible w = watched;
		if (w != null) {
			w.cancel();
		}
	}

	/** Allows a data path (made if missing): the DuckDB restarts on next use if it wasn't allowed yet. */
	void allow(Path dataPath) throws EngineException {
		List<Path> more = new ArrayList<>(allowed);
		Path p = dataPath.toAbsolutePath().normalize();
		try {
			Files.createDirectories(p);
		} catch (IOException e) {
			throw new EngineException(Kind.FAILED, "cannot make the data path " + p + ": " + e.getMessage(), e);
		}
		if (more.contains(p)) {
			return;
		}
		more.add(p);
		allowed = List.copyOf(more);
		close();
		defined.clear();
		rewrites.clear();
	}

	/**
	 * Sets DuckDB's threads. The configuration is locked once DuckDB starts, so it restarts with them; refused
	 * while the session has temp tables there, which a restart would lose.
	 */
	void threads(int n) throws EngineException {
		if (n == threads) {
			return;
		}
		if (duck != null && !temps.isEmpty()) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: SET threads restarts the DuckLake session's"
					+ " DuckDB, which would lose its temp tables " + temps + ": set it before making them");
		}
		threads = n;
		close();
	}

	Path staging() throws EngineException {
		if (Files.isDirectory(staging)) {
			return staging; // asked before every statement: one stat, where createDirectories throws and catches
		}
		try {
			return Files.createDirectories(staging);
		} catch (IOException e) {
			throw new EngineException(Kind.FAILED, "cannot make " + staging + ": " + e.getMessage(), e);
		}
	}

	@Override
	public void close() {
		if (duck != null) {
			try {
				duck.close();
			} catch (SQLException e) {
				// closing; a new one is opened on next use
			}
			duck = null;
			watched = null;
		}
	}
}
