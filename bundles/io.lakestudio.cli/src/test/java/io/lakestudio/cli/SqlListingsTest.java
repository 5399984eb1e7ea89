package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sql} on a table made after the sweep: the statement asks the sync worker for its lakehouse's tables
 * listing (once) and answers; a name still not there is missing with the closest names; offline it asks nothing.
 */
@Timeout(240)
class SqlListingsTest {

	@TempDir
	Path home;

	private long asks() throws Exception {
		return Files.readAllLines(home.resolve("logs").resolve("lakestudio.log")).stream()
				.filter(l -> l.contains("a statement asks for tables/")).count();
	}

	@Test
	void aTableMadeAfterTheSweepIsListedOnDemand() throws Exception {
		assertEquals(0, CliRun.run(home, "demo").exit);
		Path tables = home.resolve("sample-lake/Sales/Orders.Lakehouse/Tables");
		copy(tables.resolve("customers"), tables.resolve("customers_2025"));
		assertEquals(1, CliRun.run(home, "exists", "Sales/Orders/customers_2025").exit, "the catalog says no");

		CliRun r = CliRun.run(home, "sql", "--in-process", "--csv",
				"SELECT count(*) AS n FROM \"Sales/Orders\".customers_2025");
		assertEquals(0, r.exit, r.toString());
		assertEquals("n\n2000\n", r.out.replace("\r", ""));
		assertEquals(1, asks(), "one listing asked");
		assertEquals(0, CliRun.run(home, "exists", "Sales/Orders/customers_2025").exit, "everyone sees it now");

		CliRun miss = CliRun.run(home, "sql", "--in-process", "SELECT * FROM \"Sales/Orders\".customers_2026");
		assertEquals(1, miss.exit, miss.toString());
		assertTrue(miss.err.contains("no table Sales/Orders/customers_2026; closest: Sales/Orders/customers_2025"),
				miss.err);
		assertEquals(2, asks(), "asked once more before saying it is missing");

		CliRun off = CliRun.run(home, "sql", "--offline", "SELECT * FROM \"Sales/Orders\".customers_2026");
		assertEquals(1, off.exit, off.toString());
		assertTrue(off.err.contains("no table Sales/Orders/customers_2026"), off.err);
		assertEquals(2, asks(), "offline asks nothing");
	}

	private static void copy(Path from, Path to) throws Exception {
		try (Stream<Path> s = Files.walk(from)) {
			for (Path p : (Iterable<Path>) s::iterator) {
				Path t = to.resolve(from.relativize(p).toString());
				if (Files.isDirectory(p)) {
					Files.createDirectories(t);
				} else {
					Files.copy(p, t);
				}
			}
		}
	}
}
