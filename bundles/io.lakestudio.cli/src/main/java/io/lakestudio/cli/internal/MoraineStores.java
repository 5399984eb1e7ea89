package io.lakestudio.cli.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.cli.Lakestudio;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/**
 * Where the moraine commands find a store: a local folder, or an {@code abfss://} OneLake folder through the
 * signed-in account's lake (the object store {@code DfsStore.objects} builds, as every OneLake store is). A store
 * must hold a moraine catalog already: an operator's command never bootstraps a new one where a path was mistyped.
 */
final class MoraineStores {

	private MoraineStores() {
	}

	static ObjectStore open(Path home, String location) {
		ObjectStore objects;
		if (location.startsWith("abfss://")) {
			Settings settings = Settings.load(home);
			EventLog log = new EventLog(home);
			objects = Lakes.oneLake(settings, line -> log.log("lake", line)).store().objects(location);
		} else if (location.contains("://")) {
			throw new Die(2, location + ": a moraine store is a folder or an abfss:// OneLake path");
		} else {
			Path folder = Path.of(location).toAbsolutePath().normalize();
			if (!Files.isDirectory(folder))
				throw new Die(1, "no moraine store at " + folder + ": no such folder");
			try {
				objects = new FolderStore(folder);
			} catch (StoreException e) {
				throw new Die(Lakestudio.FAILED, folder + ": " + e.getMessage());
			}
		}
		try {
			if (objects.list("manifest/").isEmpty())
				throw new Die(1, "no moraine store at " + location + ": it holds no manifest");
		} catch (StoreException e) {
			if (e.kind() == StoreException.Kind.NOT_FOUND)
				throw new Die(1, "no moraine store at " + location + ": no such folder");
			throw new Die(Lakestudio.FAILED, location + ": " + e.getMessage());
		}
		return objects;
	}
}
