package io.lakestudio.ui.sql;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

/**
 * A virtual SWT table over rows that arrive in batches: only the rows on screen become items (SWT asks for them
 * with SetData), so a million rows cost a list of strings and a scroll bar, not a million widgets.
 */
public final class RowsTable {

	public static final String NULL = "NULL";

	private final Table table;
	private final List<String[]> rows = new ArrayList<>();

	public RowsTable(Composite parent) {
		table = new Table(parent, SWT.VIRTUAL | SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
		table.setHeaderVisible(true);
		table.setLinesVisible(true);
		table.addListener(SWT.SetData, e -> {
			TableItem item = (TableItem) e.item;
			int i = table.indexOf(item);
			if (i >= 0 && i < rows.size()) {
				item.setText(rows.get(i));
			}
		});
	}

	/** Empties the table and sets its columns. */
	public void reset(List<String> names, List<String> types) {
		table.setRedraw(false);
		try {
			rows.clear();
			table.removeAll();
			table.setItemCount(0);
			for (TableColumn c : table.getColumns()) {
				c.dispose();
			}
			for (int i = 0; i < names.size(); i++) {
				TableColumn c = new TableColumn(table, SWT.LEFT);
				c.setText(names.get(i));
				if (types != null && i < types.size()) {
					c.setToolTipText(types.get(i));
				}
				c.setWidth(Math.max(60, Math.min(240, 12 + 8 * names.get(i).length())));
			}
		} finally {
			table.setRedraw(true);
		}
	}

	/** Adds a batch; the first batch sizes the columns to their contents. */
	public void append(List<String[]> batch) {
		boolean first = rows.isEmpty();
		rows.addAll(batch);
		table.setItemCount(rows.size());
		if (first && !batch.isEmpty()) {
			for (int c = 0; c < table.getColumnCount(); c++) {
				int chars = table.getColumn(c).getText().length();
				for (int r = 0; r < Math.min(50, batch.size()); r++) {
					chars = Math.max(chars, batch.get(r)[c].length());
				}
				table.getColumn(c).setWidth(Math.max(60, Math.min(360, 16 + 8 * chars)));
			}
		}
	}

	public int rowCount() {
		return rows.size();
	}

	/** The text of a cell as the table shows it. */
	public String cell(int row, int column) {
		return rows.get(row)[column];
	}

	public Table table() {
		return table;
	}
}
