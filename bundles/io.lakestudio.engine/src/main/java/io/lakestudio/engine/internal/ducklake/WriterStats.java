package io.lakestudio.engine.internal.ducklake;

import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;

/**
 * A column's stats as DuckDB's Parquet writer gave them ({@code COPY ... RETURN_STATS}), in place of a read of the
 * file's footer: taken only for a flat column of a type whose min and max the writer prints as the footer's, cast
 * to the column's type, print them (numbers, text, dates, times). A BOOLEAN ({@code 1} for {@code true}), a BLOB
 * (hex), a HUGEINT or INTERVAL (none) and a bound the writer says is not exact are read from the footer as before.
 */
final class WriterStats {

	private WriterStats() {
	}

	private static final Set<String> SAME_TEXT = Set.of("int8", "int16", "int32", "int64", "uint8", "uint16",
			"uint32", "uint64", "float32", "float64", "varchar", "date", "time", "timestamp", "timestamptz",
			"timestamp_s", "timestamp_ms", "timestamp_ns");

	/** Whether the writer prints the bounds of a column of this type as the footer's do (and Parquet keeps its values). */
	static boolean sameText(ColumnEntry col) {
		return SAME_TEXT.contains(col.type()) || col.type().startsWith("decimal(");
	}

	/** The stats of {@code col} from the writer's {@code said} of it, or null when they must come from the footer. */
	static ColumnStats of(ColumnEntry col, Map<String, String> said) {
		if (said == null || !col.children().isEmpty() || !sameText(col)) {
			return null;
		}
		Long values = number(said.get("num_values"));
		Long nulls = number(said.get("null_count"));
		Long size = number(said.get("column_size_bytes"));
		if (values == null || nulls == null || size == null) {
			return null;
		}
		String min = said.get("min");
		String max = said.get("max");
		if (values > nulls && (min == null || max == null || !"true".equals(said.get("min_is_exact"))
				|| !"true".equals(said.get("max_is_exact")))) {
			return null;
		}
		Boolean nan = null;
		if (col.type().startsWith("float")) {
			String hasNan = said.get("has_nan");
			if (hasNan == null) {
				return null;
			}
			nan = Boolean.parseBoolean(hasNan);
		}
		return new ColumnStats(col.id(), values, nulls, size, values > nulls ? min : null, values > nulls ? max : null,
				nan);
	}

	private static Long number(String v) {
		return v == null || !v.matches("\\d{1,18}") ? null : Long.valueOf(v);
	}
}
