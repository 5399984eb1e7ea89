package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.engine.EngineSession;

/**
 * A column named through its table's qualified name, as DuckDB takes it ({@code SELECT dl.t.c FROM dl.t}): the
 * table is read through a view, which has no catalog or schema of its own to match.
 */
class DuckLakeQualifiedColumnsTest extends SharedEngineTest {

	@Test
	void columnsNamedThroughCatalogAndSchemaRead() throws Exception {
		Path dir = Files.createDirectories(home.resolve("qualified"));
		try (EngineSession s = engine.openSession("test")) {
			DuckLakeSessionTest.ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("m.sqlite") + "' AS dl (DATA_PATH '"
					+ dir.resolve("files") + "')");
			DuckLakeSessionTest.ok(s, "CREATE TABLE dl.t(id INTEGER, v VARCHAR)");
			DuckLakeSessionTest.ok(s, "INSERT INTO dl.t VALUES (1, 'a'), (2, 'b')");
			assertEquals(List.of("1|a", "2|b"), DuckLakeSessionTest.rows(s,
					"SELECT dl.t.id, dl.main.t.v FROM dl.main.t ORDER BY dl.main.t.id"));
			assertEquals(List.of("2"), DuckLakeSessionTest.rows(s, "SELECT dl.t.id FROM dl.t WHERE dl.t.v = 'b'"));
			// an alias still names the table alone
			assertEquals(List.of("1"), DuckLakeSessionTest.rows(s, "SELECT x.id FROM dl.t x WHERE x.id = 1"));
		}
	}
}
