package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.source.ISourceViewer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.sql.NewSqlHandler;
import io.lakestudio.ui.sql.ResultsView;
import io.lakestudio.ui.sql.RunStatementHandler;
import io.lakestudio.ui.sql.SqlCompletion;
import io.lakestudio.ui.sql.SqlEditor;

/**
 * The SQL editor's completion offers the kept DuckLake catalogs' catalog, schema, table, view and column names,
 * and a statement naming one runs.
 */
class DuckLakeCompletionTest {

	@TempDir
	static Path home;
	@TempDir
	static Path dir;

	@BeforeAll
	static void catalog() throws Exception {
		DuckDbGate.beforeEngine();
		Workbench.useHome(home);
		DuckLakes.sqlite(home, dir);
		Engines.close(); // completion needs no engine
	}

	@AfterAll
	static void closeEngine() {
		Engines.close();
	}

	@AfterEach
	void close() {
		Workbench.page().closeAllEditors(false);
	}

	private static List<String> proposals(SqlEditor editor, String text) {
		IDocument doc = editor.viewer().getDocument();
		doc.set(text);
		ICompletionProposal[] ps = new SqlCompletion().computeCompletionProposals(editor.viewer(), text.length());
		return Arrays.stream(ps).map(ICompletionProposal::getDisplayString).toList();
	}

	@Test
	void completesDuckLakeNames() throws Exception {
		Workbench.useHome(home);
		Commands.execute(NewSqlHandler.ID);
		SqlEditor editor = (SqlEditor) Workbench.page().getActiveEditor();
		assertEquals(List.of("lake (DuckLake)"), proposals(editor, "SELECT * FROM la"));
		assertEquals(List.of("main (schema)", "sales (schema)", "orders (table)", "big_orders (view)"),
				proposals(editor, "SELECT * FROM lake."));
		assertEquals(List.of("customers (table)"), proposals(editor, "SELECT * FROM lake.sales."));
		assertEquals(List.of("amount : decimal(18,2)"), proposals(editor, "SELECT * FROM lake.main.orders.am"));
		assertEquals(List.of("order_id : int32"), proposals(editor, "SELECT * FROM lake.orders.ord"),
				"catalog.table is a table of main");
		assertEquals(List.of("region : varchar"), proposals(editor, "SELECT orders.re"), "a bare table name");
		assertEquals(List.of("name : varchar"), proposals(editor, "SELECT * FROM \"lake\".\"sales\".customers.na"));

		IDocument doc = editor.viewer().getDocument();
		doc.set("SELECT * FROM lake.sa");
		ICompletionProposal[] ps = new SqlCompletion().computeCompletionProposals(editor.viewer(), doc.getLength());
		ps[0].apply(doc);
		assertEquals("SELECT * FROM lake.sales", doc.get());

		doc.set("SELECT * FROM lake.");
		editor.viewer().setSelectedRange(doc.getLength(), 0);
		editor.viewer().getTextWidget().getShell().setBounds(Workbench.display().getPrimaryMonitor().getBounds());
		((org.eclipse.jface.text.ITextOperationTarget) editor.viewer())
				.doOperation(ISourceViewer.CONTENTASSIST_PROPOSALS);
		Workbench.spin(800);
		Workbench.screenshot("ducklake-completion", editor.viewer().getTextWidget().getShell());

		// and the statement runs: Ctrl+Enter attaches the kept catalogs, as lakestudio sql does
		doc.set("SELECT count(*) AS n, max(amount) AS top FROM lake.orders");
		editor.viewer().setSelectedRange(2, 0);
		Commands.execute(RunStatementHandler.ID);
		ResultsView results = (ResultsView) Workbench.page().findView(ResultsView.ID);
		Workbench.waitUntil("the statement finished", 60_000, () -> !results.state().equals("running"));
		assertEquals("done", results.state(), results.status());
		assertEquals("4", results.rows().table().getItem(0).getText(0));
		assertEquals("99.99", results.rows().table().getItem(0).getText(1));
	}
}
