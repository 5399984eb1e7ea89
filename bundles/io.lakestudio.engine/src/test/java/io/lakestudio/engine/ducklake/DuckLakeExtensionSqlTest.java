package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * SQL the extension takes on an attached DuckLake catalog that the guard used to refuse: MERGE INTO, PREPARE /
 * EXECUTE, the catalog's macros unqualified (under USE) or qualified by the catalog, duckdb_databases() and
 * duckdb_schemas(), the virtual columns, CREATE TABLE ... AS ... WITH NO DATA, LOAD of an extension the engine has,
 * PRAGMA name = value as SET, ducklake_settings(). Each is checked against what a plain
 * DuckDB of the test's own reads from the catalog file and the Parquet files, and beside each, what must still be
 * refused.
 */
class DuckLakeExtensionSqlTest extends SharedEngineTest {

	static Connection oracle;

	@BeforeAll
	static void start() throws Exception {
		oracle = DriverManager.getConnection("jdbc:duckdb:");
	}

	@AfterAll
	static void stop() throws Exception {
		oracle.close();
	}

	/** Each statement is refused by the guard, saying so. */
	private static void refused(EngineSession s, String... statements) {
		for (String bad : statements) {
			EngineException e = assertThrows(EngineException.class, () -> ok(s, bad), bad);
			assertTrue(e.getMessage().contains("refused"), bad + ": " + e.getMessage());
		}
	}

	@Test
	void mergeUpdatesDeletesAndInsertsAsTheFilesThenSay(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("m.sqlite");
		try (EngineSession s = attach(dir, meta)) {
			ok(s, "CREATE TABLE h.t(id INTEGER, v VARCHAR)");
			ok(s, "INSERT INTO h.t VALUES (1, 'a'), (2, 'b'), (3, 'c')");
			assertEquals(List.of("3"), DuckLakeSessionTest.rows(s, "MERGE INTO h.t AS tgt USING (VALUES (1, 'A'), (3, NULL), (4, 'd'))"
					+ " AS src(id, v) ON tgt.id = src.id WHEN MATCHED AND src.v IS NULL THEN DELETE"
					+ " WHEN MATCHED THEN UPDATE SET v = src.v WHEN NOT MATCHED THEN INSERT VALUES (src.id, src.v)"));
			List<String> want = List.of("1|A", "2|b", "4|d");
			assertEquals(want, independent(meta, "t", "id", "v"));
			assertEquals(want, DuckLakeSessionTest.rows(s, "SELECT id || '|' || v FROM h.t ORDER BY id"));
			// USING (cols) and the bare UPDATE / INSERT forms, the source a DuckLake table
			ok(s, "CREATE TABLE h.src AS SELECT * FROM (VALUES (2, 'B'), (5, 'e')) x(id, v)");
			ok(s, "MERGE INTO h.t USING h.src USING (id) WHEN MATCHED THEN UPDATE WHEN NOT MATCHED THEN INSERT");
			assertEquals(List.of("1|A", "2|B", "4|d", "5|e"), independent(meta, "t", "id", "v"));
			Files.writeString(dir.resolve("secret.csv"), "id\n9\n");
			String secret = dir.resolve("secret.csv").toString();
			refused(s,
					"MERGE INTO h.t USING h.src s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = (SELECT"
							+ " max(id)::VARCHAR FROM read_csv('" + secret + "'))",
					"MERGE INTO h.t USING h.src s ON getenv('HOME') = s.v WHEN MATCHED THEN DELETE",
					"MERGE INTO h.t USING h.src s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, /* x */"
							+ " (SELECT max(id)::VARCHAR FROM read_csv('" + secret + "')))",
					"MERGE INTO h.t USING (SELECT * FROM read_csv('" + secret + "')) s ON t.id = s.id WHEN MATCHED"
							+ " THEN DELETE",
					"MERGE INTO h.t USING h.src s ON t.id = s.id WHEN MATCHED THEN DELETE RETURNING *");
			assertEquals(List.of("1|A", "2|B", "4|d", "5|e"), independent(meta, "t", "id", "v"));
		}
	}

