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
	 * A file written, and when asked for, the writer's stats of its columns ({@code RETURN_STATS}'s
	 * column_statistics: by the column's quoted name, each stat's text), else an empty map.
	 */
	record Written(Path path, Map<String, Map<String, String>> writerStats) {
	}

	/** The files, in the order written; {@code writerStats}: with DuckDB's writer stats of each (GEOMETRY's need them). */
	static List<Written> write(Connection d, Path staging, String query, String fieldIds, long targetBytes,
			boolean writerStats) throws SQLException, IOException {
		String returnStats = writerStats ? ", RETURN_STATS true" : "";
		if (targetBytes <= 0) {
			Path staged = staging.resolve("ducklake-" + UUID.randomUUID() + ".parquet");
			Map<String, Map<String, Map<String, String>>> stats = copy(d, "COPY (" + query + ") TO " + Sql.string(
					staged.toString()) + " (FORMAT parquet, " + fieldIds + returnStats + ")", writerStats);
			return List.of(new Written(staged, stats.getOrDefault(staged.toString(), Map.of())));
		}
		Path dir = staging.resolve("split-" + UUID.randomUUID());
		Map<String, Map<String, Map<String, String>>> stats = copy(d, "COPY (" + query + ") TO " + Sql.string(dir
				.toString()) + " (FORMAT parquet, " + fieldIds + ", FILE_SIZE_BYTES " + targetBytes
				+ ", FILENAME_PATTERN 'part_{i}'" + returnStats + ")", writerStats);
		List<Path> parts;
		try (Stream<Path> s = Files.list(dir)) {
			parts = new ArrayList<>(s.toList());
		}
		parts.sort(Comparator.comparingLong(TargetFiles::index));
		List<Written> out = new ArrayList<>();
		for (Path p : parts) {
			Path to = staging.resolve("ducklake-" + UUID.randomUUID() + ".parquet");
			Files.move(p, to);
			out.add(new Written(to, stats.getOrDefault(p.toString(), Map.of())));
		}
		Files.deleteIfExists(dir);
		return out;
	}

	/** Runs the COPY; with RETURN_STATS, its rows: each file's column_statistics by the file's name. */
	private static Map<String, Map<String, Map<String, String>>> copy(Connection d, String sql, boolean stats)
			throws SQLException {
		Map<String, Map<String, Map<String, String>>> out = new HashMap<>();
		try (Statement s = d.createStatement()) {
			if (!s.execute(sql) || !stats) {
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
					out.put(Path.of(r.getString("filename")).toString(), columns);
				}
			}
		}
		return out;
	}

	private static long index(Path p) {
		String n = p.getFileName().toString().replaceAll("\\D+", "");
		return n.isEmpty() ? 0 : Long.parseLong(n);
	}

	private static void exec(Connection d, String sql) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute(sql);
		}
	}
}
