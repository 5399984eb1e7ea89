package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.TableEntry;

/**
 * The Parquet writer options a table's data files are written with, from its options as the extension names them
 * ({@code parquet_compression}, {@code parquet_compression_level}, {@code parquet_row_group_size},
 * {@code parquet_row_group_size_bytes}, {@code parquet_version}; the catalog's, its schema's, its own): as
 * {@code COPY ... TO} options after the field ids. A value of another shape (a word, a number) is left out, so an
 * option's text never reaches the COPY as SQL.
 */
final class ParquetOptions {

	private ParquetOptions() {
	}

	/** {@code , COMPRESSION zstd, ROW_GROUP_SIZE 2048...}, or "". */
	static String of(Attached a, TableEntry t) throws DuckLakeException {
		return of(TableOptions.of(a, t), null);
	}

	/** The same with row groups of {@code rowGroupRows} rows in place of the table's. */
	static String of(Attached a, TableEntry t, long rowGroupRows) throws DuckLakeException {
		return of(TableOptions.of(a, t), rowGroupRows);
	}

	/** The table's {@code parquet_row_group_size}, else DuckDB's own. */
	static long rowGroupRows(Attached a, TableEntry t) throws DuckLakeException {
		String v = TableOptions.of(a, t).get("parquet_row_group_size");
		return v != null && v.strip().matches("\\d{1,18}") && Long.parseLong(v.strip()) > 0
				? Long.parseLong(v.strip())
				: RewriteRowGroups.DEFAULT_ROWS;
	}

	private static String of(Map<String, String> o, Long rowGroupRows) {
		List<String> out = new ArrayList<>();
		add(out, "COMPRESSION", o.get("parquet_compression"), "[A-Za-z0-9_]+");
		add(out, "COMPRESSION_LEVEL", o.get("parquet_compression_level"), "-?\\d+");
		add(out, "ROW_GROUP_SIZE", rowGroupRows == null ? o.get("parquet_row_group_size") : rowGroupRows.toString(),
				"\\d+");
		add(out, "ROW_GROUP_SIZE_BYTES", o.get("parquet_row_group_size_bytes"), "\\d+");
		String version = o.get("parquet_version");
		add(out, "PARQUET_VERSION", version == null ? null : "V" + version.strip().replaceFirst("^[vV]", ""),
				"V[12]");
		return out.isEmpty() ? "" : ", " + String.join(", ", out);
	}

	private static void add(List<String> out, String option, String value, String shape) {
		if (value != null && value.strip().matches(shape)) {
			out.add(option + " " + value.strip());
		}
	}
}
