package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * Nested columns (struct, list, map, in each other) on a SQLite and a DuckDB-file catalog: what the engine reads
 * is what a plain DuckDB reads from the Parquet files the catalog names; every part of a nested column is a
 * {@code ducklake_column} row of its own whose id is that part's field id in the file; a struct field renamed
 * (or dropped and added again) after a file was written reads that file by field id, not by name.
 */
class DuckLakeNestedTypesTest extends SharedEngineTest {

	static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}

	static List<String> rows(EngineSession s, String sql) throws EngineException {
		List<String> out = new ArrayList<>();
		try (io.lakestudio.engine.Result r = s.execute(sql)) {
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

	static List<String> rows(Connection c, String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
			int n = r.getMetaData().getColumnCount();
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= n; i++) {
					row.add(String.valueOf(r.getString(i)));
				}
				out.add(String.join("|", row));
			}
		}
		return out;
	}

	static String url(String kind, Path meta) {
		return kind.equals("sqlite") ? "ducklake:sqlite:" + meta : "ducklake:" + meta;
	}

	/** The catalog database itself, opened plainly (after DETACH). */
	static Connection metadata(String kind, Path meta) throws Exception {
		return DriverManager.getConnection((kind.equals("sqlite") ? "jdbc:sqlite:" : "jdbc:duckdb:") + meta);
	}

	/** The live data files of table {@code t}, as paths a plain DuckDB reads, quoted. */
	static List<String> files(Connection md, Path data) throws Exception {
		List<String> out = new ArrayList<>();
		for (String p : rows(md, "SELECT path FROM ducklake_data_file WHERE end_snapshot IS NULL ORDER BY data_file_id")) {
			out.add("'" + data.resolve("main").resolve("t").resolve(p) + "'");
		}
		return out;
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void nestedValuesReadAsTheFilesHoldThemWithEveryPartsFieldId(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake." + kind);
		Path data = dir.resolve("files");
		String select = "SELECT id, CAST(s AS VARCHAR), CAST(l AS VARCHAR), CAST(m AS VARCHAR) FROM ";
		List<String> ours;
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + url(kind, meta) + "' AS d (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE d.t(id INTEGER, s STRUCT(i INTEGER, j VARCHAR), l STRUCT(a INTEGER, b BIGINT[])[],"
					+ " m MAP(VARCHAR, STRUCT(x DOUBLE)))");
			ok(s, "INSERT INTO d.t VALUES (1, {'i': 1, 'j': 'one'}, [{'a': 1, 'b': [10, 11]}, NULL],"
					+ " MAP {'k': {'x': 1.5}}), (2, NULL, [], MAP {}), (3, {'i': NULL, 'j': 'three'}, NULL, NULL)");
			ok(s, "INSERT INTO d.t VALUES (4, {'i': 4, 'j': NULL}, [{'a': NULL, 'b': NULL}], MAP {'z': NULL})");
			ours = rows(s, select + "d.t ORDER BY id");
			assertEquals(List.of("1|one"), rows(s, "SELECT s.i, s.j FROM d.t WHERE s.i = 1"));
			ok(s, "DETACH d");
		}
		assertEquals(4, ours.size());
		try (Connection md = metadata(kind, meta); Connection raw = DriverManager.getConnection("jdbc:duckdb:")) {
			List<String> files = files(md, data);
			assertEquals(2, files.size());
			assertEquals(rows(raw, select + "read_parquet([" + String.join(", ", files) + "]) ORDER BY id"), ours);
			// every part of every column is a row of its own, its id the field id that part has in each file
			Map<String, String> parents = new HashMap<>();
			List<String> cols = rows(md, "SELECT column_id, column_name, parent_column, column_type FROM ducklake_column"
					+ " WHERE end_snapshot IS NULL ORDER BY column_id");
			// ids in pre-order, each part's parent its enclosing column (shown relative to the table's first id)
			long first = Long.parseLong(cols.get(0).split("\\|")[0]) - 1;
			List<String> relative = new ArrayList<>();
			for (String c : cols) {
				String[] p = c.split("\\|");
				relative.add((Long.parseLong(p[0]) - first) + "|" + p[1] + "|" + (p[2].equals("null") ? "null"
						: String.valueOf(Long.parseLong(p[2]) - first)) + "|" + p[3]);
			}
			assertEquals(List.of("1|id|null|int32", "2|s|null|struct", "3|i|2|int32", "4|j|2|varchar",
					"5|l|null|list", "6|element|5|struct", "7|a|6|int32", "8|b|6|list", "9|element|8|int64",
					"10|m|null|map", "11|key|10|varchar", "12|value|10|struct", "13|x|12|float64"), relative);
			for (String f : files) {
				Map<String, String> named = new HashMap<>();
				for (String r : rows(raw, "SELECT field_id, name FROM parquet_schema(" + f + ") WHERE field_id IS NOT NULL")) {
					named.put(r.split("\\|")[0], r.split("\\|")[1]);
				}
				for (String c : cols) {
					String[] p = c.split("\\|");
					assertEquals(p[1], named.get(p[0]), "field id " + p[0] + " in " + f);
					parents.put(p[0], p[2]);
				}
			}
			assertEquals(String.valueOf(first + 2), parents.get(String.valueOf(first + 3)));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aStructFieldRenamedOrDroppedAndAddedAgainReadsOldFilesByFieldId(String kind, @TempDir Path dir)
			throws Exception {
		Path meta = dir.resolve("lake." + kind);
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + url(kind, meta) + "' AS d (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE d.t(s STRUCT(i INTEGER, j INTEGER))");
			ok(s, "INSERT INTO d.t VALUES ({'i': 1, 'j': 2})");
			ok(s, "ALTER TABLE d.t RENAME COLUMN s.i TO k");
			ok(s, "INSERT INTO d.t VALUES ({'k': 3, 'j': 4})");
			assertEquals(List.of("{'k': 1, 'j': 2}", "{'k': 3, 'j': 4}"), rows(s, "SELECT CAST(s AS VARCHAR) FROM d.t"
					+ " ORDER BY s.k"));
			// j dropped and a new j added: the old files' j (another field id) is not the new one
			ok(s, "ALTER TABLE d.t DROP COLUMN s.j");
			ok(s, "ALTER TABLE d.t ADD COLUMN s.j VARCHAR");
			ok(s, "INSERT INTO d.t VALUES ({'k': 5, 'j': 'five'})");
			assertEquals(List.of("1|null", "3|null", "5|five"), rows(s, "SELECT s.k, s.j FROM d.t ORDER BY s.k"));
			// the table as it was, at the version before the rename
			assertEquals(List.of("{'i': 1, 'j': 2}"), rows(s, "SELECT CAST(s AS VARCHAR) FROM d.t AT (VERSION => 2)"));
			ok(s, "DETACH d");
		}
		try (Connection md = metadata(kind, meta); Connection raw = DriverManager.getConnection("jdbc:duckdb:")) {
			String first = files(md, data).get(0);
			// the first file still names the field i, under the id the catalog now calls k
			String k = rows(md, "SELECT column_id FROM ducklake_column WHERE column_name = 'k' AND end_snapshot IS NULL")
					.get(0);
			assertEquals(List.of("i"), rows(raw, "SELECT name FROM parquet_schema(" + first + ") WHERE field_id = " + k));
			assertTrue(rows(raw, "SELECT CAST(s AS VARCHAR) FROM read_parquet(" + first + ")").contains(
					"{'i': 1, 'j': 2}"));
		}
	}
	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aNestedTableRewritesAndMergesItsFilesByFieldId(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake." + kind);
		Path data = dir.resolve("files");
		String select = "SELECT i, CAST(s AS VARCHAR), CAST(l AS VARCHAR) FROM ";
		List<String> before;
		List<String> after;
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + url(kind, meta) + "' AS d (DATA_PATH '" + data + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE d.t(i INTEGER, s STRUCT(a INTEGER, b VARCHAR), l INTEGER[])");
			ok(s, "INSERT INTO d.t SELECT x, {'a': x * 10, 'b': 'v' || x}, [x, x + 1] FROM range(1, 6) r(x)");
			// a field renamed between the files: the rewrite reads the first by field id, not by name
			ok(s, "ALTER TABLE d.t RENAME COLUMN s.a TO k");
			ok(s, "INSERT INTO d.t SELECT x, {'k': x * 10, 'b': 'v' || x}, [x] FROM range(6, 11) r(x)");
			ok(s, "DELETE FROM d.t WHERE i IN (2, 7)");
			before = rows(s, select + "d.t ORDER BY i");
			ok(s, "CALL ducklake_rewrite_data_files('d', delete_threshold => 0)");
			ok(s, "CALL ducklake_merge_adjacent_files('d')");
			after = rows(s, select + "d.t ORDER BY i");
			assertEquals(List.of("8"), rows(s, "SELECT count(*) FROM d.t WHERE s.k >= 10"));
			ok(s, "DETACH d");
		}
		assertEquals(8, before.size());
		assertEquals(before, after);
		try (Connection md = metadata(kind, meta); Connection raw = DriverManager.getConnection("jdbc:duckdb:")) {
			// the files left hold the rows as the catalog names them, the deleted ones gone
			assertEquals(after, rows(raw, select + "read_parquet([" + String.join(", ", files(md, data))
					+ "]) ORDER BY i"));
		}
	}
}
