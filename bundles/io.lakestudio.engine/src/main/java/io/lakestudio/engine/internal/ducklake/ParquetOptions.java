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
		Map<String, String> o = TableOptions.of(a, t);
		List<String> out = new ArrayList<>();
		add(out, "COMPRESSION", o.get("parquet_compression"), "[A-Za-z0-9_]+");
		add(out, "COMPRESSION_LEVEL", o.get("parquet_compression_level"), "-?\\d+");
		add(out, "ROW_GROUP_SIZE", o.get("parquet_row_group_size"), "\\d+");
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
