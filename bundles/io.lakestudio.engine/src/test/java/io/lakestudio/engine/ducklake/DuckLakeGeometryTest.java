package io.lakestudio.engine.ducklake;

import static io.lakestudio.engine.ducklake.DuckDbFileCatalogTest.ok;
import static io.lakestudio.engine.ducklake.DuckDbFileCatalogTest.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * GEOMETRY columns in a DuckLake catalog, as the extension keeps them: column type {@code geometry}, rows never
 * inlined, values kept through DELETE, UPDATE, time travel and compaction, and each file's and the table's
 * {@code extra_stats} the bounding box and geometry types of its values (no min or max). What the engine wrote is
 * read back by plain JDBC over the catalog file (after DETACH) and by a plain DuckDB over the Parquet files.
 */
class DuckLakeGeometryTest extends SharedEngineTest {

	/** Rows of a query on a plain in-memory DuckDB. */
	private static List<String> duck(String sql) throws Exception {
		try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
			return DuckLakeMaintenanceTest.jdbc(c, sql);
		}
	}

	/** An extra_stats text's bounds and types, as a plain DuckDB reads the JSON. */
	private static String geo(String json) throws Exception {
		List<String> bounds = new ArrayList<>();
		for (String b : List.of("xmin", "xmax", "ymin", "ymax", "zmin", "zmax", "mmin", "mmax")) {
			bounds.add("coalesce((j->'bbox'->>'" + b + "')::DOUBLE::VARCHAR, 'none')");
		}
		return duck("SELECT concat_ws('|', " + String.join(", ", bounds) + ", (j->'types')::VARCHAR) FROM (SELECT '"
				+ json.replace("'", "''") + "'::JSON AS j)").get(0);
	}

	private static List<Path> parquet(Path folder) throws Exception {
		try (Stream<Path> s = Files.walk(folder)) {
			return s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void geometryRowsGoToGeoParquetWithTheirBoundingBoxAsExtraStats(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			// inlining on (10 rows): a table with a GEOMETRY column still writes Parquet, as the extension's does
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + data + "', DATA_INLINING_ROW_LIMIT 10)");
			ok(s, "CREATE TABLE lake.t(i INTEGER, g GEOMETRY)");
			ok(s, "INSERT INTO lake.t VALUES (1, 'POINT(1 2)'), (2, 'LINESTRING(0 0, 5 7)'), (3, 'POINT Z (3 -4 9)'),"
					+ " (4, NULL)");
			assertEquals(List.of("i|INTEGER", "g|GEOMETRY"), rows(s, "SELECT column_name, column_type FROM"
					+ " (DESCRIBE lake.t)"));
			assertEquals(List.of("1|POINT (1 2)", "2|LINESTRING (0 0, 5 7)", "3|POINT Z (3 -4 9)", "4|null"), rows(s,
					"SELECT i, g::VARCHAR FROM lake.t ORDER BY i"));
			ok(s, "INSERT INTO lake.t VALUES (5, 'POINT(-10 100)')");
			ok(s, "DETACH lake");
		}
		assertEquals(List.of("i|int32", "g|geometry"), CatalogFiles.rows(kind, meta, "SELECT column_name, column_type FROM"
				+ " ducklake_column ORDER BY column_id"));
		assertEquals(List.of("0"), CatalogFiles.rows(kind, meta, "SELECT count(*) FROM ducklake_inlined_data_tables"),
				"no inlined-data table for a table with a GEOMETRY column");
		List<String> files = CatalogFiles.rows(kind, meta, "SELECT s.min_value, s.max_value, s.null_count, s.extra_stats"
				+ " FROM ducklake_file_column_stats s JOIN ducklake_column c USING (column_id) WHERE c.column_name = 'g'"
				+ " ORDER BY s.data_file_id");
		assertEquals(2, files.size(), "two inserts, two files: " + files);
		String[] first = files.get(0).split("\\|", 4);
		assertEquals("null|null|1", first[0] + "|" + first[1] + "|" + first[2], "no min or max for a geometry");
		assertEquals("0.0|5.0|-4.0|7.0|9.0|9.0|none|none|[\"linestring\",\"point\",\"point_z\"]", geo(first[3]));
		assertEquals("-10.0|-10.0|100.0|100.0|none|none|none|none|[\"point\"]", geo(files.get(1).split("\\|", 4)[3]));
		List<String> table = CatalogFiles.rows(kind, meta, "SELECT CASE WHEN contains_null THEN 1 ELSE 0 END, min_value,"
				+ " max_value, extra_stats FROM ducklake_table_column_stats WHERE column_id = 2");
		String[] t = table.get(0).split("\\|", 4);
		assertEquals("1|null|null", t[0] + "|" + t[1] + "|" + t[2]);
		assertEquals("-10.0|5.0|-4.0|100.0|9.0|9.0|none|none|[\"linestring\",\"point\",\"point_z\"]", geo(t[3]),
				"the table's: both files' merged");

		// the files themselves, by a plain DuckDB: WKB with GeoParquet metadata, read back as the same geometries
		List<Path> written = parquet(data);
		assertEquals(2, written.size());
		String f = written.stream().map(p -> "'" + p + "'").reduce((a, b) -> a + ", " + b).orElseThrow();
		assertEquals(List.of("1|POINT (1 2)", "2|LINESTRING (0 0, 5 7)", "3|POINT Z (3 -4 9)", "4|null",
				"5|POINT (-10 100)"), duck("SELECT i, g::VARCHAR FROM read_parquet([" + f + "]) ORDER BY i"));
		assertEquals(List.of("GEOMETRY('OGC:CRS84')"), duck("SELECT DISTINCT duckdb_type FROM parquet_schema([" + f
				+ "]) WHERE name = 'g'"));
		Path plain = written.stream().filter(p -> {
			try {
				return duck("SELECT count(*) FROM read_parquet('" + p + "')").equals(List.of("1"));
			} catch (Exception e) {
				throw new IllegalStateException(e);
			}
		}).findFirst().orElseThrow();
		assertEquals(List.of("WKB|[\"Point\"]|[-10.0,100.0,-10.0,100.0]"), duck("SELECT concat_ws('|', j->'columns'"
				+ "->'g'->>'encoding', (j->'columns'->'g'->'geometry_types')::VARCHAR, (j->'columns'->'g'->'bbox')"
				+ "::VARCHAR) FROM (SELECT decode(value)::JSON AS j FROM parquet_kv_metadata('" + plain
				+ "') WHERE decode(key) = 'geo')"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void deleteUpdateTimeTravelAndCompactionKeepTheGeometries(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		Path data = dir.resolve("files");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + data + "')");
			ok(s, "CREATE TABLE lake.t(i INTEGER, g GEOMETRY)");
			ok(s, "INSERT INTO lake.t VALUES (1, 'POINT(1 1)'), (2, 'POINT(2 2)')");
			long v = Long.parseLong(rows(s, "SELECT max(snapshot_id) FROM ducklake_snapshots('lake')").get(0));
			ok(s, "INSERT INTO lake.t VALUES (3, 'LINESTRING(0 0, 3 3)')");
			ok(s, "DELETE FROM lake.t WHERE i = 1");
			ok(s, "UPDATE lake.t SET g = 'POINT(20 30)' WHERE i = 2");
			List<String> now = List.of("2|POINT (20 30)", "3|LINESTRING (0 0, 3 3)");
			assertEquals(now, rows(s, "SELECT i, g::VARCHAR FROM lake.t ORDER BY i"));
			assertEquals(List.of("1|POINT (1 1)", "2|POINT (2 2)"), rows(s, "SELECT i, g::VARCHAR FROM lake.t AT"
					+ " (VERSION => " + v + ") ORDER BY i"));
			ok(s, "CALL ducklake_merge_adjacent_files('lake')");
			assertEquals(now, rows(s, "SELECT i, g::VARCHAR FROM lake.t ORDER BY i"));
			ok(s, "DETACH lake");
		}
		// every live file's stats say what a plain DuckDB reads in it: its geometries' box, from the GeoParquet metadata
		List<String> live = CatalogFiles.rows(kind, meta, "SELECT f.path, s.extra_stats FROM ducklake_data_file f JOIN"
				+ " ducklake_file_column_stats s USING (data_file_id) WHERE f.end_snapshot IS NULL AND s.column_id = 2"
				+ " ORDER BY f.data_file_id");
		// the file with deletes stays (as the extension's merge leaves it); the two after it became one
		assertEquals(2, live.size(), "the first file and the merged one: " + live);
		for (String one : live) {
			String[] row = one.split("\\|", 2);
			Path file = data.resolve("main").resolve("t").resolve(row[0]);
			List<String> box = duck("SELECT (j->'columns'->'g'->'bbox')::VARCHAR FROM (SELECT decode(value)::JSON AS j"
					+ " FROM parquet_kv_metadata('" + file + "') WHERE decode(key) = 'geo')");
			String[] b = box.get(0).replaceAll("[\\[\\]]", "").split(",");
			String[] stats = geo(row[1]).split("\\|");
			assertEquals(List.of(b[0], b[2], b[1], b[3]), List.of(stats[0], stats[1], stats[2], stats[3]),
					"xmin, xmax, ymin, ymax as the file's own metadata has them: " + row[1] + " vs " + box);
		}
		assertEquals("0.0|20.0|0.0|30.0|none|none|none|none|[\"linestring\",\"point\"]", geo(live.get(1).split(
				"\\|", 2)[1]), "the merged file: the line and the updated row's point");
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void alterAndCreateTableAsTakeGeometryButNoOtherCrs(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + dir.resolve("files") + "')");
			ok(s, "CREATE TABLE lake.t(i INTEGER)");
			ok(s, "INSERT INTO lake.t VALUES (1)");
			ok(s, "ALTER TABLE lake.t ADD COLUMN g GEOMETRY");
			ok(s, "INSERT INTO lake.t VALUES (2, 'POINT(4 5)')");
			assertEquals(List.of("1|null", "2|POINT (4 5)"), rows(s, "SELECT i, g::VARCHAR FROM lake.t ORDER BY i"));
			// GEOMETRY('OGC:CRS84') is what read_parquet calls a GeoParquet column: the CRS every such file is read as
			ok(s, "CREATE TABLE lake.c AS SELECT 7 AS id, ST_SetCRS('POLYGON((0 0, 1 0, 1 1, 0 0))'::GEOMETRY,"
					+ " 'OGC:CRS84') AS shape");
			assertEquals(List.of("7|POLYGON ((0 0, 1 0, 1 1, 0 0))"), rows(s, "SELECT id, shape::VARCHAR FROM lake.c"));
			EngineException e = assertThrows(EngineException.class, () -> ok(s,
					"CREATE TABLE lake.x(g GEOMETRY('OGC:CRS83'))"));
			assertTrue(e.getMessage().contains("keeps no coordinate reference system"), e.getMessage());
			ok(s, "DETACH lake");
		}
		assertEquals(List.of("g|geometry", "shape|geometry"), CatalogFiles.rows(kind, meta, "SELECT column_name, column_type"
				+ " FROM ducklake_column WHERE column_type = 'geometry' ORDER BY column_name"));
		assertEquals(List.of("0"), CatalogFiles.rows(kind, meta, "SELECT count(*) FROM ducklake_table WHERE table_name ="
				+ " 'x'"), "the refused table isn't made");
	}

	@ParameterizedTest
	@ValueSource(strings = { "sqlite", "duckdb" })
	void aGeoParquetFileAPlainDuckDbWroteIsAddedToAGeometryTable(String kind, @TempDir Path dir) throws Exception {
		Path meta = dir.resolve("lake.db");
		Path ext = dir.resolve("files").resolve("ext"); // inside the data path: what the engine may read
		Files.createDirectories(ext);
		Path file = ext.resolve("in.parquet");
		try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
			st.execute("COPY (SELECT 7 AS id, 'POLYGON((0 0, 1 0, 1 1, 0 0))'::GEOMETRY AS shape) TO '" + file + "'");
		}
		try (EngineSession s = engine.openSession("test")) {
			ok(s, "ATTACH '" + CatalogFiles.url(kind, meta) + "' AS lake (DATA_PATH '" + dir.resolve("files") + "')");
			ok(s, "CREATE TABLE lake.t(id INTEGER, shape GEOMETRY)");
			ok(s, "CALL ducklake_add_data_files('lake', 't', '" + file + "')");
			assertEquals(List.of("7|POLYGON ((0 0, 1 0, 1 1, 0 0))"), rows(s, "SELECT id, shape::VARCHAR FROM lake.t"));
			ok(s, "DETACH lake");
		}
		assertEquals(List.of("null|null"), CatalogFiles.rows(kind, meta, "SELECT min_value, max_value FROM"
				+ " ducklake_file_column_stats WHERE column_id = 2"), "no min or max for a geometry");
	}
}
