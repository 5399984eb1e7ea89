package io.lakestudio.ui.ducklake;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.SpecTableColumns;

/**
 * Each column's nulls, min and max over the data files a snapshot sees, from the per-file stats DuckLake keeps
 * ({@code ducklake_file_column_stats}): the catalog's own figures, with no file read. Numbers compare as numbers,
 * everything else as text (DuckLake keeps dates and timestamps in their sortable ISO form).
 */
record ColumnRanges(Map<Long, Range> byColumn) {

	record Range(long nulls, String min, String max) {
	}

	static ColumnRanges of(MetadataStore store, long tableId, Set<Long> files) throws DuckLakeException {
		List<String> head = new ArrayList<>(SpecTableColumns.of("ducklake_file_column_stats").keySet());
		int file = head.indexOf("data_file_id");
		int table = head.indexOf("table_id");
		int column = head.indexOf("column_id");
		int nulls = head.indexOf("null_count");
		int min = head.indexOf("min_value");
		int max = head.indexOf("max_value");
		Map<Long, Range> out = new HashMap<>();
		for (List<String> row : store.rows("ducklake_file_column_stats")) {
			if (!String.valueOf(tableId).equals(row.get(table)) || !files.contains(Long.parseLong(row.get(file)))) {
				continue;
			}
			long c = Long.parseLong(row.get(column));
			long n = row.get(nulls) == null ? 0 : Long.parseLong(row.get(nulls));
			Range was = out.get(c);
			out.put(c, was == null ? new Range(n, row.get(min), row.get(max))
					: new Range(was.nulls() + n, pick(was.min(), row.get(min), -1), pick(was.max(), row.get(max), 1)));
		}
		return new ColumnRanges(out);
	}

	/** The smaller ({@code sign} -1) or larger of two values, either possibly null (unknown). */
	static String pick(String a, String b, int sign) {
		if (a == null || b == null) {
			return a == null ? b : a;
		}
		int cmp;
		try {
			cmp = new BigDecimal(a).compareTo(new BigDecimal(b));
		} catch (NumberFormatException e) {
			cmp = a.compareTo(b);
		}
		return cmp * sign >= 0 ? a : b;
	}
}
