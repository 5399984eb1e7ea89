package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Resolution.Answer;

class ResolveAndFindTest {

	@TempDir
	Path home;
	Catalog catalog;

	@BeforeEach
	void open() {
		catalog = Catalogs.open(Catalogs.catalogFile(home, "a"), "a");
	}

	@Test
	void nothingHeldMeansNotKnown() {
		Resolution r = catalog.resolve(TableName.parse("Sales/Orders/orders"));
		assertEquals(Answer.UNKNOWN, r.answer());
		assertEquals(Listing.WORKSPACES, r.missingListing());
	}

	@Test
	void threeAnswers() {
		Fixtures.fill(catalog);
		assertEquals(Answer.EXISTS, catalog.resolve(TableName.parse("Sales/Orders/orders")).answer());
		assertEquals(Answer.EXISTS, catalog.resolve(TableName.parse("sales/orders.Lakehouse/ORDERS")).answer(),
				"names are matched without case, and an item may carry its type");
		Resolution missing = catalog.resolve(TableName.parse("Sales/Orders/ordres"));
		assertEquals(Answer.MISSING, missing.answer());
		assertEquals("Sales/Orders/orders", missing.closest().get(0));
		assertEquals(Answer.MISSING, catalog.resolve(TableName.parse("Nope/Orders/orders")).answer());

		// a workspace whose items were never listed
		catalog.replaceWorkspaces(List.of(new Workspace("Sales", "Sales"), new Workspace("Finance", "Finance"),
				new Workspace("HR", "HR")), true, Fixtures.T0);
		Resolution unknown = catalog.resolve(TableName.parse("HR/People/staff"));
		assertEquals(Answer.UNKNOWN, unknown.answer());
		assertEquals(Listing.items("HR"), unknown.missingListing());
	}

	@Test
	void droppedTableIsMissing() {
		Fixtures.fill(catalog);
		Item orders = Fixtures.lakehouse("Sales", "Orders");
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "orders")), true, Fixtures.T0);
		assertEquals(Answer.MISSING, catalog.resolve(TableName.parse("Sales/Orders/customers")).answer());
	}

	@Test
	void findLeavesOutDroppedTablesAndTheirColumns() {
		Fixtures.fill(catalog);
		assertEquals(1, catalog.find("order_id", 10).size());
		Item orders = Fixtures.lakehouse("Sales", "Orders");
		catalog.replaceTables(orders.id(), List.of(Fixtures.table(orders, "customers")), true, Fixtures.T0);
		assertEquals(List.of(), catalog.find("order_id", 10), "the column went with its dropped table");
		assertTrue(catalog.find("order", 10).stream().noneMatch(h -> h.path().equals("Sales/Orders/orders")));
	}

	@Test
	void schemaEnabledLakehouseDefaultsToDbo() {
		Fixtures.fill(catalog);
		Item lh = new Item("Sales/Curated.Lakehouse", "Sales", "Curated", "Lakehouse", false, true, null, null);
		catalog.replaceItems("Sales", List.of(Fixtures.lakehouse("Sales", "Orders"), lh), true, Fixtures.T0);
		catalog.replaceTables(lh.id(), List.of(new LakeTable(lh.id(), "dbo", "sales", "Delta", "x"),
				new LakeTable(lh.id(), "staging", "sales", "Delta", "y")), true, Fixtures.T0);
		assertEquals("dbo", catalog.resolve(TableName.parse("Sales/Curated/sales")).table().schema());
		assertEquals("staging", catalog.resolve(TableName.parse("Sales/Curated/staging/sales")).table().schema());
		assertEquals(Answer.MISSING, catalog.resolve(TableName.parse("Sales/Curated/gold/sales")).answer());
	}

	@Test
	void badNamesAreRefusedClearly() {
		var e = assertThrows(IllegalArgumentException.class, () -> TableName.parse("Sales/orders"));
		assertTrue(e.getMessage().contains("workspace/item/table"));
		assertThrows(IllegalArgumentException.class, () -> TableName.parse("a//b/c"));
	}

	@Test
	void findRanksExactThenPrefixThenContains() {
		Fixtures.fill(catalog);
		List<SearchHit> hits = catalog.find("order", 20);
		assertEquals("Sales/Orders", hits.get(0).path(), "prefix match on an item before tables and columns");
		List<String> paths = hits.stream().map(SearchHit::path).toList();
		assertTrue(paths.contains("Sales/Orders/orders.order_id"));
		assertTrue(paths.indexOf("Sales/Orders/orders") < paths.indexOf("Sales/Orders/order_lines"));
		List<SearchHit> exact = catalog.find("ORDERS", 5);
		assertEquals(0, exact.get(0).rank());
		assertEquals(List.of(), catalog.find("zzz", 5));
		assertEquals(SearchHit.Kind.COLUMN, catalog.find("customer_id", 5).get(0).kind());
		assertTrue(catalog.find("%", 5).isEmpty(), "LIKE wildcards are searched as text");
	}
}
