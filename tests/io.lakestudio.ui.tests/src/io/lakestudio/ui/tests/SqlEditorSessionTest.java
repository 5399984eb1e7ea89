package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.sql.NewSqlHandler;
import io.lakestudio.ui.sql.ResultsView;
import io.lakestudio.ui.sql.RunStatementHandler;
import io.lakestudio.ui.sql.SqlEditor;

/**
 * A SQL editor keeps one engine session: ATTACH, USE and BEGIN ... ROLLBACK/COMMIT carry from one Ctrl+Enter to
 * the next, another editor has a session of its own, a restarted engine gives the editor a new session (said in
 * the Results view), and closing the editor closes its session.
 */
class SqlEditorSessionTest {

	@TempDir
	Path home;
	@TempDir
	Path dir;

	@AfterEach
	void close() {
		Workbench.page().closeAllEditors(false);
	}

	@AfterAll
	static void closeEngine() {
		Engines.close();
	}

	/** Runs {@code sql} in {@code editor} as Ctrl+Enter does and waits for it. */
	private static ResultsView run(SqlEditor editor, String sql) throws Exception {
		Workbench.page().activate(editor);
		editor.viewer().getDocument().set(sql);
		editor.viewer().setSelectedRange(2, 0);
		Commands.execute(RunStatementHandler.ID);
		ResultsView view = (ResultsView) Workbench.page().findView(ResultsView.ID);
		assertEquals(sql, view.statement());
		Workbench.waitUntil("the statement finished", 120_000, () -> !view.state().equals("running"));
		return view;
	}

	private static String done(SqlEditor editor, String sql) throws Exception {
		ResultsView view = run(editor, sql);
		assertEquals("done", view.state(), sql + ": " + view.status());
		return view.rows().rowCount() == 0 ? null : view.rows().table().getItem(0).getText(0);
	}

	@Test
	void anEditorKeepsOneSession() throws Exception {
		DuckDbGate.beforeEngine();
		Workbench.useHome(home);
		String attach = "ATTACH 'ducklake:sqlite:" + dir.resolve("x.sqlite") + "' AS x (DATA_PATH '"
				+ dir.resolve("x-data") + "/')";
		SqlEditor one = (SqlEditor) NewSqlHandler.openNew(Workbench.page(), "");
		done(one, attach);
		done(one, "CREATE TABLE x.t(i INTEGER)");
		done(one, "BEGIN");
		done(one, "INSERT INTO x.t VALUES (1)");
		done(one, "ROLLBACK");
		assertEquals("0", done(one, "SELECT count(*) FROM x.t"), "the rolled back insert is gone");
		done(one, "BEGIN");
		done(one, "INSERT INTO x.t VALUES (1)");
		assertEquals(List.of("0"), DuckLakes.run(attach, "SELECT count(*) FROM x.t"),
				"another session does not see the open transaction");
		done(one, "COMMIT");
		assertEquals("1", done(one, "SELECT count(*) FROM x.t"));
		assertEquals(List.of("1"), DuckLakes.run(attach, "SELECT count(*) FROM x.t"),
				"another session reads the committed row");

		// USE is this editor's: a second editor has a session of its own
		done(one, "USE x");
		assertEquals("1", done(one, "SELECT count(*) FROM t"));
		SqlEditor two = (SqlEditor) NewSqlHandler.openNew(Workbench.page(), "");
		ResultsView other = run(two, "SELECT count(*) FROM x.t");
		assertEquals("failed", other.state(), "the second editor has not attached x: " + other.status());
		done(two, attach);
		assertEquals("1", done(two, "SELECT count(*) FROM x.t"));
		ResultsView noUse = run(two, "SELECT count(*) FROM t");
		assertEquals("failed", noUse.state(), "the first editor's USE is not the second's: " + noUse.status());
		assertEquals("1", done(one, "SELECT count(*) FROM t"), "the first editor still uses x");

		// a restarted engine: the editor gets a new session and the Results view says so
		Engines.close();
		ResultsView lost = run(one, "SELECT count(*) FROM x.t");
		assertEquals("failed", lost.state(), "x was attached in the lost session: " + lost.status());
		assertTrue(lost.status().contains("A new session was opened for this editor (the engine restarted)"),
				lost.status());
		done(one, attach);
		ResultsView again = run(one, "SELECT count(*) FROM x.t");
		assertEquals("1", again.rows().table().getItem(0).getText(0));
		assertTrue(!again.status().contains("new session"), "said once: " + again.status());

		// closing the editor closes its session, rolling back its open transaction
		done(one, "BEGIN");
		done(one, "INSERT INTO x.t VALUES (2)");
		Workbench.page().closeEditor(one, false);
		Workbench.waitUntil("the closed editor's session closed", 30_000, () -> !one.session().open());
		assertEquals(List.of("1"), DuckLakes.run(attach, "SELECT count(*) FROM x.t"));
		assertTrue(two.session().open(), "the other editor's session stays open");
	}

	@Test
	void cancelStopsAStatementOnADuckLakeCatalog() throws Exception {
		DuckDbGate.beforeEngine();
		Workbench.useHome(home);
		SqlEditor editor = (SqlEditor) NewSqlHandler.openNew(Workbench.page(), "");
		done(editor, "ATTACH 'ducklake:sqlite:" + dir.resolve("c.sqlite") + "' AS c (DATA_PATH '" + dir.resolve("c-data")
				+ "/')");
		done(editor, "CREATE TABLE c.t AS SELECT range AS i FROM range(100)");
		String sql = "SELECT sum(a.i + b.range) FROM c.t a, range(3000000000) b";
		Workbench.page().activate(editor);
		editor.viewer().getDocument().set(sql);
		editor.viewer().setSelectedRange(2, 0);
		Commands.execute(RunStatementHandler.ID);
		ResultsView view = (ResultsView) Workbench.page().findView(ResultsView.ID);
		Workbench.spin(1500);
		assertEquals("running", view.state(), "3e11 rows to sum: still running after 1.5 s");
		long t0 = System.currentTimeMillis();
		org.eclipse.core.runtime.jobs.Job.getJobManager().cancel(io.lakestudio.ui.sql.StatementJob.FAMILY);
		Workbench.waitUntil("the cancelled statement ended", 20_000, () -> !view.state().equals("running"));
		System.out.println("UI-TEST: cancel stopped the DuckLake statement in " + (System.currentTimeMillis() - t0)
				+ " ms: " + view.status());
		assertEquals("cancelled", view.state(), view.status());
		assertTrue(view.status().endsWith("the statement was stopped."), view.status());
		assertEquals("100", done(editor, "SELECT count(*) FROM c.t"), "the editor's session goes on after the cancel");
	}
}
