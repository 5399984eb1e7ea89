package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/**
 * The seed's "Diagnostics", through System.Logger (java.util.logging when nothing else is installed): info at
 * open and bootstrap, warn at a spent retry budget or an oversized commit, debug per commit, never per row.
 */
class DiagnosticsTest {

	final List<LogRecord> records = new ArrayList<>();
	final Logger root = Logger.getLogger("io.lakestudio.moraine");
	final Handler handler = new Handler() {
		@Override
		public synchronized void publish(LogRecord r) {
			records.add(r);
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
		}
	};
	Level before;

	@BeforeEach
	void listen() {
		before = root.getLevel();
		root.setLevel(Level.ALL);
		root.addHandler(handler);
	}

	@AfterEach
	void stop() {
		root.removeHandler(handler);
		root.setLevel(before);
	}

	synchronized List<String> at(Level level) {
		return records.stream().filter(r -> r.getLevel() == level)
				.map(r -> java.text.MessageFormat.format(r.getMessage(), r.getParameters())).toList();
	}

	@Test
	void openAndBootstrapAtInfoOnceEach() {
		TestKvStore store = new TestKvStore();
		Catalog.open(store, CatalogOptions.defaults()).close();
		Catalog.open(store, CatalogOptions.defaults()).close();
		ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults()).close();
		List<String> info = at(Level.INFO);
		assertEquals(1, info.stream().filter(m -> m.contains("bootstrapped")).count(), info.toString());
		assertEquals(3, info.stream().filter(m -> m.contains("opened " + store.describe() + " ")).count(), info.toString());
		assertTrue(info.stream().anyMatch(m -> m.contains("layout version 1")));
	}

	@Test
	void oneDebugLinePerCommitHoweverManyRowsAndFiles() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createTable(new SchemaId(0), "t", List.of(ColumnDef.of("x", "INTEGER"))));
			TableId t = catalog.snapshot().tableByName("main", "t").orElseThrow().id();
			records.clear();
			for (int c = 0; c < 3; c++)
				catalog.commit(tx -> {
					tx.inlineInsert(t, new InlineChunk(new byte[8], new byte[4096], 500));
					for (int f = 0; f < 100; f++)
						tx.addDataFile(DataFile.parquet(t, "f" + f + "-" + tx.snapshotId() + ".parquet", 10, 100));
				});
			List<String> debug = at(Level.FINE);
			assertEquals(3, debug.size(), debug.toString());
			assertTrue(debug.get(0).contains("snapshots 2..2"), debug.get(0));
			assertEquals(3, records.size(), "nothing else, and nothing per row or file");
		}
	}

	@Test
	void spentRetriesAndOversizedCommitsWarn() {
		TestKvStore store = new TestKvStore();
		try (Catalog catalog = Catalog.open(store, CatalogOptions.defaults().withCommitRetries(0)
				.withMaxCommitBytes(1_000))) {
			store.beforeNextWrite(() -> catalog.commit(tx -> tx.createSchema("r")));
			assertThrows(MoraineException.class, () -> catalog.commit(tx -> tx.createSchema("m")));
			assertThrows(MoraineException.class, () -> catalog.commit(tx -> {
				for (int i = 0; i < 40; i++)
					tx.createSchema("s" + i);
			}));
			List<String> warn = at(Level.WARNING);
			assertEquals(2, warn.size(), warn.toString());
			assertTrue(warn.get(0).contains("retry budget"));
			assertTrue(warn.get(1).contains("over the bound of 1,000") || warn.get(1).contains("over the bound"));
		}
	}
}
