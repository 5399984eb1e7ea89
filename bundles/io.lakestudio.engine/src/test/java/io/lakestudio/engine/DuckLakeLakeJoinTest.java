package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One statement names a DuckLake table and a OneLake table: a join, an INSERT into a DuckLake table from a lake
 * table, a lake table at a version. The lake table's rows are the ones Delta Kernel reads from its log; a query
 * naming lake tables alone still runs on the engine, writing nothing for the DuckLake side.
 */
class DuckLakeLakeJoinTest {

	private static final String ORDERS = "\"Sales/Orders\".orders";
	/** The primitive columns of orders whose values Kernel and DuckDB write alike. */
	private static final String COLUMNS = "order_id, customer_id, product_id, quantity, amount, region";

	@TempDir
	static Path tmp;
	static TestLake lake;
	static Engine engine;
	static EngineSession s;

	@BeforeAll
	static void start() throws Exception {
		lake = TestLake.sample(tmp);
		engine = lake.engine();
		s = engine.openSession("test");
		run("ATTACH 'ducklake:sqlite:" + tmp.resolve("dl.sqlite") + "' AS dl (DATA_PATH '" + tmp.resolve("dl-files")
				+ "')");
	}

	@AfterAll
	static void stop() {
		s.close();
		engine.close();
		lake.close();
	}

	private static List<String> run(String sql) throws EngineException {
		try (Result r = s.execute(sql)) {
			List<String> out = new java.util.ArrayList<>();
			while (r.next()) {
				List<String> row = new java.util.ArrayList<>();
				for (int c = 0; c < r.columnNames().size(); c++) {
					row.add(r.text(c));
				}
				out.add(String.join("|", row));
			}
			return out;
		}
	}

	private static Path orders() {
		return lake.table("Sales/Orders.Lakehouse/Tables/orders");
	}

	@Test
	void aDuckLakeTableMadeFromALakeTableHoldsItsRows() throws Exception {
		run("CREATE TABLE dl.orders AS SELECT " + COLUMNS + " FROM " + ORDERS);
		KernelOracle.Answer kernel = KernelOracle.read(orders(), null, Set.of(COLUMNS.split(", ")));
		try (Result r = s.execute("SELECT " + COLUMNS + " FROM dl.orders")) {
			KernelOracle.Answer got = TestLake.read(r);
			assertEquals(kernel.rows(), got.rows());
			assertEquals(kernel.checksum(), got.checksum(), "the copied rows' values differ from the Delta table's");
		}
	}

	@Test
	void aJoinOfBothAnswersAsEachTableHoldsIt() throws Exception {
		run("CREATE TABLE dl.picked AS SELECT range * 7 AS id, range % 3 AS grp FROM range(1, 900)");
		// each side's rows as read alone: the lake table by Kernel, the DuckLake one by the session
		KernelOracle.Answer kernel = KernelOracle.read(orders(), null, Set.of(COLUMNS.split(", ")));
		String joined = "SELECT o.order_id, o.quantity, p.grp FROM " + ORDERS + " o JOIN dl.picked p ON o.order_id = p.id";
		List<String> rows = run(joined + " ORDER BY 1");
		assertEquals(List.of(String.valueOf(Math.min(899, kernel.rows() / 7))), run("SELECT count(*) FROM ("
				+ joined + ")"));
		assertEquals(rows.size(), Math.min(899, kernel.rows() / 7));
		for (String row : rows) {
			String[] v = row.split("\\|");
			assertEquals(Long.parseLong(v[0]) / 7 % 3, Long.parseLong(v[2]), row);
		}
		// the quantities are the lake table's: the same sum as the engine's own read of those orders
		assertEquals(run("SELECT sum(quantity) FROM " + ORDERS + " WHERE order_id % 7 = 0 AND order_id < 6300"),
				run("SELECT sum(o.quantity) FROM " + ORDERS + " o, dl.picked p WHERE o.order_id = p.id"));
	}

	@Test
	void aLakeTableAtAVersionJoinsAsItWasThen() throws Exception {
		run("CREATE TABLE dl.one AS SELECT 1 AS k");
		long v1 = KernelOracle.read(orders(), 1L).rows();
		long now = KernelOracle.read(orders(), null).rows();
		assertEquals(List.of(v1 + "|" + now), run("SELECT (SELECT count(*) FROM " + ORDERS
				+ " AT (VERSION => 1), dl.one), (SELECT count(*) FROM " + ORDERS + ", dl.one)"));
	}

	@Test
	void aQueryOfLakeTablesAloneStaysTheEngines() throws Exception {
		Path exports = lake.home.resolve("cache").resolve("exports");
		try (EngineSession other = engine.openSession("other")) {
			try (Result r = other.execute("ATTACH 'ducklake:sqlite:" + tmp.resolve("other.sqlite") + "' AS o (DATA_PATH '"
					+ tmp.resolve("other-files") + "')")) {
				r.next();
			}
			long before = count(exports);
			try (Result r = other.execute("SELECT count(*) FROM " + ORDERS)) {
				r.next();
				assertEquals(KernelOracle.read(orders(), null).rows(), r.value(0, Long.class));
			}
			assertEquals(before, count(exports), "a lake-only query was copied out for the DuckLake side");
		}
	}

	private static long count(Path dir) throws Exception {
		if (!Files.isDirectory(dir)) {
			return 0;
		}
		try (var l = Files.list(dir)) {
			return l.count();
		}
	}

	@Test
	void aMissingLakeTableFailsWithTheEnginesWords() {
		EngineException e = org.junit.jupiter.api.Assertions.assertThrows(EngineException.class, () -> run(
				"CREATE TABLE dl.none AS SELECT * FROM \"Sales/Orders\".no_such_table"));
		assertFalse(e.getMessage().isBlank());
		org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("no_such_table"), e.getMessage());
	}
}
