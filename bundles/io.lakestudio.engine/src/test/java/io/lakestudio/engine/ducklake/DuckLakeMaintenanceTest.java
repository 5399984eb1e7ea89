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
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * DuckLake's maintenance calls and change feed, on both catalogs, checked against an independent reader: the
 * catalog file opened with plain JDBC (sqlite-jdbc or DuckDB) and the Parquet files it names read by a plain
 * DuckDB, never through Lakestudio's read path.
 */
class DuckLakeMaintenanceTest extends SharedEngineTest {

	/** One catalog in {@code dir}: its URL and how a plain JDBC connection opens it. */
	record Lake(String kind, Path meta, Path data) {
		static Lake of(String kind, Path dir) {
			return new Lake(kind, dir.resolve(kind.equals("sqlite") ? "lake.sqlite" : "lake.ducklake"), dir.resolve("files"));
		}

		String attach() {
			return "ATTACH 'ducklake:" + (kind.equals("sqlite") ? "sqlite:" : "") + meta + "' AS d (DATA_PATH '" + data
					+ "', DATA_INLINING_ROW_LIMIT 0)";
		}

		Connection open() throws Exception {
			return DriverManager.getConnection((kind.equals("sqlite") ? "jdbc:sqlite:" : "jdbc:duckdb:") + meta);
		}
	}

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

	static List<String> jdbc(Connection c, String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
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

	/**
	 * The table's live rows as {@code rowid|i|s}, read by a plain DuckDB from the files the catalog names (the table
	 * is main.t, the data path {@code lake.data}): row ids embedded or row_id_start plus position, minus delete files.
	 */
	static Set<String> rawRows(Lake lake) throws Exception {
		Set<String> out = new TreeSet<>();
		List<String> files;
		try (Connection c = lake.open()) {
			files = jdbc(c, "SELECT f.path, f.row_id_start, (SELECT d.path FROM ducklake_delete_file d WHERE"
					+ " d.data_file_id = f.data_file_id AND d.end_snapshot IS NULL) FROM ducklake_data_file f WHERE"
					+ " f.end_snapshot IS NULL");
		}
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
			for (String f : files) {
				String[] p = f.split("\\|");
				String path = lake.data().resolve("main/t").resolve(p[0]).toString();
				boolean embedded = !jdbc(duck, "SELECT 1 FROM parquet_schema('" + path
						+ "') WHERE name = '_ducklake_internal_row_id'").isEmpty();
				String rowid = embedded ? "_ducklake_internal_row_id" : p[1] + " + file_row_number";
				String minus = p[2].equals("null") ? "" : " WHERE file_row_number NOT IN (SELECT pos FROM read_parquet('"
						+ lake.data().resolve("main/t").resolve(p[2]) + "'))";
				out.addAll(jdbc(duck, "SELECT " + rowid + ", i, s FROM read_parquet('" + path
						+ "', file_row_number = true)" + minus));
			}
		}
		return out;
	}

	static Set<Path> filesOnDisk(Path dir) throws Exception {
		Set<Path> out = new TreeSet<>();
		if (Files.isDirectory(dir)) {
			try (Stream<Path> w = Files.walk(dir)) {
				w.filter(Files::isRegularFile).forEach(p -> out.add(p.toAbsolutePath().normalize()));
			}
		}
		return out;
	}

	/** The files the catalog's data and delete file rows name (any snapshot's). */
	static Set<Path> named(Lake lake) throws Exception {
		Set<Path> out = new TreeSet<>();
		try (Connection c = lake.open()) {
			for (String p : jdbc(c, "SELECT path FROM ducklake_data_file UNION ALL SELECT path FROM ducklake_delete_file")) {
				out.add(lake.data().resolve("main/t").resolve(p).toAbsolutePath().normalize());
			}
		}
		return out;
	}

