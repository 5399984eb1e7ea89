package io.lakestudio.ducklake;

import java.nio.file.Path;
import java.util.Optional;

import io.lakestudio.ducklake.internal.SqlCatalogs;

/**
 * An attached DuckLake catalog: its metadata store, the data path its relative file paths start from (absolute,
 * ending in {@code /}) and, when pinned by SNAPSHOT_VERSION or SNAPSHOT_TIME, the snapshot it shows.
 */
public record DuckLakeCatalog(String url, MetadataStore store, String dataPath, boolean readOnly,
		Optional<Snapshot> pinned) implements AutoCloseable {

	/**
	 * Opens {@code url} ({@code ducklake:sqlite:<file>}; a new or empty file becomes a new catalog). A file that
	 * isn't DuckLake, is damaged or newer than this code, fails with one line naming it; a DuckLake 0.1-0.4 catalog
	 * fails with "DuckLake catalog version mismatch" unless {@code automaticMigration}.
	 */
	public static DuckLakeCatalog open(String url, AttachOptions o) throws DuckLakeException {
		return open(url, o, null);
	}

	/**
	 * As {@link #open(String, AttachOptions)}, and {@code ducklake:<file>} (the metadata in a DuckDB file, the
	 * extension's default) through {@code duckdb}; without it such a URL is refused.
	 */
	public static DuckLakeCatalog open(String url, AttachOptions o, DuckDbFiles duckdb) throws DuckLakeException {
		String rest = url.startsWith("ducklake:") ? url.substring("ducklake:".length()) : null;
		if (rest == null) {
			throw new DuckLakeException(url + ": not a DuckLake URL (ducklake:sqlite:<file>)");
		}
		if (rest.startsWith("sqlite:")) {
			return SqlCatalogs.open(url, Path.of(rest.substring("sqlite:".length())), o);
		}
		if (rest.matches("^[a-z_]+:.*") && !rest.matches("^[A-Za-z]:[\\\\/].*")) {
			throw new DuckLakeException(url + ": DuckLake on " + rest.substring(0, rest.indexOf(':'))
					+ " is not supported here; use ducklake:sqlite:<file>");
		}
		if (duckdb == null) {
			throw new DuckLakeException(url + ": DuckLake with its metadata in a DuckDB file needs the engine's DuckDB;"
					+ " use ducklake:sqlite:<file> here");
		}
		return SqlCatalogs.open(url, Path.of(rest), o, duckdb);
	}

	/** The snapshot a statement sees when it names no other: the pinned one, else the latest. */
	public Snapshot current() throws DuckLakeException {
		return pinned.isPresent() ? pinned.get() : store.latest();
	}

	/**
	 * As {@link #current}, but {@code last} itself (a snapshot read before, or null) when it is still the latest:
	 * a committed snapshot never changes, so one cheap read of the latest id tells whether anything was committed
	 * since.
	 */
	public Snapshot current(Snapshot last) throws DuckLakeException {
		if (pinned.isPresent()) {
			return pinned.get();
		}
		return last != null && store.latestId() == last.id() ? last : store.latest();
	}

	/** The absolute path of a file the catalog names relative to the data path. */
	public String resolve(SchemaEntry schema, TableEntry table, String path, boolean relative) {
		if (!relative) {
			return path;
		}
		return dataPath + (schema == null ? "" : schema.path()) + (table == null ? "" : table.path()) + path;
	}

	@Override
	public void close() {
		store.close();
	}
}
