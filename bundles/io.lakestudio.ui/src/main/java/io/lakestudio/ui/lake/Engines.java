package io.lakestudio.ui.lake;

import java.nio.file.Path;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.LoggedStore;
import io.lakestudio.onelake.local.LocalFolderStore;

/**
 * The workbench's one engine, made on first use (a statement or a Data tab), never on the way to the tree: DuckDB
 * loads only when a statement runs. It reads the state folder's catalog and the local folder lake of
 * {@link Settings#LAKE_FOLDER} (none: only what is held is read). When the state folder, the lake folder or
 * the offline setting changes, the next use makes a new one. Only the engine bundle touches DuckDB.
 */
public final class Engines {

	private static io.lakestudio.engine.Engine engine;
	private static Catalog catalog;
	private static String key;

	private Engines() {
	}

	/** The shared engine for the current state folder and settings; made now if there is none yet. */
	public static synchronized io.lakestudio.engine.Engine get() {
		Path home = Catalogs.home();
		Settings s = Settings.load(home);
		String folder = LakeSource.folder(home).map(Path::toString).orElse(null);
		String k = home.toAbsolutePath() + "|" + s.account() + "|" + folder + "|" + s.flag(Settings.OFFLINE);
		if (engine == null || !k.equals(key)) {
			close();
			catalog = Catalogs.open(Catalogs.catalogFile(home, s.account()), s.account());
			EventLog log = new EventLog(home);
			LakeStore store = folder == null ? null
					: new LoggedStore(new LocalFolderStore(Path.of(folder)), l -> log.log("lake", l));
			engine = new io.lakestudio.engine.Engine(EngineConfig.of(home, catalog, store, s));
			key = k;
		}
		return engine;
	}

	/** Whether an engine was made in this workbench (tests: nothing on the tree path makes one). */
	public static synchronized boolean made() {
		return engine != null;
	}

	/** Asks the running statement, if any, to stop; never makes an engine. */
	public static void cancel() {
		io.lakestudio.engine.Engine e;
		synchronized (Engines.class) {
			e = engine;
		}
		if (e != null) {
			e.cancel();
		}
	}

	/** Closes the engine and its catalog (Clear Cache, a new state folder); the next use makes a new one. */
	public static synchronized void close() {
		if (engine != null) {
			engine.cancel();
			engine.close();
			engine = null;
		}
		if (catalog != null) {
			catalog.close();
			catalog = null;
		}
		key = null;
	}
}
