package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import io.lakestudio.catalog.Item;
import io.lakestudio.ui.sql.SelectStatement;

class SelectStatementTest {

	@Test
	void quotesEachPartAndNamesNonLakehouseTypes() {
		Item lh = Lakes.lakehouse("Sales", "Orders");
		assertEquals("SELECT * FROM \"Sales/Orders\".\"orders\" LIMIT 100",
				SelectStatement.firstRows("Sales", lh, Lakes.table(lh, "", "orders")));
		Item wh = new Item("w", "Sales", "Big \"Q\"", "Warehouse", false, true, null, null);
		assertEquals("SELECT * FROM \"Sales/Big \"\"Q\"\".Warehouse\".\"dbo\".\"daily sales\" LIMIT 100",
				SelectStatement.firstRows("Sales", wh, Lakes.table(wh, "dbo", "daily sales")));
	}
}
