package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ui.lake.Engine;
import io.lakestudio.ui.sql.NewSqlHandler;
import io.lakestudio.ui.sql.SqlCompletion;
import io.lakestudio.ui.sql.SqlEditor;
import io.lakestudio.ui.sql.SqlScanner;
import io.lakestudio.ui.sql.Statements;

/**
 * New OneLake SQL opens the SQL editor; it colours keywords, strings, comments and numbers; completion offers the
 * catalog's items, schemas, tables and columns (dropped ones left out).
 */
class SqlEditorTest {

	@TempDir
	Path home;

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
	void completesNamesFromTheCatalogAndHighlights() throws Exception {
		Lakes.small(home);
		Workbench.useHome(home);
		Commands.execute(NewSqlHandler.ID);
		SqlEditor editor = (SqlEditor) Workbench.page().getActiveEditor();
		assertTrue(editor.getEditorInput().getName().matches("query-\\d+\\.sql"), editor.getEditorInput().getName());

		assertEquals(List.of("Sales/Orders (Lakehouse)", "Sales/Reporting.Warehouse (Warehouse)"),
				proposals(editor, "SELECT * FROM \"Sal"));
		assertEquals(List.of("customers (table)", "order_lines (table)", "orders (table)"),
				proposals(editor, "SELECT * FROM \"Sales/Orders\"."), "live tables only: legacy was dropped");
		assertEquals(List.of("order_id : long", "order_date : date"),
				proposals(editor, "SELECT * FROM \"Sales/Orders\".orders.order_"));
		assertEquals(List.of("dbo (schema)"), proposals(editor, "SELECT * FROM \"Sales/Reporting.Warehouse\"."));
		assertEquals(List.of("daily_sales (table)"),
				proposals(editor, "SELECT * FROM \"Sales/Reporting.Warehouse\".dbo."));
		assertEquals(List.of("customer_id : long"), proposals(editor, "SELECT orders.cu"), "a bare table name");

		// applying a proposal replaces the typed prefix, quote included
		IDocument doc = editor.viewer().getDocument();
		doc.set("SELECT * FROM \"Sal");
		ICompletionProposal[] ps = new SqlCompletion().computeCompletionProposals(editor.viewer(), doc.getLength());
		ps[0].apply(doc);
		assertEquals("SELECT * FROM \"Sales/Orders\"", doc.get());

		String sql = "-- first rows\nSELECT order_id, 'EU' AS region, 42 FROM \"Sales/Orders\".orders LIMIT 10;\n"
				+ "SELECT 1";
		doc.set(sql);
		Workbench.spin(200);
		StyledText text = editor.viewer().getTextWidget();
		assertStyle(text, sql.indexOf("first"), SqlScanner.COMMENT, SWT.ITALIC);
		assertStyle(text, sql.indexOf("SELECT"), SqlScanner.KEYWORD, SWT.BOLD);
		assertStyle(text, sql.indexOf("LIMIT"), SqlScanner.KEYWORD, SWT.BOLD);
		assertStyle(text, sql.indexOf("'EU'"), SqlScanner.STRING, SWT.NORMAL);
		assertStyle(text, sql.indexOf("42"), SqlScanner.NUMBER, SWT.NORMAL);
		StyleRange ident = text.getStyleRangeAtOffset(sql.indexOf("order_id"));
		assertTrue(ident == null || ident.fontStyle == SWT.NORMAL, "a column name is not a keyword");

		assertEquals("SELECT 1", Statements.at(sql, sql.length() - 1, 0));
		assertTrue(Statements.at(sql, 20, 0).startsWith("-- first rows\nSELECT order_id"));
		assertTrue(Engine.available(), "the engine bundle is installed (running statements: EngineUiTest)");

		doc.set("SELECT * FROM \"Sales/Orders\".");
		editor.viewer().setSelectedRange(doc.getLength(), 0);
		editor.viewer().getTextWidget().getShell().setBounds(Workbench.display().getPrimaryMonitor().getBounds());
		((org.eclipse.jface.text.ITextOperationTarget) editor.viewer())
				.doOperation(ISourceViewer.CONTENTASSIST_PROPOSALS);
		Workbench.spin(800);
		Workbench.screenshot("sql-editor-completion", editor.viewer().getTextWidget().getShell());
	}

	private static void assertStyle(StyledText text, int offset, org.eclipse.swt.graphics.RGB rgb, int fontStyle) {
		StyleRange r = text.getStyleRangeAtOffset(offset);
		assertTrue(r != null, "styled at " + offset);
		assertEquals(rgb, r.foreground.getRGB(), "colour at " + offset);
		assertEquals(fontStyle, r.fontStyle, "font style at " + offset);
	}
}
