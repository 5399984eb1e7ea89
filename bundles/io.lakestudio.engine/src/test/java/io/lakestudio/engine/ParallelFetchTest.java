package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.mirror.testing.WatchedStore;

/**
 * Cold reads over a slow lake: a statement's log files, then its footers, then its chunks, go out together (a
 * bounded number in flight), not one request after another; and chunks a small column apart come in one ranged
 * read.
 */
class ParallelFetchTest {

	private static final String T = "\"Bench/Wide\".wide";
	private static final int FILES = 6;
	private static final int GROUPS = 4;

	@TempDir
	Path tmp;

	@Test
	@Timeout(120)
	void aColdStatementFetchesItsFilesTogetherAndNearChunksAsOne() throws Exception {
		Path root = tmp.resolve("lake");
		Path table = Files.createDirectories(root.resolve("Bench/Wide.Lakehouse/Tables/wide"));
		DeltaTables.create(table, List.of(new DeltaColumn("a", "string", false), new DeltaColumn("flag", "boolean",
				false), new DeltaColumn("c", "string", false), new DeltaColumn("z", "string", false)), List.of(), Map.of());
		List<DataFile> files = new ArrayList<>();
		long rows = 0;
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			for (int f = 0; f < FILES; f++) {
				Path p = table.resolve("part-" + f + ".parquet");
				// a and c of random text with only flag's few bytes between them; z, not read, ~1 MB of random text
				// per row group between c and the next a: too far to fetch along, even to save a round trip
				s.execute("COPY (SELECT md5((" + f + " * 100000 + i)::VARCHAR) AS a, true AS flag, md5(i::VARCHAR) || 'c' AS c,"
						+ " md5(i::VARCHAR || 'z1') || md5(i::VARCHAR || 'z2') || md5(i::VARCHAR || 'z3')"
						+ " || md5(i::VARCHAR || 'z4') || md5(i::VARCHAR || 'z5') || md5(i::VARCHAR || 'z6') AS z"
						+ " FROM range(" + GROUPS * 5000 + ") r(i)) TO '" + p + "' (FORMAT parquet, ROW_GROUP_SIZE 5000)");
				files.add(new DataFile(p.getFileName().toString(), Files.size(p), Map.of(), GROUPS * 5000L, Map.of(),
						Map.of(), Map.of()));
				rows += GROUPS * 5000;
			}
			try (ResultSet r = s.executeQuery("SELECT max(total_compressed_size) FROM parquet_metadata('"
					+ table.resolve("part-0.parquet") + "') WHERE path_in_schema = 'flag'")) {
				r.next();
				assertTrue(r.getLong(1) < 1024, "flag's chunks are small: " + r.getLong(1));
			}
		}
		DeltaTables.append(table, files);
		try (TestLake lake = TestLake.of(tmp, root)) {
			WatchedStore slow = new WatchedStore(lake.lake.store(), Duration.ofMillis(40));
			try (Engine e = lake.engine(slow, false, Duration.ofHours(1))) {
				KernelOracle.Answer kernel = KernelOracle.read(table, null, Set.of("a", "c"));
				KernelOracle.Answer got = TestLake.read(e, "SELECT a, c FROM " + T);
				assertEquals(rows, got.rows());
				assertEquals(kernel.checksum(), got.checksum(), "a and c equal Kernel's read");
				assertTrue(slow.dataMost.get() > 1, "reads in flight at once: " + slow.dataMost.get());
				assertTrue(slow.dataMost.get() <= 8, "at most 8 in flight: " + slow.dataMost.get());
				// per file: its tail, then one read per row group for a, flag and c (flag's bytes come along), not two
				assertEquals(FILES * (1 + GROUPS), slow.dataReads.get(), "ranged reads");
			}
		}
	}

	@Test
	@Timeout(120)
	void aColdStatementFetchesItsLogFilesTogether() throws Exception {
		Path root = tmp.resolve("lake");
		Path table = Files.createDirectories(root.resolve("Bench/Wide.Lakehouse/Tables/wide"));
		DeltaTables.create(table, List.of(new DeltaColumn("a", "string", false), new DeltaColumn("c", "string", false)),
				List.of(), Map.of());
		int appends = 5;
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			for (int f = 0; f < appends; f++) {
				Path p = table.resolve("part-" + f + ".parquet");
				s.execute("COPY (SELECT md5((" + f + " * 1000 + i)::VARCHAR) AS a, i::VARCHAR AS c FROM range(1000) r(i))"
						+ " TO '" + p + "' (FORMAT parquet)");
				DeltaTables.append(table, List.of(new DataFile(p.getFileName().toString(), Files.size(p), Map.of(), 1000L,
						Map.of(), Map.of(), Map.of())));
			}
		}
		long commits;
		try (var l = Files.list(table.resolve("_delta_log"))) {
			commits = l.filter(p -> p.toString().endsWith(".json")).count();
		}
		assertEquals(1 + appends, commits, "a commit per append after the first");
		try (TestLake lake = TestLake.of(tmp, root)) {
			WatchedStore slow = new WatchedStore(lake.lake.store(), Duration.ofMillis(40));
			try (Engine e = lake.engine(slow, false, Duration.ofHours(1))) {
				KernelOracle.Answer kernel = KernelOracle.read(table, null, Set.of("a", "c"));
				KernelOracle.Answer got = TestLake.read(e, "SELECT a, c FROM " + T);
				assertEquals(kernel.rows(), got.rows());
				assertEquals(kernel.checksum(), got.checksum(), "a and c equal Kernel's read");
				assertEquals(commits, slow.logReads.get(), "each commit read once");
				// one round trip for the log's files, not one per commit
				assertTrue(slow.logMost.get() > 1, "log reads in flight at once: " + slow.logMost.get());
				assertTrue(slow.logMost.get() <= 8, "at most 8 in flight: " + slow.logMost.get());
			}
		}
	}
}
