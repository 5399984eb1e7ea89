package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** WAL and short transactions: a reader in one process is not held up by a writer in another. */
class ConcurrencyTest {

	private static final long HOLD_MS = 4000;

	@TempDir
	Path home;

	@Test
	void readerIsNotHeldUpByWriterInAnotherProcess() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
		}
		Path open = home.resolve("open");
		Path done = home.resolve("done");
		Process writer = ChildProcess.start(CatalogWriterMain.class, file.toString(), "hold", open.toString(),
				done.toString(), Long.toString(HOLD_MS));
		long worstMs = 0;
		int readsWhileOpen = 0;
		try (ReadOnlyCatalog r = Catalogs.openReadOnly(file, "a")) {
			long deadline = System.currentTimeMillis() + 30_000;
			while (!Files.exists(open) && System.currentTimeMillis() < deadline && writer.isAlive()) {
				Thread.sleep(20);
			}
			// the message is a supplier: reading the child's output waits for it to end
			assertTrue(Files.exists(open), () -> "the writer began its transaction: " + ChildProcess.output(writer));
			while (!Files.exists(done) && writer.isAlive()) {
				long t = System.nanoTime();
				List<String> names = r.tables("Sales/Orders.Lakehouse").stream().map(LakeTable::name).toList();
				long ms = (System.nanoTime() - t) / 1_000_000;
				if (!Files.exists(done)) {
					readsWhileOpen++;
					worstMs = Math.max(worstMs, ms);
					assertTrue(names.contains("orders"), "a reader sees the last committed rows: " + names);
				}
				Thread.sleep(50);
			}
		}
		assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
		assertEquals(0, writer.exitValue(), ChildProcess.output(writer));
		assertTrue(readsWhileOpen >= 3, "reads ran while the other process held its write: " + readsWhileOpen);
		// a reader waiting on the writer would take as long as the rest of its 4 s transaction
		assertTrue(worstMs < HOLD_MS / 2, "worst read " + worstMs + " ms over " + readsWhileOpen + " reads");
		try (ReadOnlyCatalog r = Catalogs.openReadOnly(file, "a")) {
			assertTrue(r.tables("Sales/Orders.Lakehouse").stream().allMatch(t -> t.name().endsWith("_renamed")),
					"and the write landed when it committed");
		}
	}
}
