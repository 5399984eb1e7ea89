package io.lakestudio.ducklake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The catalogs DuckLake 0.1-0.4 wrote (the extension's own test data, at {@code $LAKESTUDIO_DUCKLAKE_SUITE}), in a
 * DuckDB file as the extension left them and in a SQLite file holding the same rows as DuckDB's sqlite scanner
 * lays them out: refused untouched without AUTOMATIC_MIGRATION (or with READ_ONLY); with it and a session default of
 * 1.1-dev1 (the suite's; without one the target is 1.0, which the engine's DuckDbFileCatalogTest checks), every
 * table and column of the specification (as {@link SpecCompatibilityTest} transcribes it), the rows the extension's
 * own migration gives (its suite's expectations), and then a commit goes in. Everything is read back with a plain
 * JDBC connection.
 */
class MigrationTest {

	private static final String[] OLD = { "v01", "v01_partitioned", "v02", "v03-dev1", "v03", "v03_types", "v04-dev1",
			"v04-dev1_types", "v04", "compacted_files", "per_table_schema" };

	@TempDir
	Path dir;

	private static Path suiteData() {
		String suite = System.getenv("LAKESTUDIO_DUCKLAKE_SUITE");
		Path old = suite == null || suite.isBlank() ? null : Path.of(suite, "data", "old_ducklake");
		Assumptions.assumeTrue(old != null && Files.isDirectory(old),
				"DuckLake's test data is not at hand: set LAKESTUDIO_DUCKLAKE_SUITE to its suite's folder");
		return old;
	}

	/** The old catalog {@code name} as a file of {@code kind}, ready to attach. */
	private Path old(String kind, String name) throws Exception {
		Path duck = dir.resolve(name + ".db");
		try (InputStream in = new GZIPInputStream(Files.newInputStream(suiteData().resolve(name + ".db.gz")))) {
			Files.copy(in, duck);
		}
		if (kind.equals("duckdb")) {
			return duck;
		}
		Path lite = dir.resolve(name + ".sqlite");
		toSqlite(duck, lite);
		Files.delete(duck);
		return lite;
	}

	/**
	 * Every {@code ducklake_*} table of the DuckDB file into a SQLite one, as DuckDB's sqlite scanner writes them
	 * (what the extension does with {@code ducklake:sqlite:}): DuckDB's type names declared, timestamps and UUIDs
	 * as DuckDB's text, booleans as 0/1.
	 */
	private static void toSqlite(Path duck, Path lite) throws Exception {
		try (Connection d = CatalogFiles.duckdb(duck, true); Connection s = DriverManager.getConnection("jdbc:sqlite:" + lite);
				Statement ds = d.createStatement(); Statement ss = s.createStatement()) {
			ds.execute("SET TimeZone = 'UTC'");
			Map<String, List<String[]>> tables = new TreeMap<>();
			try (ResultSet r = ds.executeQuery("SELECT table_name, column_name, data_type FROM information_schema.columns"
					+ " WHERE table_name LIKE 'ducklake%' ORDER BY table_name, ordinal_position")) {
				while (r.next()) {
					tables.computeIfAbsent(r.getString(1), k -> new ArrayList<>())
							.add(new String[] { r.getString(2), r.getString(3) });
				}
			}
			for (Map.Entry<String, List<String[]>> t : tables.entrySet()) {
				List<String> defs = new ArrayList<>();
				List<String> reads = new ArrayList<>();
				for (String[] c : t.getValue()) {
					defs.add("\"" + c[0] + "\" " + c[1]);
					reads.add("CAST(\"" + c[0] + "\" AS " + (c[1].equals("BOOLEAN") ? "INTEGER" : "VARCHAR") + ")");
				}
				ss.execute("CREATE TABLE \"" + t.getKey() + "\"(" + String.join(", ", defs) + ")");
				String marks = String.join(", ", java.util.Collections.nCopies(defs.size(), "?"));
				try (ResultSet r = ds.executeQuery("SELECT " + String.join(", ", reads) + " FROM " + t.getKey());
						PreparedStatement ps = s.prepareStatement("INSERT INTO \"" + t.getKey() + "\" VALUES (" + marks
								+ ")")) {
					while (r.next()) {
						for (int i = 1; i <= defs.size(); i++) {
							ps.setObject(i, r.getObject(i));
						}
						ps.executeUpdate();
					}
				}
			}
		}
	}

	private DuckLakeCatalog attach(String kind, Path file, boolean migrate) throws DuckLakeException {
		return attach(kind, file, migrate, false);
	}

	private DuckLakeCatalog attach(String kind, Path file, boolean migrate, boolean readOnly)
			throws DuckLakeException {
		return CatalogFiles.attach(kind, file, AttachOptions.defaults().withDataPath(dir.resolve("files").toString())
				.withOverrideDataPath(true).withAutomaticMigration(migrate).withReadOnly(readOnly)
				.withDefaultVersion("1.1-dev1"));
	}

	/** Table name to its column names, as the database itself lists them. */
	private static Map<String, Set<String>> columns(String kind, Connection db) throws Exception {
		Map<String, Set<String>> out = new HashMap<>();
		for (String r : CatalogFiles.rows(db, kind.equals("sqlite") ? "SELECT m.name, p.name FROM sqlite_master m,"
				+ " pragma_table_info(m.name) p WHERE m.type = 'table'"
				: "SELECT table_name, column_name FROM information_schema.columns")) {
			String[] p = r.split("\\|");
			out.computeIfAbsent(p[0], k -> new HashSet<>()).add(p[1]);
		}
		return out;
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void everyOldCatalogIsRefusedUntouchedThenMigratedToTheSpecificationsTables(String kind) throws Exception {
		for (String name : OLD) {
			Path file = old(kind, name);
			byte[] before = Files.readAllBytes(file);
			DuckLakeException e = assertThrows(DuckLakeException.class, () -> attach(kind, file, false).close());
			assertTrue(e.getMessage().contains("DuckLake catalog version mismatch"), name + ": " + e.getMessage());
			assertArrayEquals(before, Files.readAllBytes(file), name + " changed by a refused attach");
			DuckLakeException ro = assertThrows(DuckLakeException.class, () -> attach(kind, file, true, true).close());
			assertTrue(ro.getMessage().contains("only when attached writable"), name + ": " + ro.getMessage());
			assertArrayEquals(before, Files.readAllBytes(file), name + " changed by a refused read-only attach");

			List<String> seen = new ArrayList<>();
			try (DuckLakeCatalog c = attach(kind, file, true)) {
				CatalogAt at = c.store().at(c.store().latest());
				for (TableEntry t : at.tables()) {
					List<String> cols = new ArrayList<>();
					for (ColumnEntry col : at.columns().getOrDefault(t.id(), List.of())) {
						cols.add(col.name());
					}
					seen.add(t.id() + "|" + t.name() + "|" + String.join(",", cols));
				}
			}
			try (Connection db = CatalogFiles.plain(kind, file)) {
				// AUTOMATIC_MIGRATION takes a catalog to the version a new one would get: here the session's default
				assertEquals(List.of("1.1-dev1"), CatalogFiles.rows(db, "SELECT value FROM ducklake_metadata WHERE key = 'version'"),
						name);
				Map<String, Set<String>> have = columns(kind, db);
				for (Map.Entry<String, String> t : SpecCompatibilityTest.SPEC_1_1.entrySet()) {
					for (String col : t.getValue().split(", ")) {
						String c = col.substring(0, col.indexOf(' '));
						assertTrue(have.getOrDefault(t.getKey(), Set.of()).contains(c), name + ": " + t.getKey() + "."
								+ c + " missing after the migration");
					}
				}
				assertFalse(have.containsKey("ducklake_file_column_statistics"), name);
				assertFalse(have.get("ducklake_data_file").contains("partial_file_info"), name);
				// the tables and top-level columns a plain reader finds alive are the ones the catalog shows
				List<String> plain = new ArrayList<>();
				for (String t : CatalogFiles.rows(db, "SELECT table_id, table_name FROM ducklake_table WHERE end_snapshot IS NULL"
						+ " ORDER BY table_id")) {
					String id = t.substring(0, t.indexOf('|'));
					plain.add(t + "|" + String.join(",", CatalogFiles.rows(db, "SELECT column_name FROM ducklake_column WHERE"
							+ " table_id = " + id + " AND parent_column IS NULL AND end_snapshot IS NULL"
							+ " ORDER BY column_order")));
				}
				assertEquals(plain, seen, name);
				// schema versions are per table now, each live table has its own
				assertEquals(List.of("0"), CatalogFiles.rows(db, "SELECT count(*) FROM ducklake_schema_versions WHERE table_id IS NULL"),
						name);
				assertEquals(List.of(), CatalogFiles.rows(db, "SELECT table_id FROM ducklake_table t WHERE end_snapshot IS NULL AND"
						+ " NOT EXISTS (SELECT 1 FROM ducklake_schema_versions v WHERE v.table_id = t.table_id)"), name);
			}
			try (DuckLakeCatalog c = attach(kind, file, false)) {
				assertEquals("1.1-dev1", c.store().metadata().get("version"), name + " reattached without migration");
			}
		}
	}

	/** The rows the extension's migration gives these catalogs, as its suite's files expect them. */
	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void theMigratedRowsAreTheExtensions(String kind) throws Exception {
		Path perTable = old(kind, "per_table_schema");
		attach(kind, perTable, true).close();
		try (Connection db = CatalogFiles.plain(kind, perTable)) {
			// test/sql/migration/per_table_schema.test: the catalog's schema versions, per table alive at each
			assertEquals(List.of("1|1|1", "1|2|2", "1|3|3", "1|4|4", "1|5|5", "1|6|6", "2|2|2", "2|3|3", "2|4|4",
					"2|5|5", "2|6|6", "3|3|3", "3|4|4", "3|5|5", "3|6|6"), CatalogFiles.rows(db, "SELECT table_id, begin_snapshot,"
							+ " schema_version FROM ducklake_schema_versions ORDER BY 1, 2, 3"));
		}
		Path compacted = old(kind, "compacted_files");
		attach(kind, compacted, true).close();
		try (Connection db = CatalogFiles.plain(kind, compacted)) {
			// test/sql/migration/test_compaction.test: partial_file_info 'partial_max:9' became partial_max 9
			assertEquals(List.of("6|null", "8|9"), CatalogFiles.rows(db, "SELECT data_file_id, partial_max FROM ducklake_data_file"
					+ " ORDER BY 1"));
		}
		Path partitioned = old(kind, "v01_partitioned");
		try (DuckLakeCatalog c = attach(kind, partitioned, true)) {
			// 0.1 numbered each table's columns from 1: table 1's struct s (id 1) has fields x, y; table 2's
			// column 1 is a plain integer
			Map<Long, List<ColumnEntry>> cols = c.store().at(c.store().latest()).columns();
			assertEquals("s:x,y", cols.get(1L).get(0).name() + ":" + String.join(",",
					cols.get(1L).get(0).children().stream().map(ColumnEntry::name).toList()));
			assertEquals(List.of(), cols.get(2L).get(0).children());
		}
		try (Connection db = CatalogFiles.plain(kind, partitioned)) {
			// 0.1 named a partition column by its place among the table's top-level columns (v01_partitioned.test
			// writes into part_key=0/1 and other_part_key=0/1 folders after the migration)
			assertEquals(List.of("1|part_key", "2|other_part_key"), CatalogFiles.rows(db, "SELECT p.table_id, c.column_name FROM"
					+ " ducklake_partition_column p JOIN ducklake_column c ON c.table_id = p.table_id"
					+ " AND c.column_id = p.column_id ORDER BY 1"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aMigratedCatalogTakesACommit(String kind) throws Exception {
		for (String name : new String[] { "v01", "v03", "v04" }) {
			Path file = old(kind, name);
			long before;
			try (DuckLakeCatalog c = attach(kind, file, true)) {
				Snapshot base = c.store().latest();
				before = base.id();
				TableEntry t = c.store().at(base).tables().stream().filter(x -> x.name().equals("test")).findFirst()
						.orElseThrow();
				TableStats stats = c.store().tableStats(t.id()).orElse(new TableStats(t.id(), 0, 0, 0));
				Commit commit = new Commit(base);
				long fileId = commit.fileId();
				commit.newDataFiles.add(new DataFile(fileId, t.id(), 0, "after-" + UUID.randomUUID() + ".parquet", true,
						3, 100, 10, stats.nextRowId(), List.of()));
				commit.baseStats.put(t.id(), stats);
				commit.tableStats.put(t.id(), new TableStats(t.id(), stats.recordCount() + 3, stats.nextRowId() + 3,
						stats.fileSizeBytes() + 100));
				commit.changes.add("inserted_into_table:" + t.id());
				c.store().commit(commit);
			}
			try (Connection db = CatalogFiles.plain(kind, file)) {
				assertEquals(List.of(String.valueOf(before + 1)), CatalogFiles.rows(db, "SELECT max(snapshot_id) FROM ducklake_snapshot"),
						name);
				assertEquals(List.of("3|" + (before + 1)), CatalogFiles.rows(db, "SELECT record_count, begin_snapshot FROM"
						+ " ducklake_data_file WHERE path LIKE 'after-%'"), name);
				assertEquals(List.of("inserted_into_table:1"), CatalogFiles.rows(db, "SELECT changes_made FROM ducklake_snapshot_changes"
						+ " WHERE snapshot_id = " + (before + 1)), name);
			}
		}
	}

	/** A migration that fails part way leaves the file as it was: one transaction. */
	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aFailedMigrationWritesNothing(String kind) throws Exception {
		Path file = old(kind, "v01");
		try (Connection db = CatalogFiles.plain(kind, file); Statement s = db.createStatement()) {
			// 0.2 renames this table and adds a column to it: without it the migration fails after its first steps
			s.execute("DROP TABLE ducklake_file_column_statistics");
		}
		DuckLakeException e = assertThrows(DuckLakeException.class, () -> attach(kind, file, true).close());
		assertTrue(e.getMessage().contains("cannot migrate"), e.getMessage());
		try (Connection db = CatalogFiles.plain(kind, file)) {
			assertEquals(List.of("0.1"), CatalogFiles.rows(db, "SELECT value FROM ducklake_metadata WHERE key = 'version'"));
			Map<String, Set<String>> have = columns(kind, db);
			assertFalse(have.get("ducklake_schema").contains("path"), "0.2's first column stayed");
			assertFalse(have.containsKey("ducklake_column_mapping"), "0.2's table stayed");
		}
	}
}
