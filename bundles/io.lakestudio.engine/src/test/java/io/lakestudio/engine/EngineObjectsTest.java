package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A statement can't stand in for the views, tables and answers the engine makes for the lake's tables: those live
 * where user SQL can't create or replace anything, and the names the engine uses are refused for a user's own.
 * What the lake's table holds is read with raw DuckDB over its files, not through the engine.
 */
@Timeout(120)
class EngineObjectsTest {

	private static final String COUNT = "SELECT count(*), sum(customer_id) FROM \"Sales/Orders\".customers";

	/** count and sum of customer_id over the table's Parquet files, read by a DuckDB of its own. */
	private static List<String> raw(TestLake lake) throws Exception {
		Path t = lake.table("Sales/Orders.Lakehouse/Tables/customers");
		try (Connection d = Engine.writer(lake.home); Statement s = d.createStatement();
				ResultSet rs = s.executeQuery("SELECT count(*), sum(customer_id) FROM read_parquet('" + t
						+ "/*.parquet')")) {
			rs.next();
			return List.of(rs.getString(1), rs.getString(2));
		}
	}

	@Test
	void aStatementCannotReplaceTheEnginesViewOfALakeTable(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine()) {
			List<String> expected = raw(lake);
			assertEquals("2000", expected.get(0));
			assertEquals(List.of(expected), TestLake.rows(e, COUNT));
			// the view the engine made for it is __lake_1 (then __lake_2...); replace each name it might be
			for (String name : new String[] { "__lake_1", "__lake_2", "__lake_1_d", "__ice_1", "__ls_all_tables" }) {
				EngineException x = assertThrows(EngineException.class,
						() -> e.execute("CREATE TEMP VIEW " + name + " AS SELECT 42 AS customer_id", "test").close());
				assertEquals(EngineException.Kind.REFUSED, x.kind(), x.getMessage());
				assertTrue(x.getMessage().contains("the engine's own"), x.getMessage());
			}
			assertEquals(List.of(expected), TestLake.rows(e, COUNT), "still the lake's rows");
			// a CTE of the same name does not shadow it either
			assertEquals(List.of(expected), TestLake.rows(e,
					"WITH __lake_1 AS (SELECT 42 AS customer_id) SELECT count(*), sum(customer_id)"
							+ " FROM \"Sales/Orders\".customers"));
			// a user's own temp view still works, and a lake table read inside it reads the lake
			assertEquals("created", TestLake.one(e, "CREATE TEMP VIEW mine AS SELECT * FROM \"Sales/Orders\".customers"));
			assertEquals(List.of(expected), TestLake.rows(e, "SELECT count(*), sum(customer_id) FROM mine"));
		}
	}
}
