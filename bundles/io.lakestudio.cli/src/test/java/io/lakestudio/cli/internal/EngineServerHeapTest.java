package io.lakestudio.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The engine server's JVM keeps a long-lived engine's heap small: churning caches, whose entries die old, do not
 * push its committed heap up (the serial collector's old generation grew to take them, towards a quarter of RAM),
 * a big allocation still fits, and the heap is given back after it. (cli/lakestudio takes a hand-run
 * engine-server's options from EngineServerLauncher itself; EngineHeapBoundTest checks the bound they add.)
 */
class EngineServerHeapTest {

	@Test
	void churningCachesKeepTheHeapSmallAndABigAllocationStillFits() throws Exception {
		List<String> cmd = new ArrayList<>();
		cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		cmd.addAll(EngineServerLauncher.JVM_OPTIONS);
		cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), HeapChurnMain.class.getName()));
		Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
		String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		assertTrue(p.waitFor(120, TimeUnit.SECONDS));
		assertEquals(0, p.exitValue(), out);
		String[] f = out.split("\\s+");
		long most = Long.parseLong(f[0]);
		long after = Long.parseLong(f[2]);
		assertTrue(most <= 160, "the heap committed while ~400 MB of cache entries churned: " + most + " MB");
		assertEquals("true", f[1], "a 256 MB allocation after the churn");
		assertTrue(after <= 128, "the heap committed after the big allocation was collected: " + after + " MB");
	}
}
