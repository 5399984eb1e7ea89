package io.lakestudio.engine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/** The bounded set of lake views: the least recently used go from DuckDB with their tables, never a running one. */
class ViewsTest {

	private static List<String> make(String name) {
		return List.of("CREATE OR REPLACE TABLE " + Sql.own(name + "_d") + " (filename VARCHAR, pos BIGINT)",
				"CREATE OR REPLACE VIEW " + Sql.own(name) + " AS SELECT 1 AS x");
	}

	@Test
	void leastRecentlyUsedGoWithTheirTables() throws Exception {
		try (Connection d = engineDatabase()) {
			Views v = new Views(2);
			String a = v.create(d, "a", "__lake_", ViewsTest::make);
			v.shownAs(a, "\"w/i\".a");
			v.begin();
			String b = v.create(d, "b", "__lake_", ViewsTest::make);
			v.begin();
			assertEquals(a, v.get("a")); // a used again: b is now the least recent
			v.begin();
			String c = v.create(d, "c", "__lake_", ViewsTest::make);
			assertEquals(Set.of(a, a + "_d", c, c + "_d"), objects(d));
			assertNull(v.get("b"));
			assertFalse(v.allLive(List.of(a, b)));
			assertEquals("\"w/i\".a", v.shownAs(a));
			assertNull(v.shownAs(b));
			// the running statement's views stay, even past the bound
			v.begin();
			v.get("a");
			v.get("c");
			String e = v.create(d, "e", "__lake_", ViewsTest::make);
			assertEquals(3, v.size());
			assertTrue(v.allLive(List.of(a, c, e)));
		}
	}

	@Test
	void pinnedViewsStayAndFailedOnesLeaveNothing() throws Exception {
		try (Connection d = engineDatabase()) {
			Views v = new Views(1);
			String a = v.create(d, "a", "__lake_", ViewsTest::make);
			v.pinRunning(); // a session's temp view reads it
			v.begin();
			String b = v.create(d, "b", "__lake_", ViewsTest::make);
			v.begin();
			v.create(d, "c", "__lake_", ViewsTest::make);
			assertTrue(objects(d).contains(a));
			assertFalse(objects(d).contains(b));
			assertThrows(SQLException.class, () -> v.create(d, "x", "__lake_",
					n -> List.of("CREATE TABLE " + Sql.own(n + "_d") + " (filename VARCHAR)",
							"CREATE VIEW " + Sql.own(n) + " AS nonsense")));
			assertTrue(objects(d).stream().noneMatch(o -> o.startsWith("__lake_4")), objects(d).toString());
		}
	}

	/** A connection with the engine's own database attached, where the engine keeps its views (see DuckDb). */
	private static Connection engineDatabase() throws SQLException {
		Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
		try (Statement s = d.createStatement()) {
			s.execute("ATTACH ':memory:' AS " + Sql.ENGINE);
		}
		return d;
	}

	private static Set<String> objects(Connection d) throws SQLException {
		Set<String> out = new TreeSet<>();
		try (Statement s = d.createStatement();
				ResultSet r = s.executeQuery("SELECT view_name FROM duckdb_views() WHERE database_name = '" + Sql.ENGINE + "' AND"
						+ " starts_with(view_name, '__lake_') UNION ALL SELECT table_name FROM duckdb_tables() WHERE"
						+ " database_name = '" + Sql.ENGINE + "'")) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}
}
