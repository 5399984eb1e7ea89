package io.lakestudio.ui.lake;

import java.nio.file.Path;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.server.EngineServer;
import io.lakestudio.engine.warm.WarmLoop;
import io.lakestudio.sync.account.EngineStore;

/**
 * The workbench's one engine, made on first use (a statement or a Data tab), never on the way to the tree: DuckDB
 * loads only when a statement runs. It reads the state folder's catalog and the account's lake through
 * {@link EngineStore}, as {@code lakestudio sql} and the headless engine server do.
 * Made, it is served on {@code <home>/engine.sock} for the command line ({@link EngineHost}) and warm reads run
 * on it ({@link WarmHost}). When the state folder, the account, its lake or the offline setting changes, the next
 * use makes a new one. Only the engine bundle touches DuckDB.
 */
public final class Engines {

	private static io.lakestudio.engine.Engine engine;
	private static Catalog catalog;
	private static EngineStore store;
	private static EngineServer server;
	private static WarmLoop warm;
	private static String key;

	private Engines() {
	}

	/** The shared engine for the current state folder and settings; made now if there is none yet. */
	public static synchronized io.lakestudio.engine.Engine get() {
		Path home = Catalogs.home();
		Settings s = Settings.load(home);
		String k = home.toAbsolutePath() + "|" + EngineStore.identity(s);
		if (engine == null || !k.equals(key)) {
			close();
			catalog = Catalogs.open(Catalogs.catalogFile(home, s.account()), s.account());
			EventLog log = new EventLog(home);
			store = EngineStore.open(s, l -> log.log("lake", l));
			engine = new io.lakestudio.engine.Engine(EngineConfig.of(home, catalog, store.store(), s));
			key = k;
			server = EngineHost.serve(home, engine, s).orElse(null);
			warm = WarmHost.start(home, engine, catalog, s);
		}
		return engine;
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
		if (store != null) {
			store.close();
			store = null;
		}
		if (catalog != null) {
			catalog.close();
			catalog = null;
		}
		key = null;
	}
}
