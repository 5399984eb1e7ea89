package io.lakestudio.moraine.internal.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A data file row as layout version 1 stored it before DuckLake 1.1's row_group_count (16 values, NULLs at the end
 * included) reads with that column NULL; a row of a 1.0 catalog is stored no longer than before, so a build that
 * predates the column still reads what this one writes.
 */
class RowShapeTest {

	@Test
	void anOldRowReadsTheNewColumnAsNullAndANewRowOfA10CatalogKeepsTheOldShape() {
		List<Object> old = Arrays.asList(1L, 7L, 2L, null, null, "f.parquet", true, "parquet", 10L, 1000L, 200L, 0L,
				null, null, null, null);
		Row r = Row.decode(Family.DATA_FILE, old);
		assertEquals("f.parquet", r.s("path"));
		assertNull(r.get("row_group_count"));
		assertEquals(old.subList(0, 12), r.stored());
		assertEquals(17, r.with("row_group_count", 3L).stored().size());
	}
}
