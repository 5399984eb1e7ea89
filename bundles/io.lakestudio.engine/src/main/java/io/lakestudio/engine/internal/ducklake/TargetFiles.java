package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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

	static List<Path> write(Connection d, Path staging, String query, String fieldIds, long targetBytes)
			throws SQLException, IOException {
		if (targetBytes <= 0) {
			Path staged = staging.resolve("ducklake-" + UUID.randomUUID() + ".parquet");
			exec(d, "COPY (" + query + ") TO " + Sql.string(staged.toString()) + " (FORMAT parquet, " + fieldIds + ")");
			return List.of(staged);
		}
		Path dir = staging.resolve("split-" + UUID.randomUUID());
		exec(d, "COPY (" + query + ") TO " + Sql.string(dir.toString()) + " (FORMAT parquet, " + fieldIds
				+ ", FILE_SIZE_BYTES " + targetBytes + ", FILENAME_PATTERN 'part_{i}')");
		List<Path> parts;
		try (Stream<Path> s = Files.list(dir)) {
			parts = new ArrayList<>(s.toList());
		}
		parts.sort(Comparator.comparingLong(TargetFiles::index));
		List<Path> out = new ArrayList<>();
		for (Path p : parts) {
			Path to = staging.resolve("ducklake-" + UUID.randomUUID() + ".parquet");
			Files.move(p, to);
			out.add(to);
		}
		Files.deleteIfExists(dir);
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
