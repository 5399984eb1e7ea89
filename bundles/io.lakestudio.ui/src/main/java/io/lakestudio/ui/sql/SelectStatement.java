package io.lakestudio.ui.sql;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;

/**
 * The statement "Copy SELECT" puts on the clipboard: {@code "workspace/item"} as the catalog, then the schema (if
 * any) and the table, each quoted so spaces and dots in Fabric names survive. An item that isn't a Lakehouse
 * carries its type, as table names do ({@code Sales/Orders.Warehouse}).
 */
public final class SelectStatement {

	public static final int FIRST_ROWS = 100;

	private SelectStatement() {
	}

	public static String firstRows(String workspace, Item item, LakeTable table) {
		return firstRows(workspace, item, table, FIRST_ROWS);
	}

	/** {@code SELECT * FROM "workspace/item".table LIMIT rows}. */
	public static String firstRows(String workspace, Item item, LakeTable table, int rows) {
		String itemName = "Lakehouse".equals(item.type()) ? item.name() : item.name() + "." + item.type();
		StringBuilder from = new StringBuilder(quote(workspace + "/" + itemName)).append('.');
		if (!table.schema().isEmpty()) {
			from.append(quote(table.schema())).append('.');
		}
		from.append(quote(table.name()));
		return "SELECT * FROM " + from + " LIMIT " + rows;
	}

	public static String quote(String identifier) {
		return '"' + identifier.replace("\"", "\"\"") + '"';
	}
}
