package io.lakestudio.catalog;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A small tenant written through the catalog's own write path, as a sync would. */
final class Fixtures {

	static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

	private Fixtures() {
	}

	static Item lakehouse(String ws, String name) {
		return new Item(ws + "/" + name + ".Lakehouse", ws, name, "Lakehouse", false, false, null, null);
	}

	static LakeTable table(Item item, String name) {
		return new LakeTable(item.id(), "", name, LakeTable.DELTA, item.id() + "/Tables/" + name);
	}

	/** Sales (Orders lakehouse: orders, customers, order_lines), Finance (Ledger: entries). */
	static void fill(Catalog c) {
		c.replaceWorkspaces(List.of(new Workspace("Sales", "Sales"), new Workspace("Finance", "Finance")), true, T0);
		Item orders = lakehouse("Sales", "Orders");
		Item ledger = lakehouse("Finance", "Ledger");
		c.replaceItems("Sales", List.of(orders), true, T0);
		c.replaceItems("Finance", List.of(ledger), true, T0);
		c.replaceTables(orders.id(), List.of(table(orders, "orders"), table(orders, "customers"),
				table(orders, "order_lines")), true, T0);
		c.replaceTables(ledger.id(), List.of(table(ledger, "entries")), true, T0);
		c.putTableMetadata(table(orders, "orders").id(), new TableMetadata(LakeTable.DELTA, 3, T0,
				List.of(new LakeColumn(0, "order_id", "long", false, false),
						new LakeColumn(1, "customer_id", "long", true, false),
						new LakeColumn(2, "order_date", "date", true, true)),
				List.of("order_date"), 4096, 2, 100L), T0);
	}

	static List<LakeTable> tables(Item item, int n) {
		List<LakeTable> out = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			out.add(table(item, "t" + i));
		}
		return out;
	}
}
