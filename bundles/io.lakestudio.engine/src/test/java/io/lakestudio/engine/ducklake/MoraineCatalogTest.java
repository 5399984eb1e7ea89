package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.CatalogSnapshot;
import io.lakestudio.moraine.ColumnInfo;
import io.lakestudio.moraine.DataFileInfo;
import io.lakestudio.moraine.DeleteFileInfo;
import io.lakestudio.moraine.ReadOnlyCatalog;
import io.lakestudio.moraine.SchemaInfo;
import io.lakestudio.moraine.SnapshotId;
import io.lakestudio.moraine.TableInfo;
import io.lakestudio.store.FolderStore;

/**
 * SQL on a moraine store attached as a DuckLake catalog ({@code ducklake:moraine:<folder>}), each read checked
 * against an independent reader: moraine's own catalog API opened on the store by the test (which files, which
 * delete files at a snapshot) and a plain DuckDB reading those Parquet files by field id minus the deleted
 * positions. Two engines stand for two processes: a writer and a reader.
 */
class MoraineCatalogTest {

	@TempDir
	static Path home;
	static Catalog catalog;
	static Engine writerEngine;
	static Engine readerEngine;
	static Connection oracle;

	@BeforeAll
	static void start() throws Exception {
		catalog = Catalogs.open(Catalogs.catalogFile(home, "t"), "t");
		writerEngine = engine("writer");
		readerEngine = engine("reader");
		oracle = DriverManager.getConnection("jdbc:duckdb:");
	}

	static Engine engine(String name) {
		return DuckLakeEngines.open(home.resolve(name), catalog);
	}

	@AfterAll
	static void stop() throws Exception {
		writerEngine.close();
		readerEngine.close();
		oracle.close();
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

	static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}

	/** The table's rows at a snapshot as moraine's own API and the Parquet files say, sorted, "a|b|..." by field id. */
	static List<String> independent(Path store, String table, long snapshot, String... columns) throws Exception {
		return independent(new FolderStore(store), table, snapshot, columns);
	}

