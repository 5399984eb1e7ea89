package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * What a DuckLake table's columns may be, with the extension's messages: a 1.1 catalog keeps the {@code _ducklake_}
 * prefix of its inlined-data tables' system columns from user columns (CREATE, ADD, RENAME), a 1.0 one doesn't.
 */
class DuckLakeColumnRulesTest extends SharedEngineTest {

	private static String refused(EngineSession s, String sql) {
		return assertThrows(EngineException.class, () -> DuckLakeSessionTest.ok(s, sql), sql).getMessage();
	}

	@Test
	void aCatalogOf11KeepsTheDucklakePrefixFromColumnNames() throws Exception {
		Path dir = Files.createDirectories(home.resolve("reserved"));
		try (EngineSession s = engine.openSession("test")) {
			DuckLakeSessionTest.ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("m.sqlite") + "' AS lake (DATA_PATH '"
					+ dir.resolve("files") + "', DUCKLAKE_VERSION '1.1-dev1')");
			String m = refused(s, "CREATE TABLE lake.t(_ducklake_row_id INTEGER)");
			assertTrue(m.contains("Column name \"_ducklake_row_id\" is reserved by DuckLake for internal use"), m);
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake.t(a INTEGER)");
			m = refused(s, "ALTER TABLE lake.t ADD COLUMN _DuckLake_x INTEGER");
			assertTrue(m.contains("Column name \"_DuckLake_x\" is reserved"), m);
			m = refused(s, "ALTER TABLE lake.t RENAME COLUMN a TO _ducklake_col");
			assertTrue(m.contains("Column name \"_ducklake_col\" is reserved"), m);
			// the 1.0 system columns' names are a user's in 1.1
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake.u(row_id INTEGER, begin_snapshot INTEGER)");
			DuckLakeSessionTest.ok(s, "INSERT INTO lake.u VALUES (1, 2)");
			assertEquals(List.of("a"), DuckLakeSessionTest.rows(s, "SELECT column_name FROM (DESCRIBE lake.t)"));
			assertEquals(List.of("1|2"), DuckLakeSessionTest.rows(s, "SELECT * FROM lake.u"));
		}
	}

	@Test
	void aCatalogOf10TakesTheDucklakePrefix() throws Exception {
		Path dir = Files.createDirectories(home.resolve("v10"));
		try (EngineSession s = engine.openSession("test")) {
			DuckLakeSessionTest.ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("m.sqlite") + "' AS lake10 (DATA_PATH '"
					+ dir.resolve("files") + "', DUCKLAKE_VERSION '1.0')");
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake10.t(_ducklake_x INTEGER)");
			DuckLakeSessionTest.ok(s, "INSERT INTO lake10.t VALUES (5)");
			assertEquals(List.of("5"), DuckLakeSessionTest.rows(s, "SELECT _ducklake_x FROM lake10.t"));
		}
	}

	/** Keys and CHECKs are refused; NOT NULL shows in DESCRIBE, and SET / DROP NOT NULL say when there's nothing to do. */
	@Test
	void onlyNotNullConstraintsAreKept() throws Exception {
		Path dir = Files.createDirectories(home.resolve("constraints"));
		try (EngineSession s = engine.openSession("test")) {
			DuckLakeSessionTest.ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("m.sqlite") + "' AS lakec (DATA_PATH '"
					+ dir.resolve("files") + "')");
			assertTrue(refused(s, "CREATE TABLE lakec.k(i INTEGER PRIMARY KEY, j INTEGER)").contains("not supported"));
			assertTrue(refused(s, "CREATE TABLE lakec.k(i INTEGER, j INTEGER, CHECK (i > j))").contains("not supported"));
			assertTrue(refused(s, "CREATE TABLE lakec.k(i INTEGER UNIQUE)").contains("not supported"));
			DuckLakeSessionTest.ok(s, "CREATE TABLE lakec.t(i INTEGER NOT NULL, j INTEGER)");
			assertEquals(List.of("i|INTEGER|NO|null|null|null", "j|INTEGER|YES|null|null|null"),
					DuckLakeSessionTest.rows(s, "DESCRIBE lakec.t"));
			assertTrue(refused(s, "ALTER TABLE lakec.t ALTER i SET NOT NULL").contains("already"));
			assertTrue(refused(s, "ALTER TABLE lakec.t ALTER j DROP NOT NULL").contains("no NOT NULL constraint"));
			DuckLakeSessionTest.ok(s, "INSERT INTO lakec.t VALUES (1, NULL)");
			assertTrue(refused(s, "ALTER TABLE lakec.t ALTER j SET NOT NULL").contains("has NULL values"));
		}
	}
}
