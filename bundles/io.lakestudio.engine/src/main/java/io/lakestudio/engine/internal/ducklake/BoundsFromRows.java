package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.engine.internal.Sql;

/**
 * A written file's column bounds where its footer has none though the column holds values: DuckDB writes HUGEINT
 * and UHUGEINT as DOUBLE with no statistics, and INTERVAL with none, where the extension keeps the writer's own
 * min and max. Read from the file's rows then (a scan of that one column).
 */
final class BoundsFromRows {

	private BoundsFromRows() {
	}

	/** {@code s}, its min and max read from the rows of {@code file} (a SQL string) when it lacks them. */
	static ColumnStats fill(Connection d, String file, ColumnEntry top, ColumnStats s) throws SQLException {
		if (top == null || s.min() != null || s.valueCount() <= s.nullCount() || !top.children().isEmpty()) {
			return s;
		}
		// as the column's type: the file holds a HUGEINT as DOUBLE, whose text is 10000.0
		String col = "CAST(" + Sql.ident(top.name()) + " AS " + NestedTypes.duckType(top) + ")";
		try (Statement st = d.createStatement(); ResultSet r = st.executeQuery("SELECT min(" + col + ")::VARCHAR, max("
				+ col + ")::VARCHAR FROM read_parquet(" + file + ")")) {
			r.next();
			return new ColumnStats(s.columnId(), s.valueCount(), s.nullCount(), s.columnSizeBytes(), r.getString(1),
					r.getString(2), s.containsNan());
		}
	}
}
