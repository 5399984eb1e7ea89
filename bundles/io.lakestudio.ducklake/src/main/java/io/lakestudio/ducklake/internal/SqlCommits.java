package io.lakestudio.ducklake.internal;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.Conflicts;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;

/**
 * How a {@link SqlStore} commits: one commit is one transaction that reads the latest snapshot, rebases on it by
 * {@link Conflicts} and writes its rows ({@link CommitWriter}), tried again after a race lost to another writer, as
 * the commit's retry settings say.
 */
final class SqlCommits {

	/** One lock per catalog file of this process. */
	private static final Map<String, Object> WRITERS = new ConcurrentHashMap<>();

	private final SqlStore store;
	private final String file;
	private final Connection db;
	private final boolean sqlite;

	SqlCommits(SqlStore store, String file, Connection db, boolean sqlite) {
		this.store = store;
		this.file = file;
		this.db = db;
		this.sqlite = sqlite;
	}

	Snapshot commit(Commit c) throws DuckLakeException {
		// the sessions of one process commit to one file in turn: on a DuckDB file their optimistic transactions
		// would otherwise both build on one snapshot, and with many of them the retries could run out
		synchronized (WRITERS.computeIfAbsent(Path.of(file).toAbsolutePath().normalize().toString(),
				k -> new Object())) {
			return commitRetried(c);
		}
	}

	private Snapshot commitRetried(Commit c) throws DuckLakeException {
		for (int retry = 1;; retry++) {
			try {
				return commitOnce(c);
			} catch (SQLException e) {
				if (!lostRace(e) || retry > c.retries().max()) {
					throw failed(e, retry - 1);
				}
				try {
					Thread.sleep(c.retries().waitBefore(retry));
				} catch (InterruptedException i) {
					Thread.currentThread().interrupt();
					throw failed(e, retry - 1);
				}
			}
		}
	}

	/**
	 * One try: the latest snapshot read inside the write transaction, the conflict check against it, the rows. A
	 * DuckDB file's transactions are optimistic, so two sessions of one process can both read the same latest and
	 * the second's commit then fails on the snapshot's key; SQLite's lock can time out. Either is a lost race.
	 */
	private Snapshot commitOnce(Commit c) throws DuckLakeException, SQLException {
		try {
			begin();
			Snapshot latest = store.latest();
			long fileShift = Conflicts.rebase(store, c, latest);
			// the name mappings of the files it registers take the first file ids, as the extension's do
			io.lakestudio.ducklake.NameMaps maps = io.lakestudio.ducklake.NameMaps.plan(c, new SqlMaintenance(db)
					.columnMappings(), c.base().nextFileId() + fileShift);
			Snapshot made = new CommitWriter(db, c, latest, fileShift, maps, sqlite, store.version()).write();
			end();
			return made;
		} catch (DuckLakeException | SQLException e) {
			abort();
			throw e;
		} finally {
			if (sqlite) {
				try {
					db.setAutoCommit(true);
				} catch (SQLException e) {
					// the connection is gone; the next call says so
				}
			}
		}
	}

	/**
	 * SQLite: the write lock taken at once. DuckDB: the transaction begun and ended in SQL, not by the driver's
	 * auto-commit switch, whose idea of an open transaction goes wrong after DuckDB aborted a failed COMMIT.
	 */
	private void begin() throws SQLException {
		if (!sqlite) {
			try (Statement s = db.createStatement()) {
				s.execute("BEGIN TRANSACTION");
			}
			return;
		}
		db.setAutoCommit(false);
		try (Statement s = db.createStatement()) {
			s.execute("BEGIN IMMEDIATE"); // the write lock now: the latest snapshot can't move under us
		} catch (SQLException e) {
			// sqlite-jdbc began a deferred transaction already
			lock(db, true);
		}
	}

	/** Takes SQLite's write lock at once (a transaction is open): the latest snapshot can't move under us. */
	static void lock(Connection db, boolean sqlite) throws SQLException {
		if (sqlite) {
			try (Statement s = db.createStatement()) {
				s.execute("UPDATE ducklake_snapshot SET snapshot_id = snapshot_id WHERE false");
			}
		}
	}

	private void end() throws SQLException {
		if (sqlite) {
			db.commit();
		} else {
			try (Statement s = db.createStatement()) {
				s.execute("COMMIT");
			}
		}
	}

	private void abort() {
		try {
			if (sqlite) {
				db.rollback();
			} else {
				try (Statement s = db.createStatement()) {
					s.execute("ROLLBACK");
				}
			}
		} catch (SQLException e) {
			// nothing was written, or DuckDB ended the transaction itself when its COMMIT failed
		}
	}

	/** Another writer took the snapshot first (DuckDB's key or write-write conflict), or SQLite stayed busy. */
	private static boolean lostRace(SQLException e) {
		String m = String.valueOf(e.getMessage());
		return m.toLowerCase(Locale.ROOT).contains("duplicate key") || m.contains("write-write conflict")
				|| m.contains("Conflict on") || m.contains("SQLITE_BUSY") || m.contains("database is locked");
	}

	private DuckLakeException failed(SQLException e, int retries) {
		return new DuckLakeException(file + ": cannot commit" + (retries > 0 ? " (after " + retries + " retries)" : "")
				+ ": " + e.getMessage(), e);
	}
}
