package io.lakestudio.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.duckdb.DuckDBDriver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.delta.DeltaSnapshot;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.delta.ScanFile;

/** Generates the sample lake once and reads it back: Delta through io.lakestudio.delta, Parquet through DuckDB. */
class SampleLakeTest {

	@TempDir
	static Path dir;
	static Path root;
	static List<Path> written;
	static Connection duck;

	@BeforeAll
	static void generate() throws Exception {
		root = dir.resolve("lake");
		long t0 = System.nanoTime();
		written = SampleLake.write(root);
		System.out.printf("sample lake: %d tables in %d ms%n", written.size(), (System.nanoTime() - t0) / 1_000_000);
		duck = new DuckDBDriver().connect("jdbc:duckdb:", new Properties());
	}

	@AfterAll
	static void close() throws Exception {
		duck.close();
	}

	@Test
	void everyDeltaTableMatchesItsParquet() throws Exception {
		List<Path> found;
		try (Stream<Path> s = Files.walk(root)) {
			found = s.filter(p -> p.getFileName().toString().equals("_delta_log")).map(Path::getParent).sorted().toList();
		}
		assertEquals(written.stream().sorted().toList(), found);
		assertTrue(found.size() >= 8);
		for (Path t : found) {
			DeltaSnapshot s = DeltaTables.snapshot(t);
			List<ScanFile> files = DeltaTables.scanFiles(t, OptionalLong.empty());
			assertEquals(s.numFiles(), files.size());
			assertNotNull(s.numRecords(), t.toString());
			assertEquals(count("SELECT count(*) FROM read_parquet(" + list(t, files) + ")"), s.numRecords(), t.toString());
			assertTrue(s.numRecords() >= 50, t + " has rows");
			for (ScanFile f : files) {
				Path file = t.resolve(f.path());
				assertEquals(Files.size(file), f.size());
				assertEquals(count("SELECT count(*) FROM read_parquet('" + file + "')"), f.numRecords());
				for (String p : s.partitionColumns()) {
					assertTrue(f.path().startsWith(p + "=" + f.partitionValues().get(p) + "/"), f.path());
					assertEquals(0, count("SELECT count(*) FROM (DESCRIBE SELECT * FROM read_parquet('" + file
							+ "', hive_partitioning = false)) WHERE column_name = '" + p + "'"), "partition column is not in the data file");
				}
			}
			try (Stream<Path> all = Files.walk(t)) {
				assertFalse(all.anyMatch(p -> p.getFileName().toString().endsWith(".crc")), "no .crc in " + t);
			}
		}
	}

	@Test
	void layoutAsDescribed() throws Exception {
		assertEquals(List.of("Finance", "Marketing", "Sales"), children(root));
		assertEquals(List.of("Orders.Lakehouse", "Sales Overview.SemanticModel"), children(root.resolve("Sales")));
		assertEquals(List.of("StagingLakehouseForDataflows_20240601.Lakehouse", "Web.Lakehouse"),
				children(root.resolve("Marketing")));
		assertEquals(List.of("Curated.Lakehouse", "Reporting.Warehouse"), children(root.resolve("Finance")));
		assertEquals(List.of("dbo", "staging"), children(root.resolve("Finance/Curated.Lakehouse/Tables")));
		assertTrue(Files.isRegularFile(root.resolve("Sales/Orders.Lakehouse/Files/raw/2024/orders_2024-01.csv")));
		assertTrue(Files.isRegularFile(root.resolve("Sales/Orders.Lakehouse/Files/config/settings.json")));
		assertEquals(500, count("SELECT count(*) FROM read_parquet('"
				+ root.resolve("Sales/Orders.Lakehouse/Files/exports/orders_snapshot.parquet") + "')"));
		assertEquals(300, count("SELECT count(*) FROM read_csv('"
				+ root.resolve("Sales/Orders.Lakehouse/Files/raw/2024/*.csv") + "')"));

		Path orders = root.resolve("Sales/Orders.Lakehouse/Tables/orders");
		DeltaSnapshot s = DeltaTables.snapshot(orders);
		assertEquals(List.of("region"), s.partitionColumns());
		assertEquals(3, s.version(), "create + 3 appends");
		assertEquals(6000L, count("SELECT count(DISTINCT order_id) FROM read_parquet('" + orders + "/*/*.parquet')"));
		assertTrue(DeltaTables.snapshot(orders, 1).numRecords() < s.numRecords(), "several commits");
		assertEquals(List.of("event_date"), DeltaTables.snapshot(root.resolve("Marketing/Web.Lakehouse/Tables/events")).partitionColumns());
		assertEquals(List.of(), DeltaTables.snapshot(root.resolve("Sales/Orders.Lakehouse/Tables/customers")).partitionColumns());
	}

	@Test
	void deterministic() throws Exception {
		Path again = dir.resolve("again");
		SampleLake.write(again);
		for (Path t : written) {
			Path other = again.resolve(root.relativize(t).toString());
			assertEquals(describe(t), describe(other), t.toString());
		}
	}

	private static String describe(Path t) throws Exception {
		return DeltaTables.scanFiles(t, OptionalLong.empty()).stream()
				.map(f -> f.path() + " " + f.size() + " " + f.statsJson()).sorted().collect(Collectors.joining("\n"));
	}

	private static String list(Path t, List<ScanFile> files) {
		return files.stream().map(f -> "'" + t.resolve(f.path()) + "'").collect(Collectors.joining(", ", "[", "]"));
	}

	private static long count(String sql) throws Exception {
		try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			rs.next();
			return rs.getLong(1);
		}
	}

	private static List<String> children(Path p) throws Exception {
		List<String> out = new ArrayList<>();
		try (Stream<Path> s = Files.list(p)) {
			s.map(x -> x.getFileName().toString()).sorted().forEach(out::add);
		}
		return out;
	}
}
