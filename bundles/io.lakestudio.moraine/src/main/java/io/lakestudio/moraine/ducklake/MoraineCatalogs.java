package io.lakestudio.moraine.ducklake;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.SpecTableColumns;
import io.lakestudio.moraine.Catalog;
import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.OptionScope;
import io.lakestudio.moraine.ReadOnlyCatalog;
import io.lakestudio.store.ObjectStore;

/**
 * Opening a moraine store as a DuckLake catalog ({@code ducklake:moraine:<store>}). Read-write takes the store's
 * writer lease (a second writer process is refused with the lease's message while the first is alive; attachments
 * in this process share its one writer, {@link Writers}) and, on a new
 * store, writes DuckLake's global metadata keys as options, at DUCKLAKE_VERSION or the session's
 * ducklake_default_version (1.0 or 1.1-dev1; neither: 1.0); AUTOMATIC_MIGRATION moves a 1.0 store to 1.1. Read-only follows the head; with a checkpoint it is
 * pinned to that cut and sends no write at all. SNAPSHOT_VERSION / SNAPSHOT_TIME pin a snapshot, read-only.
 */
public final class MoraineCatalogs {

	public static final String PREFIX = "ducklake:moraine:";
	/** The DuckLake versions a moraine catalog may be at, oldest first (the SQL stores' own). */
	static final java.util.List<String> VERSIONS = java.util.List.of(SpecTableColumns.V1_0, SpecTableColumns.V1_1);

	private MoraineCatalogs() {
	}

	/**
	 * @param objects        the object store holding the moraine store (a folder, OneLake)
	 * @param checkpoint     META_CHECKPOINT, or null
	 * @param defaultData    where a new catalog's data goes when no DATA_PATH is given (null: DATA_PATH needed)
	 */
	public static DuckLakeCatalog open(String url, ObjectStore objects, AttachOptions o, String checkpoint,
			String defaultData) throws DuckLakeException {
		boolean pinned = o.snapshotVersion() != null || o.snapshotTime() != null;
		boolean readOnly = o.readOnly() || checkpoint != null || pinned;
		CatalogOptions options = CatalogOptions.defaults();
		ReadOnlyCatalog catalog;
		String key = objects.describe();
		try {
			catalog = readOnly ? ReadOnlyCatalog.openReadOnly(objects, checkpoint == null ? options
					: options.withCheckpoint(checkpoint)) : Writers.acquire(key, () -> Catalog.open(objects, options));
		} catch (MoraineException e) {
			throw new DuckLakeException(url + ": " + (readOnly && e.kind() == MoraineException.Kind.STORE
					? "no moraine catalog there to attach read-only (" + e.getMessage() + ")" : e.getMessage()), e);
		}
		boolean ok = false;
		ReadOnlyCatalog opened = catalog;
		Runnable release = readOnly ? opened::close : () -> Writers.release(key);
		try {
			MoraineStore store = new MoraineStore(url, catalog, release);
			Map<String, String> meta = store.metadata();
			String dataPath = o.dataPath() != null ? o.dataPath() : meta.get("data_path");
			if (dataPath == null) {
				dataPath = defaultData;
			}
			if (dataPath == null) {
				throw new DuckLakeException(url + ": no data path: give DATA_PATH '<folder>' (where the Parquet files go)");
			}
			dataPath = folder(dataPath);
			if (!dataPath.startsWith("/") && !dataPath.matches("^[a-z0-9]+://.*")) {
				dataPath = folder(Path.of(dataPath).toAbsolutePath().normalize().toString());
			}
			String want = wanted(url, o);
			if (catalog instanceof Catalog w && !meta.containsKey("version")) {
				// a new store: DuckLake's global keys, as a new SQLite catalog has them
				w.setOption(OptionScope.GLOBAL, "version", want);
				w.setOption(OptionScope.GLOBAL, "created_by", o.createdBy());
				w.setOption(OptionScope.GLOBAL, "data_path", dataPath);
				w.setOption(OptionScope.GLOBAL, "encrypted", "false");
			} else if (meta.containsKey("version")) {
				String target = target(url, meta.get("version"), want, o);
				if (!target.equals(meta.get("version"))) {
					migrate(url, catalog, target);
				}
			}
			Optional<Snapshot> at = Optional.empty();
			if (o.snapshotVersion() != null) {
				at = Optional.of(store.snapshot(o.snapshotVersion()).orElseThrow(() -> new DuckLakeException(url
						+ ": no snapshot " + o.snapshotVersion() + " in the catalog")));
			} else if (o.snapshotTime() != null) {
				at = Optional.of(store.snapshotAt(o.snapshotTime()).orElseThrow(() -> new DuckLakeException(url
						+ ": no snapshot at or before " + o.snapshotTime())));
			}
			ok = true;
			return new DuckLakeCatalog(url, store, dataPath, readOnly, at);
		} catch (MoraineException e) {
			throw new DuckLakeException(url + ": " + e.getMessage(), e);
		} finally {
			if (!ok) {
				release.run();
			}
		}
	}

