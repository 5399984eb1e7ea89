package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * A DuckLake session end to end: attach a new SQLite catalog, create, insert, delete, update, alter, time travel.
 * Every read is checked against an independent reader: the catalog file read with plain JDBC (which files, which
 * delete files, at which snapshot, by the specification's visibility rule) and the Parquet files read by a plain
 * DuckDB of the test's own ({@code read_parquet}, by field id = column id, minus the {@code (file_path, pos)}
 * rows of the delete files).
 */
class DuckLakeSessionTest extends SharedEngineTest {

	static Connection oracle;

	@BeforeAll
	static void start() throws Exception {
		oracle = DriverManager.getConnection("jdbc:duckdb:");
	}

	@AfterAll
	static void stop() throws Exception {
		oracle.close();
	}

	static List<String> rows(EngineSession s, String sql) throws EngineException {
		List<String> out = new ArrayList<>();
		try (Result r = s.execute(sql)) {
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 0; i < r.columnNames().size(); i++) {
					row.add(String.valueOf(r.text(i)));
				}
				out.add(String.join("|", row));
			}
		}
		return out;
	}

	static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}

	/** The table's rows at a snapshot as the catalog file and the Parquet files say, sorted, by column ids. */
	static List<String> independent(Path meta, String table, long snapshot, String... columnNames) throws Exception {
		String vis = " begin_snapshot <= " + snapshot + " AND (end_snapshot IS NULL OR end_snapshot > " + snapshot + ")";
		List<String> files = new ArrayList<>();
		List<String> deletes = new ArrayList<>();
		List<Long> ids = new ArrayList<>();
		String dataPath;
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement s = db.createStatement()) {
			try (ResultSet r = s.executeQuery("SELECT value FROM ducklake_metadata WHERE key = 'data_path'")) {
				r.next();
				dataPath = r.getString(1);
			}
			String tableWhere = "SELECT t.table_id, sc.path || t.path AS p FROM ducklake_table t JOIN ducklake_schema sc"
					+ " USING (schema_id) WHERE t.table_name = '" + table + "' AND t.begin_snapshot <= " + snapshot
					+ " AND (t.end_snapshot IS NULL OR t.end_snapshot > " + snapshot + ")";
			long tableId;
			String tablePath;
			try (ResultSet r = s.executeQuery(tableWhere)) {
				r.next();
				tableId = r.getLong(1);
				tablePath = r.getString(2);
			}
			try (ResultSet r = s.executeQuery("SELECT path FROM ducklake_data_file WHERE table_id = " + tableId
					+ " AND" + vis)) {
				while (r.next()) {
					files.add(dataPath + tablePath + r.getString(1));
				}
			}
			try (ResultSet r = s.executeQuery("SELECT path FROM ducklake_delete_file WHERE table_id = " + tableId
					+ " AND" + vis)) {
				while (r.next()) {
					deletes.add(dataPath + tablePath + r.getString(1));
				}
			}
			for (String c : columnNames) {
				try (ResultSet r = s.executeQuery("SELECT column_id FROM ducklake_column WHERE table_id = " + tableId
						+ " AND column_name = '" + c + "' AND" + vis)) {
					r.next();
					ids.add(r.getLong(1));
				}
			}
		}
		List<String> out = new ArrayList<>();
		if (files.isEmpty()) {
			return out;
		}
		StringBuilder map = new StringBuilder();
		StringBuilder select = new StringBuilder();
		for (int i = 0; i < ids.size(); i++) {
			map.append(i == 0 ? "" : ", ").append(ids.get(i)).append(": {name: 'k").append(i)
					.append("', type: 'VARCHAR', default_value: NULL}");
			select.append(i == 0 ? "" : " || '|' || ").append("coalesce(k").append(i).append(", 'null')");
		}
		String list = "['" + String.join("', '", files) + "']";
		String q = "SELECT " + select + " FROM read_parquet(" + list + ", filename = true, file_row_number = true,"
				+ " schema = map {" + map + "}) r" + (deletes.isEmpty() ? ""
						: " WHERE NOT EXISTS (SELECT 1 FROM read_parquet(['" + String.join("', '", deletes)
								+ "']) d WHERE d.file_path = r.filename AND d.pos = r.file_row_number)")
				+ " ORDER BY 1";
		try (Statement s = oracle.createStatement(); ResultSet r = s.executeQuery(q)) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}

	@Test
	void createInsertDeleteUpdateAlterAndTimeTravelReadAsTheFilesSay(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE lake.sales(id BIGINT, region VARCHAR, amount DECIMAL(18,2))");
			assertEquals(List.of(), rows(s, "SELECT * FROM lake.sales"));
			assertEquals(List.of("3"), rows(s, "INSERT INTO lake.sales VALUES (1, 'north', 10.50), (2, 'south', 20),"
					+ " (3, NULL, 30.25)"));
			assertEquals(List.of("2"), rows(s, "INSERT INTO lake.sales SELECT i, 'east', i * 1.5 FROM range(4, 6) t(i)"));
			List<String> all = List.of("1|north|10.50", "2|south|20.00", "3|null|30.25", "4|east|6.00", "5|east|7.50");
			assertEquals(all, rows(s, "SELECT * FROM lake.sales ORDER BY id"));
			assertEquals(all, independent(meta, "sales", 3, "id", "region", "amount"));

			assertEquals(List.of("3"), rows(s, "DELETE FROM lake.sales WHERE region = 'east' OR id = 1"));
			List<String> afterDelete = List.of("2|south|20.00", "3|null|30.25");
			assertEquals(afterDelete, rows(s, "SELECT * FROM lake.sales ORDER BY id"));
			assertEquals(afterDelete, independent(meta, "sales", 4, "id", "region", "amount"));

			assertEquals(List.of("1"), rows(s, "UPDATE lake.sales SET amount = amount * 2, region = 'west' WHERE id = 3"));
			// UPDATE ... FROM: a row matched twice by the join is updated once
			ok(s, "CREATE TEMP TABLE keys AS SELECT 2 AS k UNION ALL SELECT 2");
			assertEquals(List.of("1"), rows(s, "UPDATE lake.sales SET amount = amount + 0 FROM keys v WHERE id = v.k"));
			List<String> afterUpdate = List.of("2|south|20.00", "3|west|60.50");
			assertEquals(afterUpdate, rows(s, "SELECT * FROM lake.sales ORDER BY id"));
			assertEquals(afterUpdate, independent(meta, "sales", 6, "id", "region", "amount"));

			// time travel reads each snapshot as the catalog and files had it then
			assertEquals(all, rows(s, "SELECT * FROM lake.sales AT (VERSION => 3) ORDER BY id"));
			assertEquals(List.of("1|north|10.50", "2|south|20.00", "3|null|30.25"),
					rows(s, "SELECT * FROM lake.sales AT (VERSION => 2) ORDER BY id"));
			assertEquals(List.of(), rows(s, "SELECT * FROM lake.sales AT (VERSION => 1)"));
			assertEquals(afterDelete, rows(s, "SELECT * FROM lake.sales AT (VERSION => 4) ORDER BY id"));

			// a renamed column keeps reading old files by field id; an added one reads its default there
			ok(s, "ALTER TABLE lake.sales RENAME COLUMN region TO area");
			ok(s, "ALTER TABLE lake.sales ADD COLUMN note VARCHAR DEFAULT 'none'");
			ok(s, "INSERT INTO lake.sales (id, area, amount, note) VALUES (7, 'up', 1, 'new')");
			assertEquals(List.of("2|south|20.00|none", "3|west|60.50|none", "7|up|1.00|new"),
					rows(s, "SELECT id, area, amount, note FROM lake.sales ORDER BY id"));

			List<String> snaps = rows(s, "SELECT snapshot_id, changes FROM ducklake_snapshots('lake') ORDER BY 1");
			assertEquals(10, snaps.size(), snaps.toString());
			assertTrue(snaps.get(1).contains("tables_created=[main.sales]"), snaps.get(1));
			assertTrue(snaps.get(4).contains("tables_deleted_from"), snaps.get(4));
			assertEquals(List.of("9"), rows(s, "SELECT id FROM ducklake_current_snapshot('lake')"));

			// glob over the data path lists what the catalog names (and nothing else: the rest is refused)
			assertEquals(rows(s, "SELECT count(*) FROM ducklake_list_files('lake', 'sales')"), rows(s,
					"SELECT count(*) FROM glob('" + dir.resolve("files") + "/main/sales/*.parquet') WHERE file NOT LIKE"
							+ " '%-delete.parquet' AND file IN (SELECT data_file FROM ducklake_list_files('lake', 'sales'))"));
			// the files are named as the extension names them, relative to the table's folder
			for (String f : rows(s, "SELECT data_file FROM ducklake_list_files('lake', 'sales')")) {
				assertTrue(f.matches(".*/main/sales/ducklake-[0-9a-f-]{36}\\.parquet"), f);
				assertTrue(Files.exists(Path.of(f)), f);
			}
		}
		// a new session: the catalog on disk holds it all
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS lake (READ_ONLY)");
			ok(s, "USE lake");
			assertEquals(List.of("3"), rows(s, "SELECT count(*) FROM sales"));
			EngineException e = assertThrows(EngineException.class, () -> ok(s, "DELETE FROM sales"));
			assertTrue(e.getMessage().contains("read-only"), e.getMessage());
		}
	}

	@Test
	void aTransactionSeesItsOwnChangesAndRollbackLeavesNothing(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("tx.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS tx (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "USE tx");
			ok(s, "CREATE TABLE t(i INTEGER)");
			ok(s, "BEGIN");
			ok(s, "INSERT INTO t VALUES (1), (2)");
			ok(s, "DELETE FROM t WHERE i = 1");
			assertEquals(List.of("2"), rows(s, "SELECT * FROM t"));
			ok(s, "ROLLBACK");
			assertEquals(List.of(), rows(s, "SELECT * FROM t"));
			assertEquals(List.of(), listParquet(dir.resolve("files")), "the rolled-back files are gone");
			ok(s, "BEGIN");
			ok(s, "INSERT INTO t VALUES (1), (2)");
			ok(s, "INSERT INTO t VALUES (3)");
			ok(s, "CALL tx.set_commit_message('ada', 'three rows')");
			ok(s, "COMMIT");
			assertEquals(List.of("ada|three rows|{tables_inserted_into=[1]}"), rows(s, "SELECT author, commit_message,"
					+ " changes FROM ducklake_snapshots('tx') WHERE snapshot_id = 2"));
			assertEquals(List.of("1", "2", "3"), rows(s, "SELECT * FROM t ORDER BY i"));
			assertEquals(List.of("1", "2", "3"), independent(meta, "t", 2, "i"));
			assertEquals(List.of("0", "1", "2"), rows(s, "SELECT snapshot_id FROM ducklake_snapshots('tx') ORDER BY 1"),
					"one transaction, one snapshot");
		}
	}

	@Test
	void viewsAreKeptInTheCatalogAndReadTheirTablesAtTheSnapshotAsked(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("v.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS v (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE v.t(i INTEGER)");
			ok(s, "CREATE VIEW v.doubled AS SELECT i * 2 AS d FROM t");
			ok(s, "INSERT INTO v.t VALUES (1), (2)");
			assertEquals(List.of("2", "4"), rows(s, "SELECT d FROM v.doubled ORDER BY d"));
			assertEquals(List.of(), rows(s, "SELECT d FROM v.doubled AT (VERSION => 2)"), "before the insert");
			ok(s, "ALTER VIEW v.doubled RENAME TO twice");
			assertEquals(List.of("2", "4"), rows(s, "SELECT d FROM v.twice ORDER BY d"));
			EngineException e = assertThrows(EngineException.class, () -> ok(s, "DROP TABLE v.twice"));
			assertTrue(e.getMessage().contains("View"), e.getMessage());
		}
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT view_name, sql, dialect FROM ducklake_view WHERE end_snapshot IS"
						+ " NULL")) {
			assertTrue(r.next());
			assertEquals("twice|SELECT i * 2 AS d FROM t|duckdb", r.getString(1) + "|" + r.getString(2) + "|"
					+ r.getString(3));
		}
	}

	@Test
	void twoWritersInsertingIntoOneTableBothCommitAndTwoDeletesConflict(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("two.sqlite");
		String attach = "ATTACH 'ducklake:sqlite:" + meta + "' AS w (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)";
		try (EngineSession a = engine.openSession("a"); EngineSession b = engine.openSession("b")) {
			ok(a, attach);
			ok(a, "CREATE TABLE w.t(i INTEGER)");
			ok(b, attach);
			ok(a, "BEGIN");
			ok(b, "BEGIN");
			ok(a, "INSERT INTO w.t VALUES (1), (2)");
			ok(b, "INSERT INTO w.t VALUES (3), (4), (5)");
			ok(a, "COMMIT");
			ok(b, "COMMIT"); // began before a's commit: retried past it, as the extension does
			assertEquals(List.of("1", "2", "3", "4", "5"), independent(meta, "t", 3, "i"));
			assertEquals(List.of("1", "2", "3", "4", "5"), rows(a, "SELECT i FROM w.t ORDER BY i"));

			ok(a, "BEGIN");
			ok(b, "BEGIN");
			ok(a, "DELETE FROM w.t WHERE i = 1");
			ok(b, "DELETE FROM w.t WHERE i = 2");
			ok(a, "COMMIT");
			EngineException e = assertThrows(EngineException.class, () -> ok(b, "COMMIT"));
			assertTrue(e.getMessage().contains("Transaction conflict"), e.getMessage());
			assertEquals(List.of("2", "3", "4", "5"), independent(meta, "t", 4, "i"));
		}
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT group_concat(row_id_start, ',') FROM (SELECT row_id_start FROM"
						+ " ducklake_data_file ORDER BY 1), (SELECT 1) UNION ALL SELECT record_count || '/' || next_row_id"
						+ " FROM ducklake_table_stats")) {
			r.next();
			assertEquals("0,2", r.getString(1), "row ids never handed out twice");
			r.next();
			assertEquals("4/5", r.getString(1));
		}
	}

	@Test
	void hostileSqlThroughAnAttachIsStillRefused(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("h.sqlite");
		Files.writeString(dir.resolve("secret.csv"), "a\n1\n");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS h (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE h.t(i INTEGER)");
			for (String bad : List.of("SELECT * FROM h.t, read_csv('" + dir.resolve("secret.csv") + "')",
					"SELECT * FROM h.t, glob('" + dir + "/*')",
					"SELECT * FROM h.t, glob('" + dir.resolve("files") + "/../*')",
					"COPY (SELECT 1) TO '" + dir.resolve("files/x.csv") + "'",
					"INSERT INTO h.t SELECT * FROM read_csv('" + dir.resolve("secret.csv") + "')",
					"ATTACH '" + dir.resolve("other.db") + "' AS o")) {
				EngineException e = assertThrows(EngineException.class, () -> ok(s, bad), bad);
				assertTrue(e.getMessage().contains("refused"), bad + ": " + e.getMessage());
			}
		}
	}

	static List<String> listParquet(Path dir) throws Exception {
		if (!Files.exists(dir)) {
			return List.of();
		}
		try (var w = Files.walk(dir)) {
			return w.filter(p -> p.toString().endsWith(".parquet")).map(Path::toString).toList();
		}
	}
}
