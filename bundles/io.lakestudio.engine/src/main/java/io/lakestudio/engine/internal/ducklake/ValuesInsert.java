package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;

/**
 * {@code INSERT INTO t VALUES (...)} of a few constant rows ({@link LiteralRows}, a value for every column) inlined
 * from one DuckDB query over the VALUES, each value cast to its column's type as the INSERT casts it: the temp table
 * the rows otherwise pass through (made, filled, read: three round trips of a single-row insert's few) is skipped.
 * When the rows are not to be inlined so (too many, a table partitioned or sorted or of a type not inlined, a NULL in
 * a NOT NULL column, a value with no cast), nothing is changed and the insert goes the whole way, which says why.
 */
final class ValuesInsert {

	private final Writes writes;
	private final Connection d;

	ValuesInsert(Writes writes, Connection d) {
		this.writes = writes;
		this.d = d;
	}

	/** The rows inserted, or -1 when they must go the whole way. */
	long insert(Attached a, CatalogAt cat, TableEntry t, String values) throws DuckLakeException, IOException {
		List<ColumnEntry> cols = cat.columns(t.id());
		long n = LiteralRows.rows(values, cols.size());
		if (n <= 0 || n > Inlining.limit(a, t, writes.inliningRowLimit()) || !Inlining.inlinable(cols)
				|| Layouts.sorting(a, t.id()).isPresent()) {
			return -1;
		}
		Commit c = a.pending();
		if (!Inlining.unpartitioned(a, c, t)) {
			return -1;
		}
		TableStats before = writes.stats(a, c, t.id());
		List<InlinedRow> rows;
		try {
			rows = Inlining.rows(d, cols, QueryInsert.byPosition(cols, values, true), before.nextRowId(), false);
		} catch (SQLException e) {
			return -1; // the INSERT's own error, from the whole way
		}
		for (InlinedRow r : rows) {
			for (ColumnEntry col : cols) {
				if (!col.nullsAllowed() && r.values().get(col.id()) == null) {
					return -1;
				}
			}
		}
		Inlining.add(c, t, cols, rows);
		writes.inlined(c, a, cat.schemaOf(t).orElseThrow(), t, before, rows.size(), true);
		return rows.size();
	}
}
