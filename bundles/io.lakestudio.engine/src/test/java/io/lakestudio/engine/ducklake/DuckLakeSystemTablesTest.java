package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * duckdb_tables() with DuckLake catalogs attached lists their tables as the catalog file has them (live rows,
 * columns), beside the session's temp tables, and none of the kind's own.
 */
class DuckLakeSystemTablesTest extends SharedEngineTest {

	@Test
	void duckdbTablesListsEachCatalogsTablesAsTheCatalogFileSays(@TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '" + dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE lake.t(i INTEGER, j VARCHAR)");
			ok(s, "INSERT INTO lake.t SELECT i, 'x' || i FROM range(100) r(i)");
			ok(s, "DELETE FROM lake.t WHERE i < 10");
			ok(s, "CREATE SCHEMA lake.s1");
			ok(s, "CREATE TABLE lake.s1.u(k BIGINT)");
			ok(s, "CREATE TEMP TABLE scratch AS SELECT 1 AS a");
			List<String> listed = rows(s, "SELECT database_name || '.' || schema_name || '.' || table_name || '|'"
					+ " || estimated_size || '|' || column_count || '|' || temporary FROM duckdb_tables()"
					+ " WHERE database_name = 'lake' ORDER BY 1");
			assertEquals(fromCatalogFile(meta), listed);
			assertEquals(List.of("90|2"), rows(s, "SELECT estimated_size || '|' || column_count FROM duckdb_tables()"
					+ " WHERE database_name = 'lake' AND table_name = 't'"));
			assertEquals(List.of("scratch"), rows(s, "SELECT table_name FROM duckdb_tables() WHERE temporary"),
					"the session's temp table, and none of the kind's own");

			ok(s, "CREATE VIEW lake.s1.v AS SELECT 42 AS x");
			assertEquals(fromCatalogFileTypes(meta), rows(s, "SELECT table_catalog || '.' || table_schema || '.' ||"
					+ " table_name || '|' || table_type FROM information_schema.tables WHERE table_catalog = 'lake'"
					+ " ORDER BY 1"));
			assertEquals(List.of("1"), rows(s, "SELECT count(*) FROM information_schema.tables WHERE table_catalog ="
					+ " 'lake' AND table_type = 'VIEW'"));
			assertEquals(List.of("scratch"), rows(s, "SELECT table_name FROM information_schema.tables WHERE"
					+ " table_catalog <> 'lake'"), "the session's temp table, and none of the kind's own");

			// a table's columns as the catalog file has them, a view's as its query binds
			List<String> cols = rows(s, "SELECT table_name || '.' || column_name || '|' || ordinal_position || '|'"
					+ " || data_type FROM information_schema.columns WHERE table_catalog = 'lake' ORDER BY table_name,"
					+ " ordinal_position");
			assertEquals(List.of("t.i|1|INTEGER", "t.j|2|VARCHAR", "u.k|1|BIGINT", "v.x|1|INTEGER"), cols);
			assertEquals(columnsInCatalogFile(meta), cols.subList(0, 3));
		}
	}

	@Test
	void estimatedSizeCountsTheRowsAndDeletesKeptInTheCatalog(@TempDir Path dir) throws Exception {
		try (EngineSession s = engine.openSession("test")) {
			// inlining on as by default (10 rows): small inserts and deletes stay in the catalog
			ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("lake.sqlite") + "' AS lake (DATA_PATH '"
					+ dir.resolve("files") + "')");
			ok(s, "CREATE TABLE lake.small(i INTEGER)");
			ok(s, "INSERT INTO lake.small VALUES (1), (2), (3), (4), (5)");
			ok(s, "DELETE FROM lake.small WHERE i = 5");
			ok(s, "CREATE TABLE lake.big(i INTEGER)");
			ok(s, "INSERT INTO lake.big SELECT * FROM range(100)");
			ok(s, "DELETE FROM lake.big WHERE i < 3");
			assertEquals(List.of("1|5|3"), rows(s, "SELECT (SELECT count(*) FROM __ducklake_metadata_lake.ducklake_data_file)"
					+ " || '|' || (SELECT count(*) FROM __ducklake_metadata_lake.ducklake_inlined_data_1_1) || '|' || (SELECT"
					+ " count(*) FROM __ducklake_metadata_lake.ducklake_inlined_delete_2)"),
					"big's rows in a file, its deletes and small's rows inline");
			assertEquals(List.of("big|97", "small|4"), rows(s, "SELECT table_name || '|' || estimated_size FROM"
					+ " duckdb_tables() WHERE database_name = 'lake' ORDER BY 1"));
		}
	}

	static List<String> rows(EngineSession s, String sql) throws EngineException {
		List<String> out = new ArrayList<>();
		try (Result r = s.execute(sql)) {
			while (r.next()) {
				out.add(String.valueOf(r.text(0)));
			}
		}
		return out;
	}

	static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}

	/** Each live table's live columns in order with their types, by plain JDBC. */
	private static List<String> columnsInCatalogFile(Path meta) throws Exception {
		List<String> out = new ArrayList<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT t.table_name || '.' || c.column_name || '|' || (SELECT count(*) FROM"
						+ " ducklake_column c2 WHERE c2.table_id = c.table_id AND c2.end_snapshot IS NULL AND"
						+ " c2.column_order <= c.column_order) || '|' || upper(c.column_type) FROM ducklake_column c JOIN"
						+ " ducklake_table t USING (table_id) WHERE c.end_snapshot IS NULL AND t.end_snapshot IS NULL"
						+ " ORDER BY t.table_name, c.column_order")) {
			while (r.next()) {
				// the spec's type names as DuckDB spells them (DuckLake's data types page)
				String[] f = r.getString(1).split("\\|");
				out.add(f[0] + "|" + f[1] + "|" + java.util.Map.of("INT32", "INTEGER", "INT64", "BIGINT", "VARCHAR",
						"VARCHAR").get(f[2]));
			}
		}
		return out;
	}

	/** Each live table and view with its type, by plain JDBC. */
	private static List<String> fromCatalogFileTypes(Path meta) throws Exception {
		List<String> out = new ArrayList<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT 'lake.' || sc.schema_name || '.' || t.table_name || '|BASE TABLE'"
						+ " FROM ducklake_table t JOIN ducklake_schema sc USING (schema_id) WHERE t.end_snapshot IS NULL"
						+ " UNION ALL SELECT 'lake.' || sc.schema_name || '.' || v.view_name || '|VIEW' FROM ducklake_view v"
						+ " JOIN ducklake_schema sc USING (schema_id) WHERE v.end_snapshot IS NULL ORDER BY 1")) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}

	/** Each live table's live rows (data files' records minus deletes) and live columns, by plain JDBC. */
	private static List<String> fromCatalogFile(Path meta) throws Exception {
		String live = "end_snapshot IS NULL";
		List<String> out = new ArrayList<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT 'lake.' || sc.schema_name || '.' || t.table_name || '|'"
						+ " || ((SELECT coalesce(sum(record_count), 0) FROM ducklake_data_file f WHERE f.table_id = t.table_id"
						+ " AND f." + live + ") - (SELECT coalesce(sum(delete_count), 0) FROM ducklake_delete_file x WHERE"
						+ " x.table_id = t.table_id AND x." + live + ")) || '|' || (SELECT count(*) FROM ducklake_column c"
						+ " WHERE c.table_id = t.table_id AND c." + live + " AND c.parent_column IS NULL) || '|false'"
						+ " FROM ducklake_table t JOIN ducklake_schema sc USING (schema_id) WHERE t." + live
						+ " AND sc." + live + " ORDER BY 1")) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}
}
