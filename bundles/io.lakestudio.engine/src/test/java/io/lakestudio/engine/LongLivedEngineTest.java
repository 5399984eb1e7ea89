package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;

/**
 * A long-lived engine (the workbench's, the headless server's) sees ever new file choices: each makes a temp view
 * in DuckDB. Their number stays bounded however many statements run, and a
 * statement whose view was dropped meanwhile (its kept plan named it) answers right, as does a session's temp view
 * made over a lake table long before.
 */
class LongLivedEngineTest {

	private static final String T = "\"Bench/Parts\".parts";
	private static final int PARTITIONS = 40;
	private static final int ROWS = 10;

	@TempDir
	Path tmp;

	@Test
	@Timeout(300)
	void manyFileChoicesKeepDuckDbBounded() throws Exception {
		Path root = tmp.resolve("lake");
		write(root.resolve("Bench/Parts.Lakehouse/Tables/parts"));
		List<int[]> pairs = new ArrayList<>();
		for (int a = 0; a < PARTITIONS; a++) {
			for (int b = a + 1; b < PARTITIONS; b++) {
				pairs.add(new int[] { a, b });
			}
		}
		try (TestLake lake = TestLake.of(tmp, root); Engine e = lake.engine()) {
			assertEquals(String.valueOf(sum(0, 1)), TestLake.one(e, statement(0, 1)));
			assertEquals(String.valueOf(sum(0, 1)), TestLake.one(e, statement(0, 1))); // a kept plan now
			TestLake.one(e, "CREATE TEMP VIEW early AS SELECT id FROM " + T + " WHERE p = 39");
			long[] held = new long[2];
			int run = 0;
			for (int round = 0; round < 2; round++) {
				for (int i = 0; i < 300; i++, run++) {
					int[] x = pairs.get(1 + run);
					assertEquals(String.valueOf(sum(x[0], x[1])), TestLake.one(e, statement(x[0], x[1])), "p " + x[0]
							+ ", " + x[1]);
				}
				held[round] = e.lakeViewsHeld();
			}
			// each choice made a view: 600 by now, unless the least used go
			assertTrue(held[0] < 300, "DuckDB holds " + held[0] + " views and tables after 300 file choices");
			assertEquals(held[0], held[1], "after 300 and after 600 file choices");
			assertEquals(String.valueOf(sum(0, 1)), TestLake.one(e, statement(0, 1)));
			assertEquals(String.valueOf(one(39)), TestLake.one(e, "SELECT sum(id) FROM early"));
		}
	}

	/**
	 * DuckDB 2.0.0 keeps ~1 KB of malloc for good after each query that runs a hash join (notes/mem/join-creep.md):
	 * were partition values joined in, a long-lived engine would grow by that on every statement over a partitioned
	 * table. Its statements run no join, and still answer with each row's partition value.
	 */
	@Test
	@Timeout(120)
	void partitionValuesAreReadWithoutAJoin() throws Exception {
		Path root = tmp.resolve("lake");
		write(root.resolve("Bench/Parts.Lakehouse/Tables/parts"));
		try (TestLake lake = TestLake.of(tmp, root); Engine e = lake.engine()) {
			String sql = "SELECT p, sum(id) FROM " + T + " WHERE p IN (3, 7) OR p >= 38 GROUP BY p ORDER BY p";
			assertEquals(List.of(List.of("3", String.valueOf(one(3))), List.of("7", String.valueOf(one(7))),
					List.of("38", String.valueOf(one(38))), List.of("39", String.valueOf(one(39)))),
					TestLake.rows(e, sql));
			String plan = TestLake.rows(e, "EXPLAIN " + sql).toString().toUpperCase(Locale.ROOT);
			assertTrue(plan.contains("READ_PARQUET"), plan);
			assertFalse(plan.contains("JOIN"), plan); // DuckDB's box shows "Hash Join"
		}
	}

	private static String statement(int a, int b) {
		return "SELECT sum(id) FROM " + T + " WHERE p >= " + a + " AND p <= " + b;
	}

	/** Partition k holds the ids k*ROWS*ROWS .. k*ROWS*ROWS + ROWS - 1. */
	private static long sum(int a, int b) {
		long s = 0;
		for (int k = a; k <= b; k++) {
			s += one(k);
		}
		return s;
	}

	private static long one(int k) {
		return (long) ROWS * k * ROWS * ROWS + ROWS * (ROWS - 1) / 2;
	}

	private static void write(Path table) throws Exception {
		Files.createDirectories(table);
		DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false), new DeltaColumn("p", "integer", false)),
				List.of("p"), Map.of());
		List<DataFile> files = new ArrayList<>();
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			for (int k = 0; k < PARTITIONS; k++) {
				Path f = Files.createDirectories(table.resolve("p=" + k)).resolve("part-0.parquet");
				s.execute("COPY (SELECT (" + k * ROWS * ROWS + " + i)::BIGINT AS id FROM range(" + ROWS + ") r(i)) TO '"
						+ f + "' (FORMAT parquet)");
				files.add(new DataFile("p=" + k + "/part-0.parquet", Files.size(f), Map.of("p", k), ROWS, Map.of(),
						Map.of(), Map.of()));
			}
		}
		DeltaTables.append(table, files);
	}
}
