package io.lakestudio.ui.sql;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.part.ViewPart;

import io.lakestudio.ui.lake.Engine;

/**
 * Results of a statement: a status line (rows, time, snapshot age when answered offline, or the error), the
 * statement, and a virtual table for the rows. Until the engine lands it only ever shows why nothing ran.
 */
public final class ResultsView extends ViewPart {

	public static final String ID = "io.lakestudio.ui.views.results";

	private Label status;
	private Text statement;
	private Table rows;

	@Override
	public void createPartControl(Composite parent) {
		GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(parent);
		status = new Label(parent, SWT.WRAP);
		status.setText(Engine.available() ? "No statement run yet." : Engine.NOT_AVAILABLE);
		GridDataFactory.fillDefaults().grab(true, false).hint(400, SWT.DEFAULT).applyTo(status);
		statement = new Text(parent, SWT.READ_ONLY | SWT.MULTI | SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(statement);
		rows = new Table(parent, SWT.VIRTUAL | SWT.BORDER | SWT.FULL_SELECTION);
		rows.setHeaderVisible(true);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(rows);
	}

	/** A statement that did not run, with why; the statement is shown as it was asked. */
	public void showNotRun(String sql, String why) {
		status.setText(why);
		statement.setText(sql);
		rows.removeAll();
		rows.setItemCount(0);
		status.getParent().layout();
	}

	public String status() {
		return status.getText();
	}

	public String statement() {
		return statement.getText();
	}

	@Override
	public void setFocus() {
		status.setFocus();
	}
}
