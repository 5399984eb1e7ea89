package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.catalog.internal.SqliteCatalogAccess;

class NamesTest {

	@Test
	void closestNamesByEditDistanceIgnoringCase() {
		assertEquals(List.of("Orders", "order_lines", "customers"),
				Names.closest(List.of("customers", "order_lines", "Orders"), "ordres"));
		assertEquals(1, Names.distance("kitten", "sitten"));
		assertEquals(3, Names.distance("kitten", "sitting"));
	}

	@Test
	void itemIdOfTableId() {
		assertEquals("Sales/Orders.Lakehouse", SqliteCatalogAccess.itemIdOf("Sales/Orders.Lakehouse//orders"));
		assertEquals("0e6c-guid", SqliteCatalogAccess.itemIdOf("0e6c-guid/dbo/orders"));
	}
}
