package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.engine.server.EngineClient;
import io.lakestudio.engine.server.EngineServer;

/**
 * {@code sql} through the engine server: started on demand as a separate java process, reused by the next call,
 * same output as the engine in this process, gone after idling.
 */
@Timeout(240)
class SqlServerTest {

	private static final String Q = "SELECT customer_id, name, email, signup_date, customer_id / 7.0 AS r,"
			+ " customer_id::DOUBLE / 3 AS d, customer_id % 2 = 0 AS even FROM \"Sales/Orders\".customers"
			+ " ORDER BY customer_id LIMIT 30";

	@TempDir
	Path home;

	@BeforeEach
	void lake() {
		CliRun demo = ServerHome.demo(home);
		assertEquals(0, demo.exit, demo.toString());
	}

	@AfterEach
	void stop() throws Exception {
		ServerHome.stop(home);
	}

	private long starts() throws Exception {
		Path log = home.resolve("logs").resolve("lakestudio.log");
		return Files.readAllLines(log).stream().filter(l -> l.contains("engine server started")).count();
	}

	@Test
	void answersAsInProcessThroughAServerStartedOnDemandThenReused() throws Exception {
		assertFalse(EngineClient.answers(EngineServer.socket(home)));
		List<Long> ms = new ArrayList<>();
		for (String[] format : List.of(new String[] {}, new String[] { "--csv" }, new String[] { "--json" })) {
			List<String> local = new ArrayList<>(List.of("sql", "--in-process"));
			local.addAll(List.of(format));
			local.add(Q);
			CliRun here = CliRun.run(home, local.toArray(String[]::new));
			assertEquals(0, here.exit, here.toString());
			List<String> args = new ArrayList<>(List.of("sql"));
			args.addAll(List.of(format));
			args.add(Q);
			long t0 = System.nanoTime();
			CliRun served = CliRun.run(home, args.toArray(String[]::new));
			ms.add((System.nanoTime() - t0) / 1_000_000);
			assertEquals(0, served.exit, served.toString());
			assertFalse(served.err.contains("in this process"), served.err);
			assertEquals(here.out, served.out, String.join(" ", format));
			assertTrue(EngineClient.answers(EngineServer.socket(home)));
		}
		assertEquals(1, starts(), "one server, reused");
		// errors keep their exit codes
		CliRun missing = CliRun.run(home, "sql", "SELECT * FROM \"Sales/Orders\".nope");
		assertEquals(CliRun.run(home, "sql", "--in-process", "SELECT * FROM \"Sales/Orders\".nope").exit,
				missing.exit);
		assertEquals(1, missing.exit, missing.toString());
		CliRun refused = CliRun.run(home, "sql", "SELECT * FROM read_csv('/etc/passwd')");
		assertEquals(2, refused.exit, refused.toString());
		long t0 = System.nanoTime();
		CliRun warm = CliRun.run(home, "sql", "SELECT count(*) FROM \"Sales/Orders\".customers");
		long warmMs = (System.nanoTime() - t0) / 1_000_000;
		assertTrue(warm.out.contains("2000"), warm.toString());
		assertEquals(1, starts());
		// other settings (here offline) need another server: the headless one is replaced
		io.lakestudio.catalog.Settings.load(home).set(io.lakestudio.catalog.Settings.OFFLINE, true).save();
		CliRun offline = CliRun.run(home, "sql", "SELECT count(*) FROM \"Sales/Orders\".customers");
		assertEquals(warm.out, offline.out, offline.toString());
		assertEquals(2, starts(), "replaced for the new settings");
		System.out.println("sql through the server, in this JVM: first (starts it) " + ms.get(0) + " ms, then "
				+ ms.subList(1, ms.size()) + " ms, a count " + warmMs + " ms");
	}

	@Test
	void theHeadlessServerExitsAfterIdlingAndTheNextCallStartsAnother() throws Exception {
		System.setProperty("lakestudio.engine.idleSeconds", "2");
		CliRun first = CliRun.run(home, "sql", "SELECT 1 AS one");
		assertEquals(0, first.exit, first.toString());
		Path socket = EngineServer.socket(home);
		assertTrue(EngineClient.answers(socket));
		long deadline = System.nanoTime() + 15_000_000_000L;
		while (Files.exists(socket) && System.nanoTime() < deadline) {
			Thread.sleep(100);
		}
		assertFalse(Files.exists(socket), "gone after idling");
		// the server says so in the log as it exits, after the socket is gone: wait for the line, don't race it
		Path log = home.resolve("logs").resolve("lakestudio.log");
		long logged = System.nanoTime() + 10_000_000_000L;
		while (!Files.readString(log).contains("exits after idling") && System.nanoTime() < logged) {
			Thread.sleep(100);
		}
		String text = Files.readString(log);
		assertTrue(text.contains("exits after idling"), text);
		CliRun second = CliRun.run(home, "sql", "SELECT 2 AS two");
		assertEquals(0, second.exit, second.toString());
		assertTrue(second.out.contains("2"), second.out);
		assertEquals(2, starts());
	}
}
