package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.engine.EngineSession;

/**
 * Columns added with defaults of different types: the rows of files written before read each default (DuckLake's
 * initial default), checked against a plain DuckDB over the same Parquet file with the defaults as the ALTERs gave
 * them. Before, such a table could not be read at all ("Cannot deduce template type 'T' in function: 'list_value'").
 */
class DuckLakeColumnDefaultsTest extends SharedEngineTest {

	@Test
	void oldFilesReadTheDefaultsOfColumnsAddedSince() throws Exception {
		Path dir = Files.createDirectories(home.resolve("d"));
		Path meta = dir.resolve("meta.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			DuckLakeSessionTest.ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '" + dir.resolve("files")
					+ "', DATA_INLINING_ROW_LIMIT 0)");
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake.t (i INTEGER)");
			DuckLakeSessionTest.ok(s, "INSERT INTO lake.t VALUES (1), (2)");
			DuckLakeSessionTest.ok(s, "ALTER TABLE lake.t ADD COLUMN n INTEGER DEFAULT 7");
			DuckLakeSessionTest.ok(s, "ALTER TABLE lake.t ADD COLUMN v VARCHAR DEFAULT 'x:y'");
			DuckLakeSessionTest.ok(s, "ALTER TABLE lake.t ADD COLUMN d DATE DEFAULT DATE '2026-12-03'");
			DuckLakeSessionTest.ok(s, "ALTER TABLE lake.t ADD COLUMN z DOUBLE");
			List<String> got = DuckLakeSessionTest.rows(s, "SELECT i, n, v, d, z FROM lake.t ORDER BY i");
			assertEquals(independent(meta, dir.resolve("files")), got);
		}
	}

	/** The one data file's rows read by a plain DuckDB, each added column its ALTER's default (z none). */
	private static List<String> independent(Path meta, Path files) throws Exception {
		String file;
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + meta);
				ResultSet rs = c.createStatement().executeQuery("SELECT path FROM ducklake_data_file")) {
			rs.next();
			file = rs.getString(1);
		}
		Path f;
		try (var all = Files.walk(files)) {
			f = all.filter(p -> p.toString().endsWith(file)).findFirst().orElseThrow();
		}
		List<String> out = new ArrayList<>();
		try (Connection d = DriverManager.getConnection("jdbc:duckdb:");
				ResultSet rs = d.createStatement().executeQuery("SELECT i, 7, 'x:y', DATE '2026-12-03', NULL::DOUBLE"
						+ " FROM read_parquet('" + f + "') ORDER BY i")) {
			while (rs.next()) {
				out.add(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3) + "|" + rs.getString(4) + "|"
						+ rs.getString(5));
			}
		}
		return out;
	}
}
