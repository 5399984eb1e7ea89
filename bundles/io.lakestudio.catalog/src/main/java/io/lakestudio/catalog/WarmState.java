package io.lakestudio.catalog;

import java.time.Instant;

/**
 * How far the warm read of a table in use got (Tables in use): at which snapshot, how many of its columns (in
 * ordinal order) were read whole, whether that is all of them ("complete at snapshot N", the tree's check), and
 * whether the table is over keepUsedTablesGB (its tooltip says so). Kept in its own table, apart from the
 * catalog's rows about the lake.
 */
public record WarmState(String tableId, long snapshot, int columnsDone, boolean complete, boolean overLimit,
		Instant at) {
}
