package io.lakestudio.engine.internal.ducklake;

import java.nio.file.Files;
import java.nio.file.Path;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.moraine.ducklake.MoraineCatalogs;
import io.lakestudio.onelake.fabric.DfsStore;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/**
 * {@code ducklake:moraine:<store>}: a moraine store as the DuckLake catalog, the store a folder or an
 * {@code abfss://} OneLake folder (through the engine's OneLake account). A folder store's data goes beside it
 * ({@code <folder>.files/}) unless DATA_PATH says otherwise; a OneLake store needs DATA_PATH.
 */
public final class MoraineAttach {

	static final String PREFIX = MoraineCatalogs.PREFIX;

	private MoraineAttach() {
	}

	public static DuckLakeCatalog open(String url, AttachOptions o, String checkpoint, LakeStore lake)
			throws DuckLakeException {
		String location = url.substring(PREFIX.length());
		if (location.isEmpty()) {
			throw new DuckLakeException(url + ": no store (ducklake:moraine:<folder> or ducklake:moraine:abfss://...)");
		}
		ObjectStore objects;
		String defaultData = null;
		boolean readOnly = o.readOnly() || checkpoint != null || o.snapshotVersion() != null
				|| o.snapshotTime() != null;
		if (location.startsWith("abfss://")) {
			if (!(lake instanceof DfsStore dfs)) {
				throw new DuckLakeException(url + ": a OneLake store needs a OneLake account (lakestudio login)");
			}
			objects = dfs.objects(location);
		} else if (location.matches("^[a-z0-9]+://.*")) {
			throw new DuckLakeException(url + ": a moraine store is a folder or an abfss:// OneLake folder");
		} else {
			Path folder = Path.of(location).toAbsolutePath().normalize();
			if (readOnly && !Files.isDirectory(folder)) {
				throw new DuckLakeException(url + ": no moraine catalog there to attach read-only (" + folder
						+ " is no folder)");
			}
			try {
				objects = new FolderStore(folder);
			} catch (StoreException e) {
				throw new DuckLakeException(url + ": cannot open the store: " + e.getMessage(), e);
			}
			defaultData = folder + ".files/";
		}
		return MoraineCatalogs.open(url, objects, o, checkpoint, defaultData);
	}
}
