package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** WAL and short transactions: a reader in one process is not held up by a writer in another. */
class ConcurrencyTest {

	@TempDir
	Path home;

	@Test
	void readerIsNotHeldUpByWriterInAnotherProcess() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
			c.replaceWorkspaces(List.of(new Workspace("Sales", "Sales"), new Workspace("Finance", "Finance"),
					new Workspace("W", "W")), true, Fixtures.T0);
		}
		Process writer = ChildProcess.start(CatalogWriterMain.class, file.toString(), "churn", "4000");
		long worstMs = 0;
		int reads = 0;
		try (ReadOnlyCatalog r = Catalogs.openReadOnly(file, "a")) {
			Thread.sleep(800); // let the writer get going
			long until = System.currentTimeMillis() + 2500;
			while (System.currentTimeMillis() < until) {
				long t = System.nanoTime();
				assertEquals(3, r.tables("Sales/Orders.Lakehouse").size());
				r.tables("W/Big.Lakehouse");
				worstMs = Math.max(worstMs, (System.nanoTime() - t) / 1_000_000);
				reads++;
			}
		}
		assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
		String out = ChildProcess.output(writer);
		assertEquals(0, writer.exitValue(), out);
		assertTrue(out.contains("rounds="), out);
		int rounds = Integer.parseInt(out.substring(out.indexOf("rounds=") + 7).trim());
		assertTrue(rounds >= 2, "the writer wrote while we read: " + out);
		// a read that waited on the writer's lock would take about as long as a whole round of writing
		assertTrue(worstMs < 500, "worst read " + worstMs + " ms over " + reads + " reads");
	}
}