	@Test
	void preparedStatementsAndTheCatalogsMacrosRunAsTyped(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("p.sqlite");
		try (EngineSession s = attach(dir, meta)) {
			ok(s, "CREATE TABLE h.t(i INTEGER)");
			ok(s, "INSERT INTO h.t VALUES (1)");
			ok(s, "INSERT INTO h.t VALUES (2)");
			ok(s, "PREPARE q AS SELECT count(*) FROM h.t");
			assertEquals(List.of("2"), DuckLakeSessionTest.rows(s, "EXECUTE q"));
			ok(s, "INSERT INTO h.t VALUES (3)");
			assertEquals(List.of("3"), DuckLakeSessionTest.rows(s, "EXECUTE q"));
			// the change feed qualified by the catalog, and unqualified under USE (the schema in USE)
			long last = lastSnapshot(meta);
			assertEquals(List.of("1", "2", "3"), DuckLakeSessionTest.rows(s, "SELECT i FROM h.table_insertions('t', 0, " + last
					+ ") ORDER BY i"));
			ok(s, "USE h");
			assertEquals(List.of("3"), DuckLakeSessionTest.rows(s, "SELECT i FROM table_changes('t', " + last + ", " + last + ")"));
			// CALL merge_adjacent_files() of the catalog in USE: the three files become one, as the catalog says
			assertEquals(3, liveFiles(meta));
			ok(s, "CALL merge_adjacent_files()");
			assertEquals(1, liveFiles(meta));
			assertEquals(List.of("1", "2", "3"), independent(meta, "t", "i"));
			ok(s, "PREPARE bad AS SELECT * FROM read_csv('" + dir.resolve("x.csv") + "')");
			refused(s, "EXECUTE bad", "CALL not_a_ducklake_call()",
					"SELECT * FROM table_changes('t', 0, 1), read_text('" + meta + "')");
		}
	}

	@Test
	void duckdbDatabasesAndSchemasListTheCatalogAndNameNoMetadataFile(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("d.sqlite");
		try (EngineSession s = attach(dir, meta)) {
			ok(s, "CREATE SCHEMA h.s1");
			assertEquals(List.of("h|ducklake|" + dataPath(meta)), DuckLakeSessionTest.rows(s, "SELECT database_name || '|' || type || '|'"
					+ " || tags['data_path'] FROM duckdb_databases() WHERE database_name = 'h'"));
			assertEquals(List.of("main", "s1"), DuckLakeSessionTest.rows(s, "SELECT schema_name FROM duckdb_schemas() WHERE"
					+ " database_name = 'h' ORDER BY 1"));
			// the catalog file's own path is in no row (the extension shows the data path only)
			for (String row : DuckLakeSessionTest.rows(s, "SELECT CAST(COLUMNS(*) AS VARCHAR) FROM duckdb_databases()")) {
				assertFalse(row.contains(meta.getFileName().toString()), row);
			}
		}
	}

