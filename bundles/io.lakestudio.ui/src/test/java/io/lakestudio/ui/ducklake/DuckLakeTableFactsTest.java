package io.lakestudio.ui.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;

/** Which snapshots touch a table, read from DuckLake's changes_made text, and the Data tab's statement. */
class DuckLakeTableFactsTest {

	private static Snapshot snapshot(long id, String changes) {
		return new Snapshot(id, Instant.EPOCH.plusSeconds(id), 1, 1, 1, changes, null, null);
	}

	@Test
	void touchingNamesTheTableByIdOrWhereItWasCreated() {
		TableEntry orders = new TableEntry(1, "u", 1, 0, "orders", "orders/");
		List<Snapshot> all = List.of(snapshot(0, "created_schema:\"main\""),
				snapshot(1, "created_table:\"main\".\"orders\""), snapshot(2, "inserted_into_table:1"),
				snapshot(3, "created_table:\"sales\".\"orders\""), snapshot(4, "inserted_into_table:11"),
				snapshot(5, "created_view:\"main\".\"v\",deleted_from_table:1"), snapshot(6, "altered_table:2"));
		assertEquals(List.of(5L, 2L, 1L),
				DuckLakeTableFacts.touching(all, orders, "main").stream().map(Snapshot::id).toList(),
				"not the other schema's orders, not table 11, newest first");
	}

	@Test
	void selectQuotesNamesAndPinsASnapshot() {
		assertEquals("SELECT * FROM \"lake\".\"main\".\"my \"\"t\"\"\" LIMIT 5",
				DuckLakeTableFacts.select("lake", "main", "my \"t\"", null, 5));
		assertEquals("SELECT * FROM \"lake\".\"main\".\"t\" AT (VERSION => 3) LIMIT 5",
				DuckLakeTableFacts.select("lake", "main", "t", 3L, 5));
	}

	@Test
	void columnRangesCompareNumbersAsNumbers() {
		assertEquals("9", ColumnRanges.pick("9", "10", -1));
		assertEquals("10", ColumnRanges.pick("9", "10", 1));
		assertEquals("b", ColumnRanges.pick("a", "b", 1));
		assertEquals("a", ColumnRanges.pick(null, "a", 1));
	}
}
