package io.lakestudio.catalog.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class ResolverTest {

	@Test
	void closestNamesByEditDistanceIgnoringCase() {
		assertEquals(List.of("Orders", "order_lines", "customers"),
				Resolver.closest(List.of("customers", "order_lines", "Orders"), "ordres"));
		assertEquals(2, Resolver.distance("kitten", "sitten") + 1);
		assertEquals(3, Resolver.distance("kitten", "sitting"));
	}

	@Test
	void itemIdOfTableId() {
		assertEquals("Sales/Orders.Lakehouse", SqliteCatalog.itemIdOf("Sales/Orders.Lakehouse//orders"));
		assertEquals("0e6c-guid", SqliteCatalog.itemIdOf("0e6c-guid/dbo/orders"));
	}
}
