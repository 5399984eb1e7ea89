package io.lakestudio.ui.lake;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.server.EngineClient;
import io.lakestudio.engine.server.EngineServer;
import io.lakestudio.sync.account.EngineStore;

/**
 * Serves the workbench's engine on {@code <home>/engine.sock}, so {@code lakestudio sql} uses it rather than
 * starting its own (one engine per machine: the workbench hosts it). A headless server already answering (one the
 * command line started) is asked to stop and the workbench serves in its place: its statements would otherwise run
 * on a second DuckDB over the same cache. A server another workbench hosts is left alone; this one then runs its
 * statements in-process without serving, and the log says so.
 */
final class EngineHost {

	private EngineHost() {
	}

	/** The server for {@code engine}, or empty when another process hosts one (or the socket can't be bound). */
	static Optional<EngineServer> serve(Path home, Engine engine, Settings s) {
		EventLog log = new EventLog(home);
		EngineServer.Options options = EngineServer.Options.hosted().withIdentity(EngineStore.identity(s));
		for (int attempt = 0; attempt < 2; attempt++) {
			try {
				EngineServer server = EngineServer.start(home, engine, options);
				log.log("engine", "the workbench serves its engine on " + server.socket() + " (pid "
						+ ProcessHandle.current().pid() + ")");
				return Optional.of(server);
			} catch (EngineServer.AlreadyRunning e) {
				if (!stopHeadless(home, log)) {
					return Optional.empty();
				}
			} catch (IOException e) {
				log.log("engine", "the workbench cannot serve its engine on " + EngineServer.socket(home) + " ("
						+ e.getMessage() + "); statements run in the workbench only");
				return Optional.empty();
			}
		}
		return Optional.empty();
	}

	/** Stops a headless server on the socket and waits until it is gone; false when it is hosted by a process. */
	private static boolean stopHeadless(Path home, EventLog log) {
		Optional<EngineClient> running = EngineClient.running(home);
		if (running.isEmpty()) {
			return true; // gone meanwhile
		}
		try {
			EngineClient.Info info = running.get().info();
			if (info.hosted()) {
				log.log("engine", "another workbench (pid " + info.pid() + ") hosts the engine on "
						+ EngineServer.socket(home) + "; this one runs its statements in-process only");
				return false;
			}
			running.get().stop();
			log.log("engine", "stopped the headless engine server (pid " + info.pid() + ") to serve the workbench's");
			for (int i = 0; i < 250 && EngineClient.answers(EngineServer.socket(home)); i++) {
				Thread.sleep(20);
			}
			return true;
		} catch (IOException e) {
			return true; // it went away meanwhile
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			return false;
		}
	}
}
