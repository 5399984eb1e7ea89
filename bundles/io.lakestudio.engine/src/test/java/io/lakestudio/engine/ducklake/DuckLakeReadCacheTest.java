package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * What a session keeps between its queries (the latest snapshot it read, its rewrites and views, the columns of
 * each data file) never hides a commit: another session's or another engine's commit is in the next SELECT, time
 * travel still reads the snapshot it names, and a table whose files were written under other column names or
 * ids reads by field id. Expected answers come from a plain DuckDB over the same {@code range} the rows were made
 * of, or from the rows as inserted, never from the engine.
 */
class DuckLakeReadCacheTest extends SharedEngineTest {

	static Engine other;
	static Connection oracle;

	@BeforeAll
	static void start() throws Exception {
		other = DuckLakeEngines.open(home.resolve("other"), catalog);
		oracle = DriverManager.getConnection("jdbc:duckdb:");
	}

	@AfterAll
	static void stop() throws Exception {
		other.close();
		oracle.close();
	}

	static String oracle(String sql) throws Exception {
		try (Statement s = oracle.createStatement(); ResultSet r = s.executeQuery(sql)) {
			r.next();
			StringBuilder b = new StringBuilder();
			for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
				b.append(i == 1 ? "" : "|").append(r.getString(i));
			}
			return b.toString();
		}
	}

	static void ok(EngineSession s, String sql) throws Exception {
		s.execute(sql).close();
	}

	static List<String> rows(EngineSession s, String sql) throws Exception {
		List<String> out = new java.util.ArrayList<>();
		try (Result r = s.execute(sql)) {
			while (r.next()) {
				List<String> row = new java.util.ArrayList<>();
				for (int i = 0; i < r.columnNames().size(); i++) {
					row.add(String.valueOf(r.text(i)));
				}
				out.add(String.join("|", row));
			}
		}
		return out;
	}

	static String one(EngineSession s, String sql) throws Exception {
		List<String> rows = rows(s, sql);
		assertEquals(1, rows.size(), sql);
		return rows.get(0);
	}

	static String attach(Path dir) {
		return "ATTACH 'ducklake:sqlite:" + dir.resolve("lake.sqlite") + "' AS lake (DATA_PATH '" + dir.resolve("files")
				+ "')";
	}

	@Test
	void anotherSessionsCommitIsInTheNextSelect() throws Exception {
		Path dir = home.resolve("sessions");
		try (EngineSession a = engine.openSession("a"); EngineSession b = engine.openSession("b")) {
			ok(a, attach(dir));
			ok(b, attach(dir));
			ok(a, "CREATE TABLE lake.t(id BIGINT, v INTEGER)");
			ok(a, "INSERT INTO lake.t SELECT i, i % 7 FROM range(1000) r(i)");
			String q = "SELECT count(*), sum(v), sum(id) FROM lake.t";
			String first = oracle("SELECT count(*), sum(i % 7), sum(i) FROM range(1000) r(i)");
			for (int k = 0; k < 3; k++) {
				assertEquals(first, one(a, q), "warm, repeated");
			}
			long version = Long.parseLong(one(a, "SELECT max(snapshot_id) FROM ducklake_snapshots('lake')"));
			ok(b, "INSERT INTO lake.t SELECT i, i % 7 FROM range(1000, 1500) r(i)");
			assertEquals(oracle("SELECT count(*), sum(i % 7), sum(i) FROM range(1500) r(i)"), one(a, q),
					"session A's next SELECT after B's commit");
			ok(b, "DELETE FROM lake.t WHERE id < 100");
			assertEquals(oracle("SELECT count(*), sum(i % 7), sum(i) FROM range(100, 1500) r(i)"), one(a, q),
					"after B's delete");
			// time travel still reads the snapshot it names, warm or not
			String at = "SELECT count(*), sum(v), sum(id) FROM lake.t AT (VERSION => " + version + ")";
			for (int k = 0; k < 2; k++) {
				assertEquals(first, one(a, at), "AT (VERSION => " + version + ")");
			}
			assertEquals(oracle("SELECT count(*), sum(i % 7), sum(i) FROM range(100, 1500) r(i)"), one(a, q));
		}
	}

	@Test
	void anotherEnginesCommitIsInTheNextSelect() throws Exception {
		Path dir = home.resolve("engines");
		try (EngineSession a = engine.openSession("a"); EngineSession b = other.openSession("b")) {
			ok(a, attach(dir));
			ok(a, "CREATE TABLE lake.t(id BIGINT)");
			ok(a, "INSERT INTO lake.t SELECT i FROM range(10) r(i)");
			ok(b, attach(dir));
			String q = "SELECT count(*), sum(id) FROM lake.t";
			assertEquals(oracle("SELECT count(*), sum(i) FROM range(10) r(i)"), one(a, q));
			assertEquals(oracle("SELECT count(*), sum(i) FROM range(10) r(i)"), one(a, q));
			ok(b, "INSERT INTO lake.t SELECT i FROM range(10, 25) r(i)");
			assertEquals(oracle("SELECT count(*), sum(i) FROM range(25) r(i)"), one(a, q));
			ok(b, "UPDATE lake.t SET id = id + 100 WHERE id < 5");
			assertEquals(oracle("SELECT count(*), sum(CASE WHEN i < 5 THEN i + 100 ELSE i END) FROM range(25) r(i)"),
					one(a, q));
		}
	}

	/** Files written under other names or ids than the table's now read by field id, as before. */
	@Test
	void renamedDroppedAndAddedColumnsReadByFieldId() throws Exception {
		Path dir = home.resolve("columns");
		try (EngineSession s = engine.openSession("s")) {
			ok(s, attach(dir));
			ok(s, "CREATE TABLE lake.t(a INTEGER, b VARCHAR)");
			ok(s, "INSERT INTO lake.t VALUES (1, 'x'), (2, 'y')");
			assertEquals("3|xy", one(s, "SELECT sum(a), string_agg(b, '' ORDER BY b) FROM lake.t"));
			ok(s, "ALTER TABLE lake.t RENAME COLUMN a TO c");
			assertEquals("3", one(s, "SELECT sum(c) FROM lake.t"));
			// a dropped column added again under its old name is a new column: the old files hold none of it
			ok(s, "ALTER TABLE lake.t DROP COLUMN b");
			ok(s, "ALTER TABLE lake.t ADD COLUMN b VARCHAR");
			assertEquals("2|0", one(s, "SELECT count(*), count(b) FROM lake.t"));
			ok(s, "INSERT INTO lake.t VALUES (10, 'z')");
			assertEquals("13|z", one(s, "SELECT sum(c), string_agg(b, '') FROM lake.t"));
			// an added column: the files written before hold none of it, its default reads there
			ok(s, "ALTER TABLE lake.t ADD COLUMN d INTEGER DEFAULT 5");
			ok(s, "INSERT INTO lake.t VALUES (20, 'w', 7)");
			assertEquals("4|22", one(s, "SELECT count(*), sum(d) FROM lake.t"));
			assertEquals("1|20", one(s, "SELECT count(*), sum(c) FROM lake.t WHERE c > 10"));
		}
	}

	/** {@code AT (TIMESTAMP => now() - ...)} names a later snapshot as time passes, with none committed since. */
	@Test
	void timestampRelativeToNowMovesOn() throws Exception {
		Path dir = home.resolve("time");
		try (EngineSession s = engine.openSession("s")) {
			ok(s, attach(dir));
			ok(s, "CREATE TABLE lake.t(id INTEGER)");
			ok(s, "INSERT INTO lake.t VALUES (1)");
			Thread.sleep(2_000);
			ok(s, "INSERT INTO lake.t VALUES (2)");
			String q = "SELECT count(*) FROM lake.t AT (TIMESTAMP => now() - INTERVAL 1 SECOND)";
			assertEquals("1", one(s, q));
			Thread.sleep(1_500);
			assertEquals("2", one(s, q), "the same text 1.5 s later: the snapshot of the second insert");
		}
	}
}
