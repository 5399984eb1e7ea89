package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;

/**
 * A file DuckDB can't read is fetched again once, with its table's log read again, and the statement run anew:
 * a damaged cached copy answers right on the same statement; a file damaged in the lake itself fails once more
 * and says so, final.
 */
class DamagedFileTest {

	private static final String SQL = "SELECT count(*), sum(id) FROM \"Damaged/Files\".t";

	@Test
	void aDamagedCopyIsFetchedAgainAndADamagedFileFailsOnce(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		Path table = Files.createDirectories(root.resolve("Damaged/Files.Lakehouse/Tables/t"));
		DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false)), List.of(), Map.of());
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties())) {
			StatementCacheTest.add(d, table, "a.parquet", 0, 50_000);
		}
		try (TestLake lake = TestLake.of(tmp, root); Engine e = lake.engine()) {
			assertEquals(List.of(List.of("50000", "1249975000")), TestLake.rows(e, SQL));
			long fetched = e.fetchedBytes();
			damage(onlyFile(lake.home.resolve("cache/files")));
			assertEquals(List.of(List.of("50000", "1249975000")), TestLake.rows(e, SQL), "the damaged copy fetched again");
			assertTrue(e.fetchedBytes() > fetched, "fetched again");
			assertEquals(List.of(List.of("50000", "1249975000")), TestLake.rows(e, SQL));
			assertTrue(e.lastPlanKept(), "and the statement runs as made since");

			// the lake's own file damaged (same size): fetched again once, then a final error
			damage(table.resolve("a.parquet"));
			try (Stream<Path> files = Files.list(lake.home.resolve("cache/files"))) {
				for (Path p : (Iterable<Path>) files::iterator) {
					Files.delete(p);
				}
			}
			long requests = e.cache().fetchRequests();
			EngineException failed = assertThrows(EngineException.class, () -> TestLake.rows(e, SQL));
			assertEquals(EngineException.Kind.FAILED, failed.kind());
			assertTrue(failed.getMessage().contains("still failing after the files it read were fetched again"),
					failed.getMessage());
			long perRead = 2; // the tail, then the column's chunk
			assertEquals(requests + 2 * perRead, e.cache().fetchRequests(), "fetched twice, not more");
			assertFalse(e.lastPlanKept());
		}
	}

	@Test
	void anErrorWhileAStatementStartsSaysWhatWentWrong(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine()) {
			EngineException x = assertThrows(EngineException.class,
					() -> TestLake.rows(e, "SELECT count(*) FROM \"Sales/Orders\".customers WHERE 'x'::INTEGER > 0"));
			assertTrue(x.getMessage().startsWith("Conversion Error: Could not convert string 'x'"), x.getMessage());
			assertEquals(List.of(List.of("2000")), TestLake.rows(e, "SELECT count(*) FROM \"Sales/Orders\".customers"),
					"and the engine takes the next statement");
			// the table by its name, not by the view the statement ran on
			EngineException binder = assertThrows(EngineException.class,
					() -> TestLake.rows(e, "SELECT no_such_column FROM \"Sales/Orders\".customers c"));
			assertTrue(binder.getMessage().startsWith("Binder Error: Referenced column \"no_such_column\" not found"),
					binder.getMessage());
			assertFalse(binder.getMessage().contains("__lake"), binder.getMessage());
		}
	}

	private static Path onlyFile(Path dir) throws Exception {
		try (Stream<Path> s = Files.list(dir)) {
			List<Path> files = s.filter(p -> p.toString().endsWith(".parquet")).toList();
			assertEquals(1, files.size(), files.toString());
			return files.get(0);
		}
	}

	/** Zeros over the start of the first column chunk (its page header): the footer stays readable. */
	private static void damage(Path file) throws Exception {
		try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
			f.seek(4);
			f.write(new byte[1024]);
		}
	}
}
