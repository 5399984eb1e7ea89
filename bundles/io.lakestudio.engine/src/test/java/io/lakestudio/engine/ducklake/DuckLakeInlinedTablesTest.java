package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * The lifecycle of the inlined-data tables and the stats of inlined deletes, as the extension keeps them, checked
 * with plain JDBC on the catalog file: a table created or altered while inlining is on gets the table of its new
 * schema version, a flush drops those of superseded versions once they hold no live row (their history moves into
 * the current one, so older snapshots still read), and file rows deleted in the catalog keep the record count.
 */
class DuckLakeInlinedTablesTest extends SharedEngineTest {

	private static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}

	private static List<String> rows(EngineSession s, String sql) throws EngineException {
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

	/** The query's rows on the catalog file itself, read by plain JDBC once the engine let it go. */
	private static List<String> jdbc(String kind, Path meta, String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (Connection c = DriverManager.getConnection((kind.equals("sqlite") ? "jdbc:sqlite:" : "jdbc:duckdb:")
				+ meta); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
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

	private static String physical(String kind) {
		return kind.equals("sqlite") ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB"
				+ " 'ducklake_inlined_data_[0-9]*' ORDER BY name"
				: "SELECT table_name FROM duckdb_tables() WHERE regexp_matches(table_name, '^ducklake_inlined_data_[0-9]')"
						+ " ORDER BY 1";
	}

	private static String attach(String kind, Path meta, Path data) {
		return "ATTACH 'ducklake:" + (kind.equals("sqlite") ? "sqlite:" : "") + meta + "' AS d (DATA_PATH '" + data
				+ "', DATA_INLINING_ROW_LIMIT 10)";
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aFlushDropsTheInlinedTablesOfSupersededSchemaVersionsOnceEmpty(String kind, @TempDir Path dir)
			throws Exception {
		Path meta = dir.resolve(kind.equals("sqlite") ? "lake.sqlite" : "lake.ducklake");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach(kind, meta, dir.resolve("files")));
			ok(s, "CREATE TABLE d.t(i INTEGER)"); // snapshot 1, schema version 1
			ok(s, "INSERT INTO d.t VALUES (1), (2), (3)"); // 2
			ok(s, "ALTER TABLE d.t ADD COLUMN j INTEGER"); // 3, schema version 2
			ok(s, "INSERT INTO d.t VALUES (4, 40)"); // 4
			ok(s, "CREATE TABLE d.u(a INTEGER)"); // 5, schema version 3
			ok(s, "ALTER TABLE d.u ADD COLUMN b INTEGER"); // 6, schema version 4
			ok(s, "ALTER TABLE d.u ADD COLUMN c INTEGER"); // 7, schema version 5
			ok(s, "DETACH d");
			// each schema version of a table gets its inlined-data table, rows or not
			assertEquals(List.of("1|1", "1|2", "2|3", "2|4", "2|5"), jdbc(kind, meta,
					"SELECT table_id, schema_version FROM ducklake_inlined_data_tables ORDER BY 1, 2"));

			ok(s, attach(kind, meta, dir.resolve("files")));
			ok(s, "CALL ducklake_flush_inlined_data('d')"); // 8
			ok(s, "DETACH d");
			assertEquals(List.of("1|2", "2|5"), jdbc(kind, meta,
					"SELECT table_id, schema_version FROM ducklake_inlined_data_tables ORDER BY 1, 2"));
			assertEquals(List.of("ducklake_inlined_data_1_2", "ducklake_inlined_data_2_5"), jdbc(kind, meta,
					physical(kind)));
			// the superseded version's rows keep their history in the current one: inserted at 2, flushed at 8
			assertEquals(List.of("0|2|8|1|null", "1|2|8|2|null", "2|2|8|3|null", "3|4|8|4|40"), jdbc(kind, meta,
					"SELECT row_id, begin_snapshot, end_snapshot, i, j FROM ducklake_inlined_data_1_2 ORDER BY row_id"));

			ok(s, attach(kind, meta, dir.resolve("files")));
			assertEquals(List.of("1|null", "2|null", "3|null", "4|40"), rows(s, "SELECT i, j FROM d.t ORDER BY i"));
			assertEquals(List.of("1", "2", "3"), rows(s, "SELECT i FROM d.t AT (VERSION => 2) ORDER BY i"));
			ok(s, "INSERT INTO d.u VALUES (1, 2, 3)");
			assertEquals(List.of("1|2|3"), rows(s, "SELECT a, b, c FROM d.u"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void fileRowsDeletedInTheCatalogKeepTheRecordCount(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve(kind.equals("sqlite") ? "lake.sqlite" : "lake.ducklake");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, attach(kind, meta, dir.resolve("files")));
			ok(s, "CREATE TABLE d.t AS SELECT range AS a FROM range(50)"); // one file, over the limit
			ok(s, "DELETE FROM d.t WHERE a < 5"); // five file rows deleted, kept in the catalog
			ok(s, "CALL ducklake_flush_inlined_data('d')"); // into a delete file
			assertEquals(List.of("45"), rows(s, "SELECT count(*) FROM d.t"));
			ok(s, "DETACH d");
			assertEquals(List.of("5|2"), jdbc(kind, meta, "SELECT delete_count, begin_snapshot FROM ducklake_delete_file"));
			assertEquals(List.of("50|50"), jdbc(kind, meta, "SELECT record_count, next_row_id FROM ducklake_table_stats"));
		}
	}
}