	/** DUCKLAKE_VERSION, else the session's ducklake_default_version, else 1.0: what a new catalog is. */
	private static String wanted(String url, AttachOptions o) throws DuckLakeException {
		String want = o.version() != null ? o.version() : o.defaultVersion() != null ? o.defaultVersion()
				: SpecTableColumns.V1_0;
		if (!VERSIONS.contains(want)) {
			throw new DuckLakeException(url + ": a moraine store holds a DuckLake " + String.join(" or ", VERSIONS)
					+ " catalog, not " + want + (o.version() != null ? " (DUCKLAKE_VERSION)" : ""));
		}
		return want;
	}

	/**
	 * The version an existing catalog is attached at, by the SQL stores' rules: its own, unless AUTOMATIC_MIGRATION
	 * moves an older one forward; DUCKLAKE_VERSION must name it (or, migrating, not be older than it).
	 */
	private static String target(String url, String stored, String want, AttachOptions o) throws DuckLakeException {
		if (!VERSIONS.contains(stored)) {
			throw new DuckLakeException(url + ": DuckLake catalog version " + stored + " is not one this Lakestudio"
					+ " reads (" + String.join(", ", VERSIONS) + ")");
		}
		boolean newer = VERSIONS.indexOf(stored) > VERSIONS.indexOf(want);
		if (newer && o.version() != null) {
			throw new DuckLakeException(url + ": Cannot downgrade the DuckLake " + stored + " catalog to " + want
					+ " (DUCKLAKE_VERSION)");
		}
		if (!o.automaticMigration()) {
			if (o.version() != null && !stored.equals(want)) {
				throw new DuckLakeException(url + ": the catalog is DuckLake " + stored + ", not " + want
						+ "; attach with AUTOMATIC_MIGRATION TRUE to migrate it");
			}
			return stored;
		}
		return newer ? stored : want;
	}

	/**
	 * 1.0 to 1.1: what 1.1 adds are columns at the end of rows, which a row stored before reads as NULL (as the
	 * extension's ALTER TABLE ADD COLUMN leaves them), and families with no rows yet, so no row is rewritten and
	 * moraine's layout stays; the version key moves in one write, outside the snapshot protocol, as an option does.
	 */
	private static void migrate(String url, ReadOnlyCatalog catalog, String target) throws DuckLakeException {
		if (!(catalog instanceof Catalog w)) {
			throw new DuckLakeException(url + ": cannot migrate the DuckLake catalog to " + target
					+ " attached read-only; attach it read-write with AUTOMATIC_MIGRATION TRUE");
		}
		w.setOption(OptionScope.GLOBAL, "version", target);
	}

	private static String folder(String p) {
		return p.endsWith("/") ? p : p + "/";
	}
}
