package io.lakestudio.ui.format;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

/** The plain tables the editors show facts in: headed, lined, a row per fact, columns fitted to what they hold. */
public final class Tables {

	private Tables() {
	}

	public static Table table(Composite parent, String... headers) {
		Table t = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION);
		t.setHeaderVisible(true);
		t.setLinesVisible(true);
		for (String h : headers) {
			new TableColumn(t, SWT.LEFT).setText(h);
		}
		return t;
	}

	public static void row(Table t, String... cells) {
		new TableItem(t, SWT.NONE).setText(cells);
	}

	public static void pack(Table t) {
		for (TableColumn c : t.getColumns()) {
			c.pack();
		}
	}
}
