package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Retries;
import io.lakestudio.ducklake.Snapshot;

/**
 * A DuckLake catalog attached to a session under a name, and the transaction open on it, if any: the commit it
 * builds (begun on the snapshot the transaction first saw) and the data files it already placed, which a
 * rollback removes.
 */
final class Attached {

	final String name;
	final DuckLakeCatalog catalog;
	/** The name its own tables go by in statements: {@code __ducklake_metadata_<name>}, or METADATA_CATALOG. */
	final String metadataName;
	/** The attach's DATA_INLINING_ROW_LIMIT, if it gave one. */
	Long inliningRowLimit;
	/** The attach's WRITE_DELETION_VECTORS: DELETE writes deletion vectors unless an option says otherwise. */
	boolean writeDeletionVectors;
	/** An FDL version's data files, each checked against its catalog's hash before DuckDB first reads it; else null. */
	io.lakestudio.fdl.CheckedFiles fdlFiles;
	private Commit pending;
	private boolean apart;
	private final List<Path> placed = new ArrayList<>();
	/** The catalog at the snapshot last read: a committed snapshot's rows never change. */
	private CatalogAt seen;
	/** The latest snapshot as the statement now running saw it ({@link #snapshot}), if it read it yet. */
	private Snapshot latest;
	private boolean latestRead;
	private final LastCommits.Held database;

	Attached(String name, DuckLakeCatalog catalog, String metadataName) {
		this.name = name;
		this.catalog = catalog;
		this.metadataName = metadataName;
		this.database = LastCommits.attached(catalog.store().location(), this);
	}

	/** Ends the attachment: its open transaction rolled back, the catalog closed. */
	void close() {
		rollback();
		catalog.close();
		LastCommits.detached(catalog.store().location(), database, this);
	}

	/** What a commit on this attachment made: the session's last committed snapshot from now on. */
	Snapshot committed(Snapshot s) {
		latestRead = false; // the statement's next read sees what it committed
		LastCommits.committed(database, s.id());
		return s;
	}

	/** The last snapshot committed to this catalog in this process since it was attached, if any. */
	java.util.OptionalLong lastCommitted() {
		return LastCommits.last(database);
	}

	/** The snapshot reads see: pinned, the open transaction's, or the latest (read once per statement). */
	Snapshot snapshot() throws DuckLakeException {
		if (pending != null) {
			return pending.base();
		}
		if (!latestRead) {
			latest = catalog.current(latest);
			latestRead = true;
		}
		return latest;
	}

	/**
	 * A statement begins: its first read asks the catalog again whether another session or process committed
	 * since (one cheap read of the latest snapshot id), and every read of the statement sees that one snapshot.
	 */
	void statementBegins() {
		latestRead = false;
	}

	/** The open transaction's commit, begun now if none is open. */
	Commit pending() throws DuckLakeException {
		if (pending == null) {
			pending = new Commit(catalog.current());
		}
		return pending;
	}

	Commit pendingOrNull() {
		return pending;
	}

	/**
	 * Sets the open transaction's commit aside (a checkpoint runs as on a connection of its own); its placed files
	 * stay its own. Give it back with {@link #resume}.
	 */
	Commit setAside() {
		Commit c = pending;
		pending = null;
		latestRead = false;
		apart = true;
		return c;
	}

	void resume(Commit c) {
		pending = c;
		latestRead = false;
		apart = false;
	}

	/** Whether the session's open transaction is set aside now ({@link #setAside}): what runs commits on its own. */
	boolean apart() {
		return apart;
	}

	/** Whether the open transaction placed this file (no committed row names it yet; orphan removal spares it). */
	boolean placedHere(Path file) {
		Path f = file.toAbsolutePath().normalize();
		return placed.stream().anyMatch(p -> p.toAbsolutePath().normalize().equals(f));
	}

	/** The catalog as the session sees it now (its own changes included). */
	CatalogAt view() throws DuckLakeException {
		Snapshot s = snapshot();
		CatalogAt base = seen != null && seen.snapshot().id() == s.id() ? seen : catalog.store().at(s);
		seen = base;
		return pending == null ? base : pending.applyTo(base);
	}

	void placed(Path file) {
		placed.add(file);
	}

	/** Deletes a file the open transaction placed and now names no more (replaced by a later delete, or dropped). */
	void discard(String file) {
		Path p = Path.of(file);
		if (placed.remove(p)) {
			try {
				Files.deleteIfExists(p);
			} catch (IOException e) {
				// an orphan file at most
			}
		}
	}

	/** How many files the open transaction placed so far. */
	int placedCount() {
		return placed.size();
	}

	/** Forgets the files placed since {@code mark}: a commit of their own (a flush) now names them. */
	void keepPlaced(int mark) {
		placed.subList(Math.min(mark, placed.size()), placed.size()).clear();
	}

	/** Removes the files placed since {@code mark}: what they were written for failed, no row names them. */
	void removePlaced(int mark) {
		List<Path> gone = placed.subList(Math.min(mark, placed.size()), placed.size());
		for (Path p : gone) {
			try {
				Files.deleteIfExists(p);
			} catch (IOException e) {
				// an orphan file at most
			}
		}
		gone.clear();
	}

	/**
	 * Commits the open transaction, if it changed anything; then there is none. Its author and message are what
	 * {@code set_commit_message} said, else none (as the extension leaves them); a race lost to another writer is
	 * tried again as {@code retries} says.
	 */
	Snapshot commit(Retries retries) throws DuckLakeException {
		Commit c = pending;
		if (c == null || c.isEmpty()) {
			rollback();
			return null;
		}
		try {
			Inlining.tablesFor(this, c, view());
			ColumnStatsCommit.collect(catalog.store(), c, view());
			Snapshot s = committed(catalog.store().commit(c.retries(retries)));
			pending = null;
			placed.clear();
			return s;
		} catch (DuckLakeException e) {
			rollback();
			throw e;
		}
	}

	/** Forgets the open transaction and removes the files it placed (no catalog row names them). */
	void rollback() {
		pending = null;
		for (Path p : placed) {
			try {
				Files.deleteIfExists(p);
			} catch (IOException e) {
				// an orphan file at most
			}
		}
		placed.clear();
	}
}
