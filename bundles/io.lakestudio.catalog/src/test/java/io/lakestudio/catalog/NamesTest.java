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

	/** The pruned search answers as the edit distance over every name would, ties by name, on 2,000 names. */
	@Test
	void closestOfManyNamesEqualsEveryDistanceSorted() {
		java.util.Random r = new java.util.Random(13);
		List<String> names = new java.util.ArrayList<>();
		for (int i = 0; i < 2000; i++) {
			names.add(i % 3 == 0 ? "table_" + i : i % 3 == 1 ? "Sales_" + (char) ('a' + r.nextInt(26)) + i
					: "t" + r.nextInt(50) + "_" + i);
		}
		for (String wanted : List.of("table_12x4", "TABLE_1234", "sales_q77", "t3_", "", "zzzzzzzzzzzzzzzzzzzzzz",
				"table_1999", "t12_1")) {
			List<String> every = names.stream()
					.sorted(java.util.Comparator.comparingInt((String n) -> Names.distance(n.toLowerCase(),
							wanted.toLowerCase())).thenComparing(n -> n))
					.limit(5).toList();
			assertEquals(every, Names.closest(names, wanted), wanted);
		}
	}

	@Test
	void itemIdOfTableId() {
		assertEquals("Sales/Orders.Lakehouse", SqliteCatalogAccess.itemIdOf("Sales/Orders.Lakehouse//orders"));
		assertEquals("0e6c-guid", SqliteCatalogAccess.itemIdOf("0e6c-guid/dbo/orders"));
	}
}
