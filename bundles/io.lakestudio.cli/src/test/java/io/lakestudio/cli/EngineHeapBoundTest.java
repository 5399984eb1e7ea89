package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.BufferedWriter;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.server.EngineClient;

/**
 * The engine server that {@code sql} starts runs under a heap bound (settings.json's engineHeapMB), and a table
 * whose Delta log is too big for it fails its statement with an error naming the table and the setting: the
 * server neither dies of it nor stops answering. A changed bound starts a new server: the one running keeps the heap
 * it was started with.
 */
@Timeout(300)
class EngineHeapBoundTest {

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

	@Test
	void theServerRunsUnderTheSettingsHeapBound() throws Exception {
		Settings.load(home).set("engineHeapMB", 200).save();
		CliRun r = CliRun.run(home, "sql", "SELECT count(*) FROM \"Sales/Orders\".customers");
		assertEquals(0, r.exit, r.toString());
		assertFalse(r.err.contains("in this process"), r.err);
		assertTrue(serverArgs().contains("-Xmx200m"), serverArgs().toString());
	}

	@Test
	void aChangedHeapBoundStartsANewServer() throws Exception {
		Settings.load(home).set("engineHeapMB", 200).save();
		String count = "SELECT count(*) FROM \"Sales/Orders\".customers";
		CliRun first = CliRun.run(home, "sql", count);
		assertEquals(0, first.exit, first.toString());
		long pid = EngineClient.running(home).orElseThrow().info().pid();
		CliRun again = CliRun.run(home, "sql", count);
		assertEquals(0, again.exit, again.toString());
		assertEquals(pid, EngineClient.running(home).orElseThrow().info().pid(), "the same bound: the same server");

		Settings.load(home).set("engineHeapMB", 256).save();
		CliRun after = CliRun.run(home, "sql", count);
		assertEquals(0, after.exit, after.toString());
		assertFalse(after.err.contains("in this process"), after.err);
		assertNotEquals(pid, EngineClient.running(home).orElseThrow().info().pid(), "a new bound: a new server");
		assertTrue(serverArgs().contains("-Xmx256m"), serverArgs().toString());
		assertEquals(first.out, after.out, "the same answer from the new server");
	}

	@Test
	void aLogTooBigForTheBoundIsAnErrorNamingTheTableAndTheServerGoesOn() throws Exception {
		// a log of 200,000 files with statistics (the files need not exist: the log's replay is what fails), some
		// 100 MB of file list on the heap, over a 64 MB bound
		Path log = Files.createDirectories(home.resolve("sample-lake/Sales/Orders.Lakehouse/Tables/biglog/_delta_log"));
		try (BufferedWriter w = Files.newBufferedWriter(log.resolve("00000000000000000000.json"))) {
			w.write("{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}\n");
			w.write("{\"metaData\":{\"id\":\"6f1e1f47-0000-4000-8000-000000000001\",\"format\":{\"provider\":\"parquet\","
					+ "\"options\":{}},\"schemaString\":\"{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[{\\\"name\\\":"
					+ "\\\"id\\\",\\\"type\\\":\\\"long\\\",\\\"nullable\\\":false,\\\"metadata\\\":{}}]}\","
					+ "\"partitionColumns\":[],\"configuration\":{},\"createdTime\":1700000000000}}\n");
			for (int i = 0; i < 200_000; i++) {
				w.write("{\"add\":{\"path\":\"part-" + i + "-c000.snappy.parquet\",\"partitionValues\":{},\"size\":1000,"
						+ "\"modificationTime\":1700000000000,\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":100,"
						+ "\\\"minValues\\\":{\\\"id\\\":" + i * 100L + "},\\\"maxValues\\\":{\\\"id\\\":"
						+ (i * 100L + 99) + "},\\\"nullCount\\\":{\\\"id\\\":0}}\"}}\n");
			}
		}
		CliRun sync = CliRun.run(home, "sync");
		assertEquals(0, sync.exit, sync.toString());
		Settings.load(home).set("engineHeapMB", 64).save();

		CliRun big = CliRun.run(home, "sql", "SELECT count(*) FROM \"Sales/Orders\".biglog");
		assertNotEquals(0, big.exit, big.toString());
		assertFalse(big.err.contains("in this process"), big.err);
		assertTrue(big.err.contains("biglog") && big.err.contains("engineHeapMB") && big.err.contains("too big"),
				big.err);
		assertEquals(1, big.err.strip().lines().count(), "one line: " + big.err);
		long pid = EngineClient.running(home).orElseThrow().info().pid();

		CliRun small = CliRun.run(home, "sql", "--csv", "SELECT count(*) AS n FROM \"Sales/Orders\".customers");
		assertEquals(0, small.exit, small.toString());
		assertEquals("n\n2000\n", small.out);
		assertEquals(pid, EngineClient.running(home).orElseThrow().info().pid(), "the same server answered");
	}

	private List<String> serverArgs() throws Exception {
		long pid = EngineClient.running(home).orElseThrow().info().pid();
		String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline"), StandardCharsets.UTF_8);
		return List.of(cmdline.split("\0"));
	}
}
