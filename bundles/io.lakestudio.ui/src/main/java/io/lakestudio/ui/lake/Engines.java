package io.lakestudio.ui.lake;

import java.nio.file.Path;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.server.EngineServer;
import io.lakestudio.engine.warm.WarmLoop;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.LoggedStore;
import io.lakestudio.onelake.fabric.FabricLake;
import io.lakestudio.onelake.local.LocalFolderStore;
import io.lakestudio.sync.account.Accounts;

/**
 * The workbench's one engine, made on first use (a statement or a Data tab), never on the way to the tree: DuckDB
 * loads only when a statement runs. It reads the state folder's catalog and the account's lake: the local folder
 * of {@link Settings#LAKE_FOLDER}, or OneLake for a signed-in OneLake account (else only what is held is read).
 * Made, it is served on {@code <home>/engine.sock} for the command line ({@link EngineHost}) and warm reads run
 * on it ({@link WarmHost}). When the state folder, the account, its lake or the offline setting changes, the next
 * use makes a new one. Only the engine bundle touches DuckDB.
 */
public final class Engines {

	private static io.lakestudio.engine.Engine engine;
	private static Catalog catalog;
	private static FabricLake oneLake;
	private static EngineServer server;
	private static WarmLoop warm;
	private static String key;

	private Engines() {
	}

	/** The shared engine for the current state folder and settings; made now if there is none yet. */
	public static synchronized io.lakestudio.engine.Engine get() {
		Path home = Catalogs.home();
		Settings s = Settings.load(home);
		String folder = LakeSource.folder(home).map(Path::toString).orElse(null);
		String k = home.toAbsolutePath() + "|" + s.account() + "|" + folder + "|" + s.flag(Settings.OFFLINE) + "|"
				+ Accounts.signedIn(s);
		if (engine == null || !k.equals(key)) {
			close();
			catalog = Catalogs.open(Catalogs.catalogFile(home, s.account()), s.account());
			EventLog log = new EventLog(home);
			LakeStore store = folder != null
					? new LoggedStore(new LocalFolderStore(Path.of(folder)), l -> log.log("lake", l))
					: oneLakeStore(home, s);
			engine = new io.lakestudio.engine.Engine(EngineConfig.of(home, catalog, store, s));
			key = k;
			server = EngineHost.serve(home, engine, s).orElse(null);
			warm = WarmHost.start(home, engine, catalog, s);
		}
		return engine;
	}

	private static LakeStore oneLakeStore(Path home, Settings s) {
		if (!Accounts.isOneLake(s) || !Accounts.signedIn(s)) {
			return null;
		}
		try {
			EventLog log = new EventLog(home);
			oneLake = Accounts.oneLake(s, line -> log.log("lake", line));
			return oneLake.store();
		} catch (Accounts.NoLake e) {
			return null;
		}
	}

	/** Whether an engine was made in this workbench (tests: nothing on the tree path makes one). */
	public static synchronized boolean made() {
		return engine != null;
	}

	/** The socket the workbench serves its engine on, if it does. */
	public static synchronized java.util.Optional<Path> served() {
		return java.util.Optional.ofNullable(server).map(EngineServer::socket);
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

	/**
	 * Stops serving, stops warm reads, closes the engine and its catalog (Clear Cache, a new state folder or
	 * account, the workbench closing); the next use makes a new one.
	 */
	public static synchronized void close() {
		if (server != null) {
			server.close();
			server = null;
		}
		if (warm != null) {
			warm.close();
			warm = null;
		}
		if (engine != null) {
			engine.cancel();
			engine.close();
			engine = null;
		}
		if (oneLake != null) {
			oneLake.close();
			oneLake = null;
		}
		if (catalog != null) {
			catalog.close();
			catalog = null;
		}
		key = null;
	}
}
