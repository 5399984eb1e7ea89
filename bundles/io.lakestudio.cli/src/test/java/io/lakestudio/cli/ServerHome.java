package io.lakestudio.cli;

import java.nio.file.Path;

import io.lakestudio.engine.server.EngineClient;

/** A state folder with the demo's sample lake, whose {@code sql} starts its engine server from this class path. */
final class ServerHome {

	private ServerHome() {
	}

	/** The demo written into {@code home}; the servers {@code sql} starts run on the test class path. */
	static CliRun demo(Path home) {
		System.setProperty("lakestudio.engine.classpath",
				System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
		System.setProperty("lakestudio.engine.idleSeconds", "60");
		return CliRun.run(home, "demo");
	}

	/** Stops the server of {@code home} if one runs. */
	static void stop(Path home) throws Exception {
		var c = EngineClient.running(home);
		if (c.isPresent()) {
			c.get().stop();
		}
		System.clearProperty("lakestudio.engine.classpath");
		System.clearProperty("lakestudio.engine.idleSeconds");
	}
}
