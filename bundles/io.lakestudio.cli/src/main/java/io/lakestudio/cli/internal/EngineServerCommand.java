package io.lakestudio.cli.internal;

import java.time.Clock;
import java.time.Duration;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.server.EngineServer;
import io.lakestudio.sync.account.EngineStore;

/**
 * The headless engine server that {@code sql} starts when none answers: serves the state folder's socket until
 * nobody asked anything for {@code engineServerIdleMinutes} (settings.json, 10 by default), then exits. One that
 * finds another server answering leaves at once.
 */
public final class EngineServerCommand extends Command {

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "Serve the engine on <home>/engine.sock until idle (what 'sql' starts when no server answers).";
	}

	@Override
	public Options options() {
		return super.options().addOption(valued(null, "idle-seconds", "N", "Exit after N idle seconds."))
				.addOption(flag("stop", "Stop the engine server that serves this state folder, if one runs."));
	}

	@Override
	public int run(CommandLine line) {
		args(line, 0, 0);
		if (line.hasOption("stop")) {
			return stop();
		}
		Settings settings = Settings.load(home);
		Duration idle = Duration.ofSeconds(line.hasOption("idle-seconds") ? intValue(line, "idle-seconds", 600)
				: (long) (settings.number("engineServerIdleMinutes", 10) * 60));
		EventLog log = new EventLog(home);
		try (Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account());
				EngineStore store = EngineStore.open(settings, l -> log.log("lake", l));
				SyncListings listings = new SyncListings(home, catalog);
				Engine engine = new Engine(EngineConfig.of(home, catalog, store.store(), settings), listings)) {
			EngineServer server;
			try {
				server = EngineServer.start(home, engine,
						new EngineServer.Options(idle, () -> log.log("engine",
								"engine server " + ProcessHandle.current().pid() + " exits after idling " + idle.toSeconds()
										+ " s"),
								Clock.systemUTC()).withIdentity(EngineServerLauncher.identity(settings)));
			} catch (EngineServer.AlreadyRunning e) {
				err.println("lakestudio: " + e.getMessage());
				return 0;
			} catch (java.io.IOException e) {
				throw new Die(3, "cannot serve on " + EngineServer.socket(home) + ": " + e.getMessage());
			}
			log.log("engine", "engine server started, pid " + ProcessHandle.current().pid() + ", on "
					+ server.socket());
			try {
				server.awaitClosed();
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			} finally {
				server.close();
			}
			return 0;
		}
	}

	private int stop() {
		var client = io.lakestudio.engine.server.EngineClient.running(home);
		if (client.isEmpty()) {
			out.println("no engine server runs on " + EngineServer.socket(home));
			return 0;
		}
		try {
			client.get().stop();
			out.println("stopped the engine server on " + EngineServer.socket(home));
			return 0;
		} catch (java.io.IOException e) {
			throw new Die(3, "cannot stop the engine server on " + EngineServer.socket(home) + ": " + e.getMessage());
		}
	}
}
