package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import io.lakestudio.engine.internal.Sql;

/**
 * An insert's rows written as Parquet into the staging folder: one file {@code ducklake-<uuid>.parquet}, or, with a
 * target file size (the session's {@code ducklake_target_file_size}, else the catalog's {@code target_file_size}),
 * as many as DuckDB's {@code FILE_SIZE_BYTES} makes, each renamed so, in the order they were written.
 */
final class TargetFiles {

	private TargetFiles() {
	}

	/**
	 * A file written, with what the writer said of it ({@code RETURN_STATS}, so no footer need be read for it): its
	 * rows, footer size, row groups, and each column's stats (column_statistics: by the column's quoted name, each
	 * stat's text).
	 */
	record Written(Path path, Map<String, Map<String, String>> writerStats, long rows, long footerSize,
			long rowGroups) {
	}

	/** What RETURN_STATS said of one file. */
	private record Said(Map<String, Map<String, String>> columns, long rows, long footerSize, long rowGroups) {
	}

	/** The files, in the order written. */
	static List<Written> write(Connection d, Path staging, String query, String fieldIds, long targetBytes)
			throws SQLException, IOException {
		if (targetBytes <= 0) {
			Path staged = staging.resolve("ducklake-" + UUID.randomUUID() + ".parquet");
			Map<String, Said> said = copy(d, "COPY (" + query + ") TO " + Sql.string(staged.toString())
					+ " (FORMAT parquet, " + fieldIds + ", RETURN_STATS true)");
			return List.of(written(d, staged, said.get(staged.toString())));
		}
		Path dir = staging.resolve("split-" + UUID.randomUUID());
		Map<String, Said> said = copy(d, "COPY (" + query + ") TO " + Sql.string(dir.toString())
				+ " (FORMAT parquet, " + fieldIds + ", FILE_SIZE_BYTES " + targetBytes
				+ ", FILENAME_PATTERN 'part_{i}', RETURN_STATS true)");
		List<Path> parts;
		try (Stream<Path> s = Files.list(dir)) {
			parts = new ArrayList<>(s.toList());
		}
		parts.sort(Comparator.comparingLong(TargetFiles::index));
		List<Written> out = new ArrayList<>();
		for (Path p : parts) {
			Path to = staging.resolve("ducklake-" + UUID.randomUUID() + ".parquet");
			Files.move(p, to);
			out.add(written(d, to, said.get(p.toString())));
		}
		Files.deleteIfExists(dir);
		return out;
	}

	/** The file {@code p} with what the COPY said of it; its row groups from its footer if the COPY didn't say. */
	private static Written written(Connection d, Path p, Said said) throws SQLException {
		if (said == null) {
			throw new SQLException("DuckDB's COPY said nothing of the file it wrote, " + p);
		}
		long groups = said.rowGroups();
		if (groups < 0) {
			try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT num_row_groups FROM"
					+ " parquet_file_metadata(" + Sql.string(p.toString()) + ")")) {
				r.next();
				groups = r.getLong(1);
			}
		}
		return new Written(p, said.columns(), said.rows(), said.footerSize(), groups);
	}

	/** Runs the COPY with RETURN_STATS: what it says of each file, by the file's name. */
	private static Map<String, Said> copy(Connection d, String sql) throws SQLException {
		Map<String, Said> out = new HashMap<>();
		try (Statement s = d.createStatement()) {
			if (!s.execute(sql)) {
				return out;
			}
			try (ResultSet r = s.getResultSet()) {
				while (r.next()) {
					Map<String, Map<String, String>> columns = new HashMap<>();
					if (r.getObject("column_statistics") instanceof Map<?, ?> m) {
						for (Map.Entry<?, ?> e : m.entrySet()) {
							Map<String, String> one = new HashMap<>();
							if (e.getValue() instanceof Map<?, ?> v) {
								v.forEach((k, x) -> one.put(String.valueOf(k), x == null ? null : String.valueOf(x)));
							}
							columns.put(String.valueOf(e.getKey()), one);
						}
					}
					long groups = r.getObject("extra_info") instanceof Map<?, ?> extra
							&& extra.get("row_group_count") != null ? Long.parseLong(String.valueOf(extra.get(
									"row_group_count"))) : -1;
					out.put(Path.of(r.getString("filename")).toString(), new Said(columns, r.getLong("count"), r
							.getLong("footer_size_bytes"), groups));
				}
			}
		}
		return out;
	}

	private static long index(Path p) {
		String n = p.getFileName().toString().replaceAll("\\D+", "");
		return n.isEmpty() ? 0 : Long.parseLong(n);
	}

}