	@Test
	void virtualColumnsAreThoseOfTheDataFiles(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("v.sqlite");
		try (EngineSession s = attach(dir, meta)) {
			ok(s, "CREATE TABLE h.t(i INTEGER)");
			ok(s, "INSERT INTO h.t VALUES (10), (20), (30)");
			ok(s, "INSERT INTO h.t VALUES (40)");
			ok(s, "DELETE FROM h.t WHERE i = 20");
			List<String> want = new ArrayList<>();
			List<String> files = new ArrayList<>();
			try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement();
					ResultSet r = st.executeQuery("SELECT path FROM ducklake_data_file WHERE end_snapshot IS NULL")) {
				while (r.next()) {
					files.add(dataPath(meta) + "main/t/" + r.getString(1));
				}
			}
			try (Statement st = oracle.createStatement(); ResultSet r = st.executeQuery("SELECT i || '|' || filename"
					+ " || '|' || file_row_number FROM read_parquet(['" + String.join("', '", files) + "'], filename = true,"
					+ " file_row_number = true) WHERE i <> 20 ORDER BY i")) {
				while (r.next()) {
					want.add(r.getString(1));
				}
			}
			assertEquals(3, want.size());
			assertEquals(want, DuckLakeSessionTest.rows(s, "SELECT i || '|' || filename || '|' || file_row_number FROM h.t ORDER BY i"));
			// * leaves them out, as DuckDB's virtual columns
			assertEquals(List.of("i"), columns(s, "SELECT *, file_row_number FROM h.t").subList(0, 1));
			assertEquals(2, columns(s, "SELECT *, file_row_number FROM h.t").size());
		}
	}

	@Test
	void createTableAsWithNoDataTakesTheColumnsOnly(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("n.sqlite");
		try (EngineSession s = attach(dir, meta)) {
			ok(s, "CREATE TABLE h.t AS SELECT 1::INTEGER AS i, 'x' AS v WITH NO DATA");
			assertEquals(List.of("i|INTEGER", "v|VARCHAR"), DuckLakeSessionTest.rows(s, "SELECT column_name || '|' || data_type FROM"
					+ " information_schema.columns WHERE table_catalog = 'h' AND table_name = 't' ORDER BY 1"));
			assertEquals(List.of(), independent(meta, "t", "i", "v"));
			assertEquals(0, liveFiles(meta));
			Files.writeString(dir.resolve("secret.csv"), "a\n1\n");
			String bad = "CREATE TABLE h.u AS SELECT * FROM read_csv('" + dir.resolve("secret.csv") + "') WITH NO DATA";
			EngineException e = assertThrows(EngineException.class, () -> ok(s, bad));
			assertTrue(e.getMessage().contains("refused"), e.getMessage());
		}
	}

	@Test
	void loadPragmaAndSettingsTakeOnlyWhatIsHarmless(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("s.sqlite");
		try (EngineSession s = attach(dir, meta)) {
			ok(s, "LOAD icu");
			ok(s, "PRAGMA threads=1");
			assertEquals(List.of("sqlite|" + dataPath(meta)), DuckLakeSessionTest.rows(s, "SELECT catalog_type || '|' || data_path FROM"
					+ " h.settings()"));
			assertEquals(List.of("sqlite"), DuckLakeSessionTest.rows(s, "SELECT catalog_type FROM ducklake_settings('h')"));
			refused(s, "LOAD httpfs", "PRAGMA enable_external_access=true",
					"PRAGMA allowed_directories=['/']", "PRAGMA temp_directory='/tmp'");
		}
	}

	@Test
	void theSessionsOwnTablesLiveInItsMemoryOnly(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("x.sqlite");
		try (EngineSession s = attach(dir, meta)) {
			ok(s, "CREATE TABLE h.t(i INTEGER, v VARCHAR)");
			ok(s, "CREATE TABLE scratch(i INTEGER, v VARCHAR DEFAULT 'd')");
			assertEquals(List.of("2"), DuckLakeSessionTest.rows(s, "INSERT INTO scratch (i) VALUES (1), (2)"));
			ok(s, "CREATE TABLE memory.main.more AS SELECT i + 10 AS i, v FROM scratch");
			ok(s, "INSERT INTO h.t SELECT * FROM scratch UNION ALL SELECT * FROM more");
			assertEquals(List.of("11|d", "12|d", "1|d", "2|d"), independent(meta, "t", "i", "v"));
			Files.writeString(dir.resolve("secret.csv"), "i,v\n9,x\n");
			refused(s, "INSERT INTO scratch SELECT * FROM read_csv('" + dir.resolve("secret.csv") + "')",
					"CREATE TABLE leak AS SELECT * FROM read_csv('" + dir.resolve("secret.csv") + "')",
					"CREATE TABLE __dl_own(i INTEGER)");
		}
		// another session has none of them
		try (EngineSession s = attach(dir, meta)) {
			assertThrows(EngineException.class, () -> ok(s, "SELECT * FROM scratch"));
		}
	}

	@Test
	void fileReadersMayReadTheDataPathsFilesOnly(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("r.sqlite");
		try (Statement st = oracle.createStatement()) {
			st.execute("COPY (SELECT 42 AS secret) TO '" + dir.resolve("secret.parquet") + "'");
		}
		try (EngineSession s = attach(dir, meta)) {
			ok(s, "CREATE TABLE h.t(i INTEGER)");
			ok(s, "INSERT INTO h.t SELECT * FROM range(5)");
			ok(s, "INSERT INTO h.t SELECT * FROM range(5, 7)");
			ok(s, "SET VARIABLE files = (SELECT list(data_file) FROM ducklake_list_files('h', 't'))");
			// the files ducklake_list_files names, read by name: what a plain DuckDB reads from them
			List<String> want = new ArrayList<>();
			try (Statement st = oracle.createStatement(); ResultSet r = st.executeQuery("SELECT count(*) || '|' ||"
					+ " sum(i) FROM read_parquet('" + dataPath(meta) + "main/t/*.parquet')")) {
				r.next();
				want.add(r.getString(1));
			}
			assertEquals(want, DuckLakeSessionTest.rows(s, "SELECT count(*) || '|' || sum(i) FROM read_parquet(getvariable('files'))"));
			assertEquals(want, DuckLakeSessionTest.rows(s, "SELECT count(*) || '|' || sum(i) FROM read_parquet('" + dataPath(meta)
					+ "main/t/*.parquet')"));
			Files.createDirectories(dir.resolve("files/main"));
			Files.createSymbolicLink(dir.resolve("files/main/link.parquet"), dir.resolve("secret.parquet"));
			ok(s, "SET VARIABLE outside = '" + dir.resolve("secret.parquet") + "'");
			refused(s, "SELECT * FROM read_parquet('" + dir.resolve("secret.parquet") + "')",
					"SELECT * FROM read_parquet('" + dir.resolve("files") + "/../secret.parquet')",
					"SELECT * FROM read_parquet('" + dir.resolve("files/main/link.parquet") + "')",
					"SELECT * FROM read_parquet(getvariable('outside'))",
					"SELECT * FROM read_blob('" + meta + "')",
					"SELECT * FROM read_parquet((SELECT '" + dir.resolve("secret.parquet") + "'))");
		}
	}

	private static EngineSession attach(Path dir, Path meta) throws EngineException {
		EngineSession s = engine.openSession("test");
		ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS h (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
		return s;
	}

	private static String dataPath(Path meta) throws Exception {
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement s = db.createStatement();
				ResultSet r = s.executeQuery("SELECT value FROM ducklake_metadata WHERE key = 'data_path'")) {
			r.next();
			return r.getString(1);
		}
	}

	private static long lastSnapshot(Path meta) throws Exception {
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement s = db.createStatement();
				ResultSet r = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
			r.next();
			return r.getLong(1);
		}
	}

	private static long liveFiles(Path meta) throws Exception {
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement s = db.createStatement();
				ResultSet r = s.executeQuery("SELECT count(*) FROM ducklake_data_file WHERE end_snapshot IS NULL")) {
			r.next();
			return r.getLong(1);
		}
	}

	/**
	 * The table's live rows as the catalog file and the Parquet files say (columns by name: these tables are never
	 * altered), each as its values joined by |, sorted.
	 */
	private static List<String> independent(Path meta, String table, String... columns) throws Exception {
		String dataPath = dataPath(meta);
		List<String> files = new ArrayList<>();
		List<String> deletes = new ArrayList<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement s = db.createStatement()) {
			String live = " WHERE end_snapshot IS NULL AND table_id = (SELECT table_id FROM ducklake_table WHERE"
					+ " table_name = '" + table + "' AND end_snapshot IS NULL)";
			try (ResultSet r = s.executeQuery("SELECT path FROM ducklake_data_file" + live)) {
				while (r.next()) {
					files.add(dataPath + "main/" + table + "/" + r.getString(1));
				}
			}
			try (ResultSet r = s.executeQuery("SELECT path FROM ducklake_delete_file" + live)) {
				while (r.next()) {
					deletes.add(dataPath + "main/" + table + "/" + r.getString(1));
				}
			}
		}
		List<String> out = new ArrayList<>();
		if (files.isEmpty()) {
			return out;
		}
		String row = String.join(" || '|' || ", java.util.Arrays.stream(columns).map(c -> "coalesce(" + c
				+ "::VARCHAR, 'null')").toList());
		String q = "SELECT " + row + " FROM read_parquet(['" + String.join("', '", files) + "'], filename = true,"
				+ " file_row_number = true) r" + (deletes.isEmpty() ? "" : " WHERE NOT EXISTS (SELECT 1 FROM"
						+ " read_parquet(['" + String.join("', '", deletes) + "']) d WHERE d.file_path = r.filename AND"
						+ " d.pos = r.file_row_number)") + " ORDER BY 1";
		try (Statement s = oracle.createStatement(); ResultSet r = s.executeQuery(q)) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}

	private static List<String> columns(EngineSession s, String sql) throws EngineException {
		try (Result r = s.execute(sql)) {
			return r.columnNames();
		}
	}


	private static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}
}
