package io.lakestudio.ui.tests;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;

/** Tenants written through the catalog's own write API, as a sync would, into a test's state folder. */
final class Lakes {

	static final Instant T0 = Instant.now().minusSeconds(3600);

	private Lakes() {
	}

	static Catalog open(Path home) {
		String account = Settings.load(home).account();
		return Catalogs.open(Catalogs.catalogFile(home, account), account);
	}

	static Item lakehouse(String ws, String name) {
		return new Item(ws + "/" + name + ".Lakehouse", ws, name, "Lakehouse", false, false, null, null);
	}

	static LakeTable table(Item item, String schema, String name) {
		return new LakeTable(item.id(), schema, name, LakeTable.DELTA, item.id() + "/Tables/" + name);
	}

	static TableMetadata metadata(int columns, long version) {
		List<LakeColumn> cols = new ArrayList<>();
		for (int c = 0; c < columns; c++) {
			cols.add(new LakeColumn(c, c == 0 ? "id" : "col_" + c, c == 0 ? "long" : "string", c != 0, false));
		}
		return new TableMetadata(LakeTable.DELTA, version, T0, cols, List.of(), 1L << 20, 3, 1000L);
	}

	/** {@code workspaces} × {@code lakehouses} lakehouses of {@code tables} tables with {@code columns} columns. */
	static void large(Path home, int workspaces, int lakehouses, int tables, int columns) {
		try (Catalog c = open(home)) {
			List<Workspace> wss = new ArrayList<>();
			for (int w = 0; w < workspaces; w++) {
				wss.add(new Workspace("ws-" + w, String.format("Workspace %02d", w)));
			}
			c.replaceWorkspaces(wss, true, T0);
			for (Workspace ws : wss) {
				List<Item> items = new ArrayList<>();
				for (int l = 0; l < lakehouses; l++) {
					items.add(lakehouse(ws.id(), String.format("lake_%02d", l)));
				}
				c.replaceItems(ws.id(), items, true, T0);
				for (Item item : items) {
					List<LakeTable> ts = new ArrayList<>();
					for (int t = 0; t < tables; t++) {
						ts.add(table(item, "", String.format("table_%03d", t)));
					}
					c.replaceTables(item.id(), ts, true, T0);
					for (LakeTable t : ts) {
						c.putTableMetadata(t.id(), metadata(columns, 1), T0);
					}
				}
			}
		}
	}

	/**
	 * Sales: Orders (orders with columns, customers, order_lines, legacy dropped; Files/raw), a Reporting
	 * warehouse with a schema, a Revenue semantic model. Finance: Ledger (entries).
	 */
	static void small(Path home) {
		try (Catalog c = open(home)) {
			c.replaceWorkspaces(List.of(new Workspace("Sales", "Sales"), new Workspace("Finance", "Finance")), true,
					T0);
			Item orders = lakehouse("Sales", "Orders");
			Item reporting = new Item("Sales/Reporting.Warehouse", "Sales", "Reporting", "Warehouse", false, true,
					null, null);
			Item revenue = new Item("Sales/Revenue.SemanticModel", "Sales", "Revenue", "SemanticModel", false, false,
					null, null);
			Item ledger = lakehouse("Finance", "Ledger");
			c.replaceItems("Sales", List.of(orders, reporting, revenue), true, T0);
			c.replaceItems("Finance", List.of(ledger), true, T0);
			List<LakeTable> ordersTables = List.of(table(orders, "", "orders"), table(orders, "", "customers"),
					table(orders, "", "order_lines"), table(orders, "", "legacy"));
			c.replaceTables(orders.id(), ordersTables, true, T0);
			c.replaceTables(orders.id(), ordersTables.subList(0, 3), true, T0.plusSeconds(60));
			c.putTableMetadata(table(orders, "", "orders").id(), new TableMetadata(LakeTable.DELTA, 3, T0,
					List.of(new LakeColumn(0, "order_id", "long", false, false),
							new LakeColumn(1, "customer_id", "long", true, false),
							new LakeColumn(2, "order_date", "date", true, true)),
					List.of("order_date"), 4096, 2, 100L), T0);
			c.replaceTables(reporting.id(), List.of(table(reporting, "dbo", "daily_sales")), true, T0);
			c.replaceTables(ledger.id(), List.of(table(ledger, "", "entries")), true, T0);
			c.replaceFiles(orders.id(), "", List.of(new LakeFile(orders.id(), "", "raw", true, 0, T0),
					new LakeFile(orders.id(), "", "readme.txt", false, 2048, T0)), true, T0);
		}
	}
}