	/** The files scheduled for deletion (their paths relative to the data path). */
	static Set<Path> scheduled(Lake lake) throws Exception {
		Set<Path> out = new TreeSet<>();
		try (Connection c = lake.open()) {
			for (String p : jdbc(c, "SELECT path FROM ducklake_files_scheduled_for_deletion")) {
				out.add(lake.data().resolve(p).toAbsolutePath().normalize());
			}
		}
		return out;
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aMergeKeepsRowsRowIdsAndTimeTravel(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)");
			for (int k = 1; k <= 20; k++) {
				ok(s, "INSERT INTO d.t VALUES (" + k + ", 'v" + k + "')" + (k == 5 ? ", (105, 'v105')" : "")); // snapshot k+1
			}
			ok(s, "DELETE FROM d.t WHERE i = 105"); // snapshot 22: that file gets a delete file and is not merged
			ok(s, "DETACH d");
		}
		Set<String> before = rawRows(lake);
		assertEquals(20, before.size());
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			assertEquals(List.of("main|t|19|1"), rows(s, "SELECT * FROM ducklake_merge_adjacent_files('d')"));
			assertEquals(List.of("20"), rows(s, "SELECT count(*) FROM d.t"));
			// every snapshot before the merge reads as it did: snapshot k + 1 has rows 1..k (and 105 from k = 5 on)
			for (int k = 1; k <= 20; k++) {
				int extra = k >= 5 ? 1 : 0;
				assertEquals(List.of((k + extra) + "|" + (k * (k + 1) / 2 + 105 * extra)), rows(s,
						"SELECT count(*), sum(i) FROM d.t AT (VERSION => " + (k + 1) + ")"), "at version " + (k + 1));
			}
			assertEquals(List.of("20|210"), rows(s, "SELECT count(*), sum(i) FROM d.t AT (VERSION => 22)"));
			// the row ids a query sees are the ones the files hold
			assertEquals(before, new TreeSet<>(rows(s, "SELECT rowid, i, s FROM d.t")));
			ok(s, "DETACH d");
		}
		assertEquals(before, rawRows(lake), "the files the catalog names now hold the same rows and row ids");
		try (Connection c = lake.open()) {
			assertEquals(List.of("2"), jdbc(c, "SELECT count(*) FROM ducklake_data_file WHERE end_snapshot IS NULL"));
			assertEquals(List.of("19"), jdbc(c, "SELECT count(*) FROM ducklake_files_scheduled_for_deletion"));
			assertEquals(List.of("2|21"), jdbc(c, "SELECT begin_snapshot, partial_max FROM ducklake_data_file WHERE"
					+ " partial_max IS NOT NULL"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void expireAndCleanupDeleteExactlyTheFilesNoKeptSnapshotNames(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)");
			ok(s, "INSERT INTO d.t VALUES (1, 'a'), (2, 'b'), (3, 'c')");
			ok(s, "INSERT INTO d.t VALUES (4, 'd')");
			ok(s, "DELETE FROM d.t WHERE i = 2");
			ok(s, "UPDATE d.t SET s = 'x' WHERE i = 3");
			ok(s, "SELECT * FROM ducklake_rewrite_data_files('d', delete_threshold => 0)");
			ok(s, "CALL ducklake_merge_adjacent_files('d')");
			ok(s, "INSERT INTO d.t VALUES (5, 'e')");
			ok(s, "DETACH d");
		}
		Set<String> live = rawRows(lake);
		Set<Path> disk = filesOnDisk(lake.data());
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			List<String> expired = rows(s, "SELECT snapshot_id FROM ducklake_expire_snapshots('d', older_than => now())");
			assertFalse(expired.isEmpty());
			assertEquals(List.of("1"), rows(s, "SELECT count(*) FROM ducklake_snapshots('d')"), "only the latest is kept");
			ok(s, "DETACH d");
		}
		Set<Path> kept = named(lake);
		Set<Path> scheduled = scheduled(lake);
		Set<Path> expectGone = new TreeSet<>(disk);
		expectGone.removeAll(kept);
		assertEquals(expectGone, scheduled, "scheduled = on disk and named by no kept snapshot");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			assertEquals(List.of(String.valueOf(scheduled.size())), rows(s,
					"SELECT count(*) FROM ducklake_cleanup_old_files('d', cleanup_all => true, dry_run => true)"));
			assertEquals(disk, filesOnDisk(lake.data()), "a dry run deletes nothing");
			ok(s, "CALL ducklake_cleanup_old_files('d', cleanup_all => true)");
			assertEquals(List.of("1|a", "3|x", "4|d", "5|e"), rows(s, "SELECT i, s FROM d.t ORDER BY i"));
			ok(s, "DETACH d");
		}
		assertEquals(kept, filesOnDisk(lake.data()), "exactly the files no kept snapshot names are gone");
		assertEquals(live, rawRows(lake));
		try (Connection c = lake.open()) {
			assertEquals(List.of("0"), jdbc(c, "SELECT count(*) FROM ducklake_files_scheduled_for_deletion"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void orphanRemovalRemovesOnlyFilesNoRowNames(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)");
			ok(s, "INSERT INTO d.t VALUES (1, 'a')");
			ok(s, "INSERT INTO d.t VALUES (2, 'b')");
			ok(s, "CALL ducklake_merge_adjacent_files('d')"); // the two sources are scheduled, still named
			ok(s, "DETACH d");
		}
		Path orphan = lake.data().resolve("main/t/orphan.parquet").toAbsolutePath();
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement st = duck.createStatement()) {
			st.execute("COPY (SELECT 9 AS i, 'z' AS s) TO '" + orphan + "'");
		}
		Set<Path> before = filesOnDisk(lake.data());
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			assertEquals(List.of(), rows(s, "SELECT path FROM ducklake_delete_orphaned_files('d', dry_run => true)"),
					"a new unnamed file may be a writer's at work: left alone by default");
			assertEquals(List.of(orphan.toString()), rows(s,
					"SELECT path FROM ducklake_delete_orphaned_files('d', cleanup_all => true, dry_run => true)"));
			ok(s, "CALL ducklake_delete_orphaned_files('d', cleanup_all => true)");
			assertEquals(List.of("1|a", "2|b"), rows(s, "SELECT i, s FROM d.t ORDER BY i"));
			ok(s, "DETACH d");
		}
		Set<Path> after = new TreeSet<>(before);
		after.remove(orphan);
		assertEquals(after, filesOnDisk(lake.data()));
		Set<Path> namedOrScheduled = new TreeSet<>(named(lake));
		namedOrScheduled.addAll(scheduled(lake));
		assertEquals(namedOrScheduled, filesOnDisk(lake.data()), "every file left is one a row names");
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void theChangeFeedSaysWhatTheStatementsDid(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)"); // 1
			ok(s, "INSERT INTO d.t VALUES (1, 'a'), (2, 'b'), (3, 'c')"); // 2: row ids 0-2
			ok(s, "INSERT INTO d.t VALUES (4, 'd')"); // 3: row id 3
			ok(s, "INSERT INTO d.t VALUES (5, 'e')"); // 4: row id 4
			ok(s, "DELETE FROM d.t WHERE i = 2"); // 5
			ok(s, "CALL ducklake_merge_adjacent_files('d')"); // 6: merges the files of 3 and 4, shows nothing
			assertEquals(List.of("7"), rows(s, "SELECT count(*) FROM ducklake_snapshots('d')"));
			ok(s, "DELETE FROM d.t WHERE i = 4"); // 7: from the merged file
			assertEquals(List.of("2|0|insert|1|a", "2|1|insert|2|b", "2|2|insert|3|c", "3|3|insert|4|d",
					"4|4|insert|5|e", "5|1|delete|2|b", "7|3|delete|4|d"),
					rows(s, "SELECT * FROM ducklake_table_changes('d', 'main', 't', 0, 7) ORDER BY ALL"));
			assertEquals(List.of("5|1|delete|2|b"),
					rows(s, "SELECT * FROM ducklake_table_changes('d', 'main', 't', 5, 6) ORDER BY ALL"));
			// insertions and deletions: snapshot_id and rowid as virtual columns, not in *
			assertEquals(List.of("3|3|4|d", "4|4|5|e"),
					rows(s, "SELECT snapshot_id, rowid, * FROM ducklake_table_insertions('d', 'main', 't', 3, 7) ORDER BY 1"));
			assertEquals(List.of("2|b", "4|d"),
					rows(s, "SELECT * FROM ducklake_table_deletions('d', 'main', 't', 0, 7) ORDER BY ALL"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void addDataFilesRegistersFilesByColumnName(String kind, @TempDir Path dir) throws Exception {
		Lake lake = Lake.of(kind, dir);
		Path ext = lake.data().resolve("ext");
		Files.createDirectories(ext);
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement st = duck.createStatement()) {
			// columns in another order than the table's, one extra, no field ids (found by their folder below: the
			// insert's own file, ducklake-<uuid>.parquet, ends in a.parquet one time in 16)
			st.execute("COPY (SELECT 'x' || r AS s, r::INTEGER AS i, 0.5 AS extra FROM range(10, 13) t(r)) TO '"
					+ ext.resolve("a.parquet") + "'");
			st.execute("COPY (SELECT 20::SMALLINT AS i, 'y' AS s) TO '" + ext.resolve("b.parquet") + "'");
			st.execute("COPY (SELECT 1.5::DOUBLE AS i, 'z' AS s) TO '" + ext.resolve("bad.parquet") + "'");
		}
		try (EngineSession s = engine.openSession("test")) {
			ok(s, lake.attach());
			ok(s, "CREATE TABLE d.t(i INTEGER, s VARCHAR)");
			ok(s, "INSERT INTO d.t VALUES (1, 'a')");
			EngineException extra = assertThrows(EngineException.class, () -> ok(s,
					"CALL ducklake_add_data_files('d', 't', '" + ext.resolve("a.parquet") + "')"));
			assertTrue(extra.getMessage().contains("extra"), extra.getMessage());
			EngineException type = assertThrows(EngineException.class, () -> ok(s,
					"CALL ducklake_add_data_files('d', 't', '" + ext.resolve("bad.parquet") + "')"));
			assertTrue(type.getMessage().contains("INTEGER") && type.getMessage().contains("DOUBLE"), type.getMessage());
			assertEquals(List.of("1|a"), rows(s, "SELECT i, s FROM d.t"), "a refused file registers nothing");
			ok(s, "CALL ducklake_add_data_files('d', 't', ['" + ext.resolve("a.parquet") + "', '" + ext.resolve("b.parquet")
					+ "'], ignore_extra_columns => true)");
			assertEquals(List.of("1|a", "10|x10", "11|x11", "12|x12", "20|y"), rows(s, "SELECT i, s FROM d.t ORDER BY i"));
			assertEquals(List.of("0|1", "1|10", "2|11", "3|12", "4|20"), rows(s, "SELECT rowid, i FROM d.t ORDER BY i"));
			ok(s, "DETACH d");
		}
		try (Connection c = lake.open()) {
			// a.parquet (its extra column not mapped) and b.parquet map the same names to the same columns: the
			// extension reuses a compatible name map (same table, source names, target ids, hive flags; any order)
			assertEquals(List.of("1"), jdbc(c, "SELECT count(DISTINCT mapping_id) FROM ducklake_data_file"));
			assertEquals(List.of("10|12"), jdbc(c, "SELECT min_value, max_value FROM ducklake_file_column_stats s JOIN"
					+ " ducklake_data_file f USING (data_file_id) JOIN ducklake_column c ON c.column_id = s.column_id"
					+ " WHERE f.path LIKE '%ext/a.parquet' AND c.column_name = 'i'"));
			assertEquals(List.of("5|5"), jdbc(c, "SELECT record_count, next_row_id FROM ducklake_table_stats"));
		}
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
			// the files are registered where they are, not copied
			assertEquals(List.of("3"), jdbc(duck, "SELECT count(*) FROM read_parquet('" + ext.resolve("a.parquet") + "')"));
		}
	}
}
