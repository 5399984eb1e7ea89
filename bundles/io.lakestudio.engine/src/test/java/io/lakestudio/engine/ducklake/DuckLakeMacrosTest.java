package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * {@code CREATE MACRO} in a DuckLake catalog: kept in the catalog's macro tables as the extension keeps them, usable
 * from another session on the same catalog, gone after DROP MACRO, there again at an older snapshot; never made in
 * the engine's own DuckDB (a session with no catalog attached doesn't know it), and a body that reads files is
 * refused as such a query is.
 */
class DuckLakeMacrosTest extends SharedEngineTest {

	static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}

	static List<String> rows(EngineSession s, String sql) throws EngineException {
		return DuckLakeNestedTypesTest.rows(s, sql);
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aMacroIsTheCatalogsSeenByOtherSessionsAndAtOlderSnapshots(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake." + kind);
		String attach = "ATTACH '" + DuckLakeNestedTypesTest.url(kind, meta) + "' AS d (DATA_PATH '"
				+ dir.resolve("files") + "'";
		try (EngineSession one = engine.openSession("one"); EngineSession two = engine.openSession("two")) {
			ok(one, attach + ")");
			ok(one, "USE d");
			ok(one, "CREATE TABLE t(i INTEGER)");
			ok(one, "INSERT INTO t VALUES (1), (2), (3)");
			ok(one, "CREATE MACRO add_one(x INTEGER, y := 1) AS x + y"); // snapshot 3
			ok(one, "CREATE MACRO big(n) AS TABLE SELECT i FROM t WHERE i >= n"); // snapshot 4
			ok(two, attach + ")");
			ok(two, "USE d");
			assertEquals(List.of("2|12"), rows(two, "SELECT add_one(1), add_one(1, y := 11)"));
			assertEquals(List.of("3|2"), rows(two, "SELECT add_one(i), i FROM t WHERE i = 2"));
			assertEquals(List.of("2", "3"), rows(two, "SELECT i FROM big(2) ORDER BY i"));
			// a table macro reads the table as it is now, not as it was when the macro was made
			ok(one, "INSERT INTO t VALUES (4)");
			assertEquals(List.of("2", "3", "4"), rows(two, "SELECT i FROM big(2) ORDER BY i"));
			ok(one, "DROP MACRO add_one"); // snapshot 6
			EngineException gone = assertThrows(EngineException.class, () -> rows(two, "SELECT add_one(1)"));
			assertTrue(gone.getMessage().contains("add_one"), gone.getMessage());
			ok(one, "DETACH d");
			ok(two, "DETACH d");
		}
		try (EngineSession old = engine.openSession("old")) {
			ok(old, attach + ", SNAPSHOT_VERSION 3)");
			ok(old, "USE d");
			assertEquals(List.of("6"), rows(old, "SELECT add_one(5)"));
			ok(old, "DETACH d");
			// the macro was this session's, on its DuckLake DuckDB: the engine's own DuckDB never had it
			assertThrows(EngineException.class, () -> rows(old, "SELECT add_one(5)"));
		}
		try (Connection md = DuckLakeNestedTypesTest.metadata(kind, meta)) {
			assertEquals(List.of("add_one|3|6", "big|4|null"), DuckLakeNestedTypesTest.rows(md,
					"SELECT macro_name, begin_snapshot, end_snapshot FROM ducklake_macro ORDER BY macro_id"));
			assertEquals(List.of("duckdb|(x + y)|scalar", "duckdb|SELECT i FROM t WHERE (i >= n)|table"),
					DuckLakeNestedTypesTest.rows(md, "SELECT dialect, sql, type FROM ducklake_macro_impl ORDER BY"
							+ " macro_id"));
			assertEquals(List.of("x|int32|null|unknown", "y|unknown|1|int32", "n|unknown|null|unknown"),
					DuckLakeNestedTypesTest.rows(md, "SELECT parameter_name, parameter_type, default_value,"
							+ " default_value_type FROM ducklake_macro_parameters ORDER BY macro_id, column_id"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite" })
	void aMacroBodyThatReadsFilesIsRefused(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake." + kind);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + DuckLakeNestedTypesTest.url(kind, meta) + "' AS d (DATA_PATH '" + dir.resolve("files")
					+ "')");
			ok(s, "USE d");
			EngineException e = assertThrows(EngineException.class, () -> ok(s,
					"CREATE MACRO leak() AS TABLE SELECT * FROM read_csv('/etc/passwd')"));
			assertTrue(e.getMessage().contains("refused"), e.getMessage());
			assertEquals(List.of("0"), rows(s, "SELECT count(*) FROM __ducklake_metadata_d.ducklake_macro"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aMacroDroppedWithItsSchemaIsNoFunctionOfTheCatalog(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake." + kind);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + DuckLakeNestedTypesTest.url(kind, meta) + "' AS d (DATA_PATH '" + dir.resolve("files")
					+ "')");
			ok(s, "BEGIN");
			ok(s, "CREATE SCHEMA d.my_schema");
			ok(s, "CREATE MACRO d.my_schema.add_one(x) AS x + 1");
			ok(s, "DROP SCHEMA d.my_schema CASCADE");
			// as the extension says it: the catalog exists, the function in it does not
			EngineException e = assertThrows(EngineException.class, () -> rows(s, "SELECT d.my_schema.add_one(1)"));
			assertTrue(e.getMessage().contains("Scalar Function with name add_one does not exist!"), e.getMessage());
			ok(s, "COMMIT");
		}
	}
}
