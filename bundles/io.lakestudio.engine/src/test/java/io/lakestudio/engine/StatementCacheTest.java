package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;

/**
 * A statement run again is neither parsed nor rewritten again, yet answers as if it were: a new snapshot of its
 * table is read, and a temp view made since changes what its names mean.
 */
class StatementCacheTest {

	private static final String T = "\"Cache/Stmt\".t";

	static void add(Connection d, Path table, String file, int from, int n) throws Exception {
		try (Statement s = d.createStatement()) {
			s.execute("COPY (SELECT (" + from + " + i)::BIGINT AS id FROM range(" + n + ") r(i)) TO '"
					+ table.resolve(file) + "' (FORMAT parquet)");
		}
		DeltaTables.append(table, List.of(new DataFile(file, Files.size(table.resolve(file)), Map.of(), n, Map.of(),
				Map.of(), Map.of())));
	}

	@Test
	void theSameTextReadsTheNewSnapshotAndSeesNewTempNames(@TempDir Path t) throws Exception {
		Path root = t.resolve("lake");
		Path table = Files.createDirectories(root.resolve("Cache/Stmt.Lakehouse/Tables/t"));
		DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false)), List.of(), Map.of());
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				TestLake lake = TestLake.of(t, root);
				Engine e = lake.engine(lake.lake.store(), false, Duration.ZERO)) {
			add(d, table, "a.parquet", 0, 100);
			String sql = "SELECT count(*), sum(id) FROM " + T + " WHERE id >= 50";
			assertEquals(List.of(List.of("50", "3725")), TestLake.rows(e, sql));
			add(d, table, "b.parquet", 100, 10);
			try (Result r = e.execute(sql, "test", true)) { // --fresh: the log is read again
				r.next();
				assertEquals(List.of("60", "4770"), List.of(r.text(0), r.text(1)), "the new snapshot is read");
			}

			String named = "SELECT count(*) FROM recent";
			EngineException refused = assertThrows(EngineException.class, () -> TestLake.rows(e, named));
			assertEquals(EngineException.Kind.REFUSED, refused.kind(), refused.getMessage());
			TestLake.rows(e, "CREATE TEMP VIEW recent AS SELECT * FROM " + T + " WHERE id >= 100");
			assertEquals(List.of(List.of("10")), TestLake.rows(e, named), "the temp view, not a lake table");
		}
	}
}
