package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.TableName;
import io.lakestudio.catalog.WarmState;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.server.EngineClient;
import io.lakestudio.engine.server.EngineServer;
import io.lakestudio.samples.SampleLake;
import io.lakestudio.sync.Syncer;
import io.lakestudio.sync.account.EngineStore;
import io.lakestudio.ui.commands.ShowLogsHandler;
import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.lake.RefreshJob;
import io.lakestudio.ui.sql.NewSqlHandler;
import io.lakestudio.ui.sql.ResultsView;
import io.lakestudio.ui.sql.RunStatementHandler;
import io.lakestudio.ui.sql.SqlEditor;
import io.lakestudio.ui.workbench.Activator;

/**
 * One engine per machine, hosted by the workbench: after a statement in the SQL editor, the workbench serves its
 * engine on {@code <home>/engine.sock} (a headless server found there is stopped first), so a client on the socket
 * (what {@code lakestudio sql} is) gets its answer from the workbench's own engine; the plugin's stop ends serving.
 * And warm reads run in the workbench: with this process holding the lease and a short quiet period, a table read
 * three times is read whole, column by column, and the catalog says "complete at snapshot N".
 */
class WorkbenchEngineTest {

	static final String CUSTOMERS = "\"Sales/Orders\".customers";
	static Path home;

	@BeforeAll
	static void sampleLake() throws Exception {
		DuckDbGate.beforeEngine();
		Engines.close();
		System.setProperty("lakestudio.warm.quietMillis", "1500");
		Path tmp = Files.createTempDirectory("workbench-engine");
		home = tmp.resolve("home");
		Path lake = tmp.resolve("lake");
		SampleLake.write(lake);
		Workbench.useHome(home);
		FolderLake.use(home, lake);
		new RefreshJob(home).schedule();
		Job.getJobManager().join(RefreshJob.FAMILY, new NullProgressMonitor());
	}

	@AfterEach
	void close() {
		Workbench.page().closeAllEditors(false);
	}

	@AfterAll
	static void closeEngine() {
		System.clearProperty("lakestudio.warm.quietMillis");
		Engines.close();
	}

	private static ResultsView run(String sql) throws Exception {
		SqlEditor editor = (SqlEditor) NewSqlHandler.openNew(Workbench.page(), sql);
		Workbench.shell().setBounds(Workbench.display().getPrimaryMonitor().getBounds());
		editor.viewer().setSelectedRange(2, 0);
		Commands.execute(RunStatementHandler.ID);
		ResultsView view = (ResultsView) Workbench.page().findView(ResultsView.ID);
		Workbench.waitUntil("the statement finished", 120_000, () -> !view.state().equals("running"));
		Workbench.spin(100);
		assertEquals("done", view.state(), view.status());
		return view;
	}

	@Test
	void theCommandLineGetsItsAnswerFromTheWorkbenchsEngine() throws Exception {
		Engines.close();
		// a headless server (what 'lakestudio sql' starts) already answers on the socket
		Settings settings = Settings.load(home);
		EngineServer headless;
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account());
				Engine idle = new Engine(EngineConfig.of(home, c, null, settings))) {
			headless = EngineServer.start(home, idle,
					new EngineServer.Options(Duration.ofMinutes(5), () -> {
					}, Clock.systemUTC()).withIdentity(EngineStore.identity(settings)));
			assertFalse(EngineClient.running(home).orElseThrow().info().hosted());

			ResultsView view = run("SELECT count(*) FROM " + CUSTOMERS);
			assertEquals("2000", view.rows().table().getItem(0).getText(0));
			// the engine's DuckDB library was extracted once into a state folder, not copied to tmp per start
			List<String> mapped = Files.readAllLines(Path.of("/proc/self/maps")).stream()
					.filter(l -> l.contains("libduckdb_java")).map(l -> l.substring(l.indexOf('/'))).distinct().toList();
			assertTrue(mapped.stream().anyMatch(l -> l.contains("/engine/duckdb-")), mapped.toString());
			assertTrue(headless.isClosed(), "the workbench stopped the headless server to serve its own engine");
		}

		Path socket = EngineServer.socket(home); // <home>/engine.sock, unless the home is too deep for a socket name
		assertEquals(Optional.of(socket), Engines.served());
		EngineClient client = EngineClient.running(home).orElseThrow(() -> new AssertionError("nothing answers"));
		EngineClient.Info info = client.info();
		assertEquals(ProcessHandle.current().pid(), info.pid(), "the workbench's process answers");
		assertTrue(info.hosted(), "hosted: it never exits after idling");
		assertEquals(EngineStore.identity(Settings.load(home)), info.identity(), "what 'sql' looks for");

		Engine engine = Engines.get();
		long before = engine.statementCount();
		try (EngineClient.Remote r = client.run("SELECT count(*) AS n FROM " + CUSTOMERS, "cli", false, false)) {
			assertTrue(r.next());
			assertEquals("2000", r.text(0));
		}
		assertEquals(before + 1, engine.statementCount(), "the statement ran on the workbench's engine");
		assertTrue(engine == Engines.get(), "and no other engine was made");
		Workbench.screenshot("engine-hosted", Workbench.shell());

		new Activator().stop(null); // the workbench closing
		assertFalse(EngineClient.answers(socket), "the plugin's stop ends serving");
		assertFalse(Files.exists(socket));
		assertFalse(Engines.made());
	}

	@Test
	void warmReadsOfATableInUseRunInTheWorkbench() throws Exception {
		String account = Settings.load(home).account();
		String tableId;
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, account), account)) {
			tableId = c.resolve(TableName.parse("Sales/Orders/customers")).table().id();
			// as the workbench's sync job does for a OneLake account: this process holds the lease
			assertTrue(c.acquireLease(Syncer.holderId(), Duration.ofSeconds(90), Instant.now()));
			try {
				for (int i = 0; i < 3; i++) {
					run("SELECT name FROM " + CUSTOMERS + " LIMIT 5");
				}
				int columns = c.columns(tableId).size();
				Workbench.waitUntil("the table read whole by warm reads", 90_000,
						() -> c.warmState(tableId).map(WarmState::complete).orElse(false));
				WarmState w = c.warmState(tableId).orElseThrow();
				assertEquals(columns, w.columnsDone(), "every column, one at a time");
				assertEquals(c.table(tableId).orElseThrow().snapshotVersion(), w.snapshot());
			} finally {
				c.releaseLease(Syncer.holderId());
			}
		}
		String log = Files.readString(home.resolve("logs").resolve("lakestudio.log"));
		assertTrue(log.matches("(?s).*table in use \\(\\d+ reads in 14 days\\): reading it whole.*"), log);
		assertTrue(log.contains("EXPLAIN ANALYZE SELECT"), log);
		assertTrue(log.contains("complete at snapshot"), log);
		Commands.execute(ShowLogsHandler.ID);
		Workbench.spin(1500);
		Workbench.screenshot("warm-reads-logs", Workbench.shell());
		assertNotNull(Engines.served().orElse(null));
	}
}
