package io.lakestudio.engine.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** How the scans of a plan over several tables are told apart: by the names each carries, and only when sure. */
class RowGroupsTest {

	private static Set<String> names(String filter) {
		Set<String> out = new HashSet<>();
		assertTrue(PlanScans.names(filter, out), filter);
		return out;
	}

	@Test
	void aFilterNamesItsColumnsNotItsValuesCastsOrWords() {
		assertEquals(Set.of("id"), names("((id >= 100) AND (id <= 300))"));
		assertEquals(Set.of("ts"), names("(ts >= '2024-01-01 00:00:00+00'::TIMESTAMP WITH TIME ZONE)"));
		assertEquals(Set.of("col_2", "n"), names("((col_2 = -5.5e3) AND (n IS NOT NULL))"));
		assertEquals(Set.of("my col"), names("(\"My Col\" = 'a AND b')"));
		assertEquals(Set.of("dec"), names("(dec > 360.50::DECIMAL(10,2))"));
		assertFalse(PlanScans.names("(lower(s) = 'x')", new HashSet<>()), "a function");
		assertFalse(PlanScans.names("(s ~~ 'x%')", new HashSet<>()), "an operator not known");
	}

	/**
	 * A filter on a partition column, pushed into a scan of a Delta view (TableView looks the value up by
	 * file_index), as DuckDB 2.0.0 prints it: the scan names file_index and can still be told apart from others.
	 */
	@Test
	void aPartitionValueLookupNamesTheFileIndex() {
		assertEquals(Set.of("file_index"),
				names("(array_extract(['a''x]', 'b', 'c'], (CAST(file_index AS BIGINT) + 1)) = 'b')"));
		assertEquals(Set.of("file_index", "id"), names("((array_extract([0, 1, NULL::INTEGER], (CAST(file_index AS"
				+ " BIGINT) + 1)) >= 1) AND (id > 3))"));
		assertFalse(PlanScans.names("(array_extract(s, 2) = 'b')", new HashSet<>()), "another lookup");
		assertArrayEquals(new int[] { 1, 0 }, PlanScans.match(List.of(scan("k"), scan("k", "amount", "file_index")),
				List.of(Set.of("k", "amount"), Set.of("k", "name"))));
	}

	private static PlanScans.Scan scan(String... columns) {
		return new PlanScans.Scan(Set.of(columns), List.of(), true);
	}

	@Test
	void scansAreMatchedOnlyWhenOneAssignmentFits() {
		// a dimension's columns within the fact's: the fact's scan is the one naming amount
		assertArrayEquals(new int[] { 1, 0 }, PlanScans.match(List.of(scan("k"), scan("k", "amount", "filename")),
				List.of(Set.of("k", "amount"), Set.of("k", "name"))));
		assertNull(PlanScans.match(List.of(scan("k"), scan("k")), List.of(Set.of("k", "a"), Set.of("k", "b"))),
				"both fit both");
		assertNull(PlanScans.match(List.of(scan("k")), List.of(Set.of("k"), Set.of("k"))), "a scan short");
		assertNull(PlanScans.match(List.of(scan("x"), scan("k")), List.of(Set.of("k"), Set.of("k", "a"))),
				"a name no table has");
		assertNull(PlanScans.match(List.of(new PlanScans.Scan(Set.of("k"), List.of(), false), scan("a")),
				List.of(Set.of("k"), Set.of("a"))), "a filter not understood");
	}
}