	static List<String> independent(io.lakestudio.store.ObjectStore store, String table, long snapshot,
			String... columns) throws Exception {
		List<String> files = new ArrayList<>();
		List<String> deletes = new ArrayList<>();
		List<Long> ids = new ArrayList<>();
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults());
				CatalogSnapshot s = r.snapshotAt(new SnapshotId(snapshot))) {
			String dataPath = r.option(io.lakestudio.moraine.OptionScope.GLOBAL, "data_path").orElseThrow();
			TableInfo t = s.tableByName("main", table).orElseThrow();
			SchemaInfo schema = s.schema(t.schema()).orElseThrow();
			String folder = dataPath + schema.path() + t.path();
			for (DataFileInfo f : s.dataFiles(t.id())) {
				files.add(folder + f.path());
			}
			for (DeleteFileInfo d : s.deleteFiles(t.id())) {
				deletes.add(folder + d.path());
			}
			for (String c : columns) {
				ids.add(s.columns(t.id()).stream().filter(x -> x.name().equals(c)).map(ColumnInfo::id).findFirst()
						.orElseThrow().value());
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
		String q = "SELECT " + select + " FROM read_parquet(['" + String.join("', '", files) + "'], filename = true,"
				+ " file_row_number = true, schema = map {" + map + "}) r" + (deletes.isEmpty() ? ""
						: " WHERE NOT EXISTS (SELECT 1 FROM read_parquet(['" + String.join("', '", deletes)
								+ "']) d WHERE d.file_path = r.filename AND d.pos = r.file_row_number)")
				+ " ORDER BY 1";
		try (Statement st = oracle.createStatement(); ResultSet r = st.executeQuery(q)) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}

	@Test
	void sqlOnAMoraineStoreReadsAsTheFilesItNamesAndTravelsInTime(@TempDir Path dir) throws Exception {
		Path store = dir.resolve("lake");
		try (EngineSession s = writerEngine.openSession("w")) {
			ok(s, "ATTACH 'ducklake:moraine:" + store + "' AS m (DATA_PATH '" + dir.resolve("data") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(s, "CREATE TABLE m.sales(id BIGINT, region VARCHAR, amount DECIMAL(18,2))");
			assertEquals(List.of("3"), rows(s, "INSERT INTO m.sales VALUES (1, 'north', 10.50), (2, 'south', 20),"
					+ " (3, NULL, 30.25)"));
			List<String> three = List.of("1|north|10.50", "2|south|20.00", "3|null|30.25");
			assertEquals(three, rows(s, "SELECT * FROM m.sales ORDER BY id"));
			assertEquals(three, independent(store, "sales", 2, "id", "region", "amount"));
			assertEquals(List.of("1"), rows(s, "DELETE FROM m.sales WHERE id = 2"));
			ok(s, "INSERT INTO m.sales VALUES (4, 'east', 1)");
			List<String> now = List.of("1|north|10.50", "3|null|30.25", "4|east|1.00");
			assertEquals(now, rows(s, "SELECT * FROM m.sales ORDER BY id"));
			assertEquals(now, independent(store, "sales", 4, "id", "region", "amount"));
			// time travel: each snapshot as moraine and the files had it then
			assertEquals(three, rows(s, "SELECT * FROM m.sales AT (VERSION => 2) ORDER BY id"));
			assertEquals(List.of("1|north|10.50", "3|null|30.25"), independent(store, "sales", 3, "id", "region",
					"amount"));
			assertEquals(List.of("1|north|10.50", "3|null|30.25"),
					rows(s, "SELECT * FROM m.sales AT (VERSION => 3) ORDER BY id"));
			assertEquals(List.of(), rows(s, "SELECT * FROM m.sales AT (VERSION => 1)"));
			// a renamed column reads old files by field id
			ok(s, "ALTER TABLE m.sales RENAME COLUMN region TO area");
			assertEquals(List.of("1|north", "3|null", "4|east"), rows(s, "SELECT id, area FROM m.sales ORDER BY id"));
			assertEquals(List.of("1|north", "3|null", "4|east"), independent(store, "sales", 5, "id", "area"));
			// the snapshots and the catalog's own tables, listed from moraine's state
			List<String> snaps = rows(s, "SELECT snapshot_id, changes FROM ducklake_snapshots('m') ORDER BY 1");
			assertEquals(6, snaps.size(), snaps.toString());
			assertTrue(snaps.get(1).contains("tables_created=[main.sales]"), snaps.get(1));
			assertEquals(List.of("2"), rows(s, "SELECT count(*) FROM __ducklake_metadata_m.ducklake_data_file"
					+ " WHERE end_snapshot IS NULL"));
			assertEquals(List.of("1"), rows(s, "SELECT count(*) FROM __ducklake_metadata_m.ducklake_delete_file"));
			assertEquals(List.of("1.0"), rows(s, "SELECT value FROM __ducklake_metadata_m.ducklake_metadata"
					+ " WHERE key = 'version' AND scope IS NULL"));
			ok(s, "DETACH m");
		}
		// reattached (the writer closed, its lease given up), everything reads back the same
		try (EngineSession s = writerEngine.openSession("w2")) {
			ok(s, "ATTACH 'ducklake:moraine:" + store + "' AS m");
			assertEquals(List.of("1|north", "3|null", "4|east"), rows(s, "SELECT id, area FROM m.sales ORDER BY id"));
		}
	}

	@Test
	void aReaderSeesTheWritersCommitsOneWriterPerProcessAndAnotherProcessIsRefused(@TempDir Path dir) throws Exception {
		Path store = dir.resolve("lake");
		try (EngineSession w = writerEngine.openSession("w"); EngineSession r = readerEngine.openSession("r")) {
			ok(w, "ATTACH 'ducklake:moraine:" + store + "' AS m (DATA_PATH '" + dir.resolve("data") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(w, "CREATE TABLE m.t(i INTEGER)");
			ok(r, "ATTACH 'ducklake:moraine:" + store + "' AS m (READ_ONLY)");
			assertEquals(List.of("0"), rows(r, "SELECT count(*) FROM m.t"));
			for (int i = 1; i <= 3; i++) {
				ok(w, "INSERT INTO m.t VALUES (" + i + ")");
				assertEquals(List.of(String.valueOf(i)), rows(r, "SELECT max(i) FROM m.t"), "after commit " + i);
			}
			assertEquals(independent(store, "t", 4, "i"), rows(r, "SELECT i FROM m.t ORDER BY 1"));
			EngineException e = assertThrows(EngineException.class, () -> r.execute("INSERT INTO m.t VALUES (9)"));
			assertTrue(e.getMessage().contains("read-only"), e.getMessage());
			// a second session of this process writes through the same writer (one per process, as moraine has it)
			try (EngineSession second = readerEngine.openSession("w2")) {
				ok(second, "ATTACH 'ducklake:moraine:" + store + "' AS m2");
				ok(second, "INSERT INTO m2.t VALUES (4)");
				assertEquals(List.of("4"), rows(w, "SELECT max(i) FROM m.t"));
			}
		}
		// another process holding the writer lease: a read-write attach is refused with the lease's message
		try (io.lakestudio.moraine.Catalog other = io.lakestudio.moraine.Catalog.open(new FolderStore(store),
				CatalogOptions.defaults().withHolder("other-host/4242"));
				EngineSession third = writerEngine.openSession("w3")) {
			EngineException held = assertThrows(EngineException.class, () -> third.execute(
					"ATTACH 'ducklake:moraine:" + store + "' AS m3"));
			assertTrue(held.getMessage().contains("is held by other-host/4242 since"), held.getMessage());
			ok(third, "ATTACH 'ducklake:moraine:" + store + "' AS r3 (READ_ONLY)");
			assertEquals(List.of("4"), rows(third, "SELECT count(*) FROM r3.t"));
		}
	}

	/** Every file under the store, with its size and modification time: what a write would change. */
	static Map<String, String> listing(Path store) throws IOException {
		Map<String, String> out = new TreeMap<>();
		try (Stream<Path> s = Files.walk(store)) {
			for (Path p : s.toList()) {
				out.put(store.relativize(p).toString(), Files.isDirectory(p) ? "dir"
						: Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis());
			}
		}
		return out;
	}

	@Test
	void aCheckpointPinsACutAndItsReaderWritesNothing(@TempDir Path dir) throws Exception {
		Path store = dir.resolve("lake");
		try (EngineSession w = writerEngine.openSession("w")) {
			ok(w, "ATTACH 'ducklake:moraine:" + store + "' AS m (DATA_PATH '" + dir.resolve("data") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(w, "CREATE TABLE m.t(i INTEGER)");
			ok(w, "INSERT INTO m.t VALUES (1), (2)");
			String id = rows(w, "SELECT checkpoint_id FROM moraine_create_checkpoint('m')").get(0);
			assertTrue(rows(w, "SELECT checkpoint_id FROM moraine_checkpoints('m')").contains(id));
			ok(w, "INSERT INTO m.t VALUES (3)");
			ok(w, "DETACH m");
			Map<String, String> before = listing(store);
			try (EngineSession r = readerEngine.openSession("pinned")) {
				ok(r, "ATTACH 'ducklake:moraine:" + store + "' AS p (META_CHECKPOINT '" + id + "')");
				assertEquals(List.of("1", "2"), rows(r, "SELECT i FROM p.t ORDER BY 1"));
				assertEquals(List.of("2"), rows(r, "SELECT count(*) FROM ducklake_snapshots('p')").subList(0, 1)
						.stream().map(x -> String.valueOf(Long.parseLong(x) - 1)).toList());
				EngineException e = assertThrows(EngineException.class, () -> r.execute(
						"SELECT * FROM moraine_create_checkpoint('p')"));
				assertTrue(e.getMessage().contains("read-only"), e.getMessage());
				ok(r, "DETACH p");
			}
			// the pinned reader put nothing and deleted nothing: every object of the store is as it was
			assertEquals(before, listing(store));
			ok(w, "ATTACH 'ducklake:moraine:" + store + "' AS m");
			assertEquals(List.of("1", "2", "3"), rows(w, "SELECT i FROM m.t ORDER BY 1"));
			assertEquals(List.of(id + "|true"), rows(w, "SELECT * FROM moraine_delete_checkpoint('m', '" + id + "')"));
			assertEquals(List.of(), rows(w, "SELECT checkpoint_id FROM moraine_checkpoints('m') WHERE checkpoint_id = '"
					+ id + "'"));
		}
	}

	@Test
	void moraineCallsAnswerTheReportsAsRows(@TempDir Path dir) throws Exception {
		Path store = dir.resolve("lake");
		try (EngineSession w = writerEngine.openSession("w")) {
			ok(w, "ATTACH 'ducklake:moraine:" + store + "' AS m (DATA_PATH '" + dir.resolve("data") + "', DATA_INLINING_ROW_LIMIT 0)");
			ok(w, "CREATE TABLE m.t(i INTEGER)");
			ok(w, "INSERT INTO m.t VALUES (1)");
			List<String> census = rows(w, "SELECT subspace FROM moraine_store_census('m') ORDER BY 1");
			assertTrue(census.containsAll(List.of("current", "meta", "options", "snapshots")), census.toString());
			assertEquals(List.of("0|0|0"), rows(w, "SELECT * FROM moraine_maintenance('m')"));
			List<String> merged = rows(w, "SELECT subspace, outcome FROM moraine_compact_store('m')");
			assertTrue(!merged.isEmpty(), merged.toString());
			assertEquals(List.of("true"), rows(w, "SELECT no_op FROM moraine_migrate('m')"));
			assertEquals(rows(w, "SELECT subspace FROM moraine_store_census('m') ORDER BY 1"),
					rows(w, "CALL moraine_store_census('m')").stream().map(x -> x.split("\\|")[0]).sorted().toList());
			// after the merge the catalog reads the same
			assertEquals(List.of("1"), rows(w, "SELECT i FROM m.t"));
			EngineException e = assertThrows(EngineException.class, () -> w.execute(
					"SELECT * FROM moraine_store_census('nope')"));
			assertTrue(e.getMessage().contains("nope"), e.getMessage());
		}
	}
}
