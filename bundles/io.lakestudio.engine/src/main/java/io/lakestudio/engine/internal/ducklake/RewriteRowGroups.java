package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * The row group size that makes a compaction's files rotate where the extension's do. Both writers take rows a
 * vector at a time and close a row group once it holds {@code parquet_row_group_size} rows or more; a file ends after
 * the row group that takes it past {@code target_file_size}. But the extension's vectors are 2048 rows of a source
 * file's row group less its deleted rows (2048 sorted rows when the table has a sort), while DuckDB's COPY of our
 * query gets full vectors of 2048: a file with a tenth of its rows deleted and a row group size of 2000 makes row
 * groups of two vectors, 3686 rows, in the extension, of one vector in the COPY, and so twice as many files. So the
 * COPY is given the row group size (whole vectors) that makes as many row groups as the extension's writer makes.
 */
final class RewriteRowGroups {

	/** DuckDB's vector: the rows a scan hands the writer at a time. */
	static final int VECTOR = 2048;
	/** DuckDB's own row group size, when the table names none. */
	static final long DEFAULT_ROWS = 122_880;

	private RewriteRowGroups() {
	}

	/**
	 * The {@code ROW_GROUP_SIZE} (whole vectors) with which DuckDB's COPY of the rows cuts as many row groups, or as
	 * near as whole vectors can, as the extension's writer cuts of {@code vectors} (each vector's rows, in order).
	 */
	static long copyRowGroupSize(List<Long> vectors, long rowGroupRows) {
		long total = 0;
		long groups = 0;
		long open = 0;
		for (long v : vectors) {
			total += v;
			open += v;
			if (open >= rowGroupRows) {
				groups++;
				open = 0;
			}
		}
		if (open > 0) {
			groups++;
		}
		if (groups == 0 || groups(total, (rowGroupRows + VECTOR - 1) / VECTOR) == groups) {
			return rowGroupRows; // the table's own size cuts as many
		}
		// k vectors a group make no more groups than the extension's; k - 1 make as many or more: the nearer wins
		long k = Math.max(1, (total + groups * VECTOR - 1) / (groups * VECTOR));
		if (k > 1 && groups(total, k - 1) - groups < groups - groups(total, k)) {
			k--;
		}
		return k * VECTOR;
	}

	private static long groups(long total, long vectorsPerGroup) {
		long rows = vectorsPerGroup * VECTOR;
		return (total + rows - 1) / rows;
	}

	/** The vectors of {@code sorted} rows: full vectors, the last one what is left. */
	static List<Long> sortedVectors(long rows) {
		List<Long> out = new ArrayList<>();
		for (long left = rows; left > 0; left -= VECTOR) {
			out.add(Math.min(left, VECTOR));
		}
		return out;
	}

	/** A source file's row group: its file's id and its rows' positions, {@code start} up to {@code stop}. */
	private record Source(long file, long start, long stop) {
	}

	/**
	 * The live rows of each vector of {@code files} (in the bin's order) as {@code rows} (the {@link FileRows} select
	 * less every delete) holds them: each file's row groups read from its footer, each cut into vectors.
	 */
	static List<Long> vectors(Connection d, Attached a, SchemaEntry s, TableEntry t, List<ReadPlan.Part> files,
			String rows) throws SQLException {
		List<Source> groups = new ArrayList<>();
		for (ReadPlan.Part p : files) {
			String path = a.catalog.resolve(s, t, p.data().path(), p.data().relative());
			long start = 0;
			try (Statement st = d.createStatement(); ResultSet r = st.executeQuery("SELECT DISTINCT row_group_id,"
					+ " row_group_num_rows FROM parquet_metadata(" + Sql.string(path) + ") ORDER BY row_group_id")) {
				while (r.next()) {
					groups.add(new Source(p.data().id(), start, start + r.getLong(2)));
					start += r.getLong(2);
				}
			}
		}
		if (groups.isEmpty()) {
			return List.of();
		}
		List<String> values = new ArrayList<>();
		for (Source g : groups) {
			values.add("(" + g.file() + "::BIGINT, " + g.start() + "::BIGINT, " + g.stop() + "::BIGINT)");
		}
		Map<String, Long> live = new HashMap<>();
		try (Statement st = d.createStatement(); ResultSet r = st.executeQuery("SELECT g.file, g.start, (r." + Views.POS
				+ " - g.start) // " + VECTOR + " AS k, count(*) FROM (" + rows + ") r JOIN (VALUES " + String.join(", ",
						values) + ") g(file, start, stop) ON r." + Views.FILE + " = g.file AND r." + Views.POS
				+ " >= g.start AND r." + Views.POS + " < g.stop GROUP BY ALL")) {
			while (r.next()) {
				live.put(r.getLong(1) + ":" + r.getLong(2) + ":" + r.getLong(3), r.getLong(4));
			}
		}
		List<Long> out = new ArrayList<>();
		for (Source g : groups) {
			for (long k = 0; g.start() + k * VECTOR < g.stop(); k++) {
				out.add(live.getOrDefault(g.file() + ":" + g.start() + ":" + k, 0L));
			}
		}
		return out;
	}
}
