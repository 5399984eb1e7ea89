package io.lakestudio.moraine.ducklake;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;
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
 * store, writes DuckLake's global metadata keys as options. Read-only follows the head; with a checkpoint it is
 * pinned to that cut and sends no write at all. SNAPSHOT_VERSION / SNAPSHOT_TIME pin a snapshot, read-only.
 */
public final class MoraineCatalogs {

	public static final String PREFIX = "ducklake:moraine:";
	/** The DuckLake version the metadata keys say (the engine writes DuckLake 1.0's rows). */
	static final String VERSION = "1.0";

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
			if (catalog instanceof Catalog w && !meta.containsKey("version")) {
				// a new store: DuckLake's global keys, as a new SQLite catalog has them
				w.setOption(OptionScope.GLOBAL, "version", VERSION);
				w.setOption(OptionScope.GLOBAL, "created_by", o.createdBy());
				w.setOption(OptionScope.GLOBAL, "data_path", dataPath);
				w.setOption(OptionScope.GLOBAL, "encrypted", "false");
			} else if (meta.containsKey("version") && !VERSION.equals(meta.get("version"))) {
				throw new DuckLakeException(url + ": DuckLake catalog version " + meta.get("version")
						+ " is not the one this Lakestudio writes (" + VERSION + ")");
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

	private static String folder(String p) {
		return p.endsWith("/") ? p : p + "/";
	}
}
