package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.engine.server.EngineClient;
import io.lakestudio.samples.SampleLake;

/**
 * {@code lakestudio sql} on OneLake, each command a process of its own as {@code cli/lakestudio} runs it, against
 * the emulator over the sample lake: login, sync, then the same statement through the headless engine server, in
 * the process, and with {@code --fresh}, each answer equal to Delta Kernel's read of the table's folder; then, with
 * the emulator's ports closed, the same statement answering from what is held, and with {@code --fresh} saying how
 * old that is.
 */
@Timeout(300)
class OneLakeSqlProcessTest {

	private static final String Q = "SELECT order_id, region, amount FROM \"Sales/Orders\".orders ORDER BY order_id";
	private static final Pattern AGE = Pattern.compile("read from the snapshot held since \\S+ \\(\\d+ (s|min) old\\)");

	@TempDir
	Path dir;
	Path home;
	Emulator emu;
	String ca;

	@AfterEach
	void stop() throws Exception {
		var c = EngineClient.running(home);
		if (c.isPresent()) {
			c.get().stop();
		}
		if (emu != null) {
			emu.close();
		}
	}

	private CliProcess cli(String... args) throws Exception {
		Map<String, String> env = new HashMap<>();
		env.put("LAKESTUDIO_CLIENT_SECRET", Tokens.CLIENT_SECRET);
		env.put("LAKESTUDIO_ONELAKE_CA", ca);
		return CliProcess.run(env, Map.of("lakestudio.home", home.toString(), "lakestudio.engine.classpath",
				System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
				"lakestudio.engine.idleSeconds", "120"), args);
	}

	@Test
	void sqlReadsOneLakeThroughTheServerInProcessAndFreshThenAnswersFromWhatIsHeldWithItsAge() throws Exception {
		Path lake = dir.resolve("tenant");
		SampleLake.write(lake);
		String kernel = KernelRows.csv(lake.resolve("Sales/Orders.Lakehouse/Tables/orders"),
				new String[] { "order_id", "region", "amount" }, "order_id");
		emu = Emulator.start(lake);
		ca = emu.dfsCaFile().toString();
		home = dir.resolve("home");

		CliProcess login = cli("login", "--account", "emu", "--client-id", Tokens.CLIENT_ID, "--token-endpoint",
				emu.tokenUrl(), "--fabric-endpoint", emu.fabricUrl(), "--onelake-endpoint", emu.dfsUrl());
		assertEquals(0, login.exit, login::toString);
		CliProcess sync = cli("sync");
		assertEquals(0, sync.exit, sync::toString);

		emu.log().clear();
		CliProcess served = cli("sql", "--csv", Q);
		assertEquals(0, served.exit, served::toString);
		assertFalse(served.out.contains("in this process"), "through the engine server: " + served);
		assertEquals(kernel, rows(served), "through the engine server");
		assertFalse(emu.log().matching(r -> "dfs".equals(r.api()) && "GET".equals(r.method())
				&& r.path().contains("orders") && r.path().endsWith(".parquet") && r.range() != null).isEmpty(),
				"the rows came from OneLake's DFS by ranged GETs: " + emu.log().all());
		assertTrue(EngineClient.running(home).isPresent(), "a server serves the state folder");

		CliProcess here = cli("sql", "--in-process", "--csv", Q);
		assertEquals(0, here.exit, here::toString);
		assertEquals(kernel, rows(here), "in this process");

		emu.log().clear();
		CliProcess fresh = cli("sql", "--fresh", "--csv", Q);
		assertEquals(0, fresh.exit, fresh::toString);
		assertEquals(kernel, rows(fresh), "--fresh");
		assertFalse(emu.log().matching(r -> r.target().contains("orders/_delta_log")).isEmpty(),
				"--fresh read the table's log from OneLake: " + emu.log().all());

		emu.close(); // its ports closed: connections are refused
		emu = null;
		CliProcess held = cli("sql", "--csv", Q);
		assertEquals(0, held.exit, held::toString);
		assertEquals(kernel, rows(held), "from what is held, through the server");
		CliProcess heldHere = cli("sql", "--in-process", "--csv", Q);
		assertEquals(0, heldHere.exit, heldHere::toString);
		assertEquals(kernel, rows(heldHere), "from what is held, in this process");
		CliProcess aged = cli("sql", "--fresh", "--csv", Q);
		assertEquals(0, aged.exit, aged::toString);
		assertEquals(kernel, rows(aged), "--fresh with the lake gone reads what is held");
		assertTrue(AGE.matcher(aged.out).find(), "says how old what it read is: " + aged);
	}

	/**
	 * The CSV a run printed, without what it printed on stderr (one process output: both streams): its notices, and
	 * SLF4J's complaint about the several bindings on the test class path.
	 */
	private static String rows(CliProcess p) {
		StringBuilder b = new StringBuilder();
		for (String line : p.out.split("\n")) {
			if (!line.startsWith("lakestudio: ") && !line.startsWith("SLF4J: ")) {
				b.append(line).append('\n');
			}
		}
		return b.toString();
	}
}
