package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.engine.internal.DiskCache;
import io.lakestudio.mirror.testing.WatchedStore;
import io.lakestudio.onelake.LakeStore;

/**
 * The column-chunk cache: a statement fetches the footers and exactly the chunks of the columns it projects
 * (checked against DuckDB's own parquet_metadata of the original files), later statements fetch only what they
 * add, the WHERE prunes files by partition values and stats, the budget evicts warm reads first, and offline a
 * column never fetched fails at once, by name.
 */
class ChunkCacheTest {

	private static final String ORDERS = "\"Sales/Orders\".orders";
	/**
	 * 6 columns, 3 files of 2 row groups, ~1 MB each: big enough that a footer's 16 KiB is not the file, and a
	 * projection's chunks one round trip's reads (6), so none of the bytes between them is fetched to save one
	 * (see RangeFetchTest)
	 */
	private static final String BIG = "\"Bench/Big\".big";

	@TempDir
	static Path tmp;
	static TestLake lake;
	static Connection duck;
	static Path bigRoot;

	@BeforeAll
	static void setUp() throws Exception {
		lake = TestLake.sample(tmp);
		duck = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
		bigRoot = tmp.resolve("big");
		Path table = Files.createDirectories(bigRoot.resolve("Bench/Big.Lakehouse/Tables/big"));
		DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false), new DeltaColumn("qty", "integer", true),
				new DeltaColumn("amount", "double", true), new DeltaColumn("name", "string", true),
				new DeltaColumn("payload", "string", true), new DeltaColumn("ts", "timestamp", true)), List.of(),
				Map.of());
		List<DataFile> files = new ArrayList<>();
		int per = 30_000;
		try (Statement s = duck.createStatement()) {
			for (int f = 0; f < 3; f++) {
				String name = "part-" + f + ".parquet";
				s.execute("COPY (SELECT (" + (f * per) + " + i)::BIGINT AS id, (i % 97)::INTEGER AS qty,"
						+ " ((i * 0.37) % 1000)::DOUBLE AS amount, 'name ' || (i % 10007) AS name, md5(i::VARCHAR) AS payload,"
						+ " TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_seconds(i) AS ts FROM range(" + per + ") r(i))"
						+ " TO '" + table.resolve(name) + "' (FORMAT parquet, ROW_GROUP_SIZE 15000)");
				files.add(new DataFile(name, Files.size(table.resolve(name)), Map.of(), (long) per, Map.of(), Map.of(),
						Map.of()));
			}
		}
		DeltaTables.append(table, files);
	}

	@AfterAll
	static void tearDown() throws SQLException {
		duck.close();
		lake.close();
	}

	/** A data file's bytes, read whole through the lake (not counted), into a plain local file. */
	static Path copy(LakeStore s, String path, Path dir) throws Exception {
		long size = s.stat(path).size();
		Path out = dir.resolve(Integer.toHexString(path.hashCode()) + ".parquet");
		try (RandomAccessFile f = new RandomAccessFile(out.toFile(), "rw")) {
			for (long off = 0; off < size;) {
				byte[] b = s.read(path, off, (int) Math.min(1 << 20, size - off));
				f.write(b);
				off += b.length;
			}
		}
		return out;
	}

	/**
	 * What a file should hold for {@code columns}, from DuckDB's parquet_metadata of the original file: the last
	 * max(16 KiB, footer + 8) bytes and each chunk of those columns, merged.
	 */
	static List<long[]> expected(Path file, Set<String> columns) throws Exception {
		long size = Files.size(file);
		TreeMap<Long, Long> r = new TreeMap<>();
		byte[] t = new byte[8];
		try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
			f.seek(size - 8);
			f.readFully(t);
		}
		long footer = (t[0] & 0xff) | (t[1] & 0xff) << 8 | (t[2] & 0xff) << 16 | (long) (t[3] & 0xff) << 24;
		r.put(size - Math.max(Math.min(size, 16384), footer + 8), size);
		try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery("SELECT path_in_schema,"
				+ " coalesce(CASE WHEN dictionary_page_offset >= 4 THEN least(dictionary_page_offset, data_page_offset) END,"
				+ " data_page_offset), total_compressed_size FROM parquet_metadata('" + file + "')")) {
			while (rs.next()) {
				if (columns.contains(rs.getString(1).split(",")[0].trim())) {
					r.merge(rs.getLong(2), rs.getLong(2) + rs.getLong(3), Math::max);
				}
			}
		}
		List<long[]> out = new ArrayList<>();
		for (var e : r.entrySet()) {
			if (!out.isEmpty() && out.get(out.size() - 1)[1] >= e.getKey()) {
				out.get(out.size() - 1)[1] = Math.max(out.get(out.size() - 1)[1], e.getValue());
			} else {
				out.add(new long[] { e.getKey(), e.getValue() });
			}
		}
		return out;
	}

	static long bytes(List<long[]> ranges) {
		return ranges.stream().mapToLong(x -> x[1] - x[0]).sum();
	}

	static String text(List<long[]> ranges) {
		return ranges.stream().map(x -> "[" + x[0] + "," + x[1] + ")").toList().toString();
	}

	@Test
	void aProjectionFetchesOnlyItsChunksAndFootersAndALaterColumnOnlyItsOwn(@TempDir Path t) throws Exception {
		try (TestLake other = TestLake.of(t, bigRoot)) {
			WatchedStore store = new WatchedStore(other.lake.store());
			try (Engine e = other.engine(store, false, Duration.ofHours(1))) {
				Path want = bigRoot.resolve("Bench/Big.Lakehouse/Tables/big");
				KernelOracle.Answer kernel = KernelOracle.read(want, null, Set.of("qty", "amount"));
				KernelOracle.Answer got = TestLake.read(e, "SELECT qty, amount FROM " + BIG);
				assertEquals(kernel.rows(), got.rows());
				assertEquals(kernel.checksum(), got.checksum(), "2 of 6 columns equal Kernel's read");

				long sizes = 0;
				long expectedBytes = 0;
				Path copies = Files.createDirectories(t.resolve("copies"));
				Map<String, Path> originals = new TreeMap<>();
				for (String path : store.dataBytes.keySet()) {
					Path orig = copy(other.lake.store(), path, copies);
					originals.put(path, orig);
					long size = Files.size(orig);
					sizes += size;
					List<long[]> exp = expected(orig, Set.of("qty", "amount"));
					expectedBytes += bytes(exp);
					assertEquals(bytes(exp), store.dataBytes.get(path).get(), path + " bytes fetched");
					assertEquals(text(exp), text(e.cache().heldRanges(path, size)), path + " index ranges");
					assertEquals(text(exp), text(e.cache().readRanges(path, size)), "read by a statement, not warm");
				}
				assertEquals(expectedBytes, e.fetchedBytes());
				assertTrue(expectedBytes < sizes, expectedBytes + " of " + sizes);
				System.out.printf("2 of 6 columns: fetched %d of %d bytes (%.1f %%) in %d files%n", expectedBytes,
						sizes, 100.0 * expectedBytes / sizes, originals.size());

				long before = e.fetchedBytes();
				TestLake.one(e, "SELECT sum(id) FROM " + BIG);
				long added = e.fetchedBytes() - before;
				long chunks = 0;
				for (var o : originals.entrySet()) {
					List<long[]> both = expected(o.getValue(), Set.of("qty", "amount"));
					List<long[]> three = expected(o.getValue(), Set.of("qty", "amount", "id"));
					chunks += bytes(three) - bytes(both);
					assertEquals(text(three), text(e.cache().heldRanges(o.getKey(), Files.size(o.getValue()))));
				}
				assertEquals(chunks, added, "a later column fetches just its chunks");
				System.out.printf("then column id: fetched %d more bytes (%.1f %%)%n", added, 100.0 * added / sizes);
				assertTrue(added > 0);

				long again = e.fetchedBytes();
				TestLake.one(e, "SELECT sum(qty) FROM " + BIG + " WHERE amount > 10");
				assertEquals(again, e.fetchedBytes(), "held columns are not fetched again");

				// a whole row by its alias reads every column: every column's chunks, and still Kernel's answer
				KernelOracle.Answer all = KernelOracle.read(want, null);
				assertEquals(all.checksum(), TestLake.read(e, "SELECT o.* FROM " + BIG + " o").checksum());
				for (var o : originals.entrySet()) {
					long size = Files.size(o.getValue());
					assertEquals(text(expected(o.getValue(), Set.of("id", "qty", "amount", "name", "payload", "ts"))),
							text(e.cache().heldRanges(o.getKey(), size)));
				}
			}
		}
	}

	@Test
	void partitionValuesAndStatsPruneFiles(@TempDir Path t) throws Exception {
		try (TestLake other = TestLake.of(t, lake.root)) {
			WatchedStore store = new WatchedStore(other.lake.store());
			try (Engine e = other.engine(store, false, Duration.ofHours(1))) {
				String all = TestLake.one(e, "SELECT count(*) FROM " + ORDERS);
				int files = e.lastFilesChosen();
				assertEquals(files, store.dataBytes.size());

				String emea = TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " WHERE region = 'EMEA'");
				int emeaFiles = e.lastFilesChosen();
				String unpruned = TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " WHERE region || '' = 'EMEA'");
				assertEquals(files, e.lastFilesChosen(), "an expression is not a simple predicate: all files");
				assertEquals(unpruned, emea);
				assertTrue(emeaFiles > 0 && emeaFiles < files, emeaFiles + " of " + files);

				try (TestLake fresh = TestLake.of(t.resolve("fresh"), lake.root)) {
					WatchedStore s2 = new WatchedStore(fresh.lake.store());
					try (Engine e2 = fresh.engine(s2, false, Duration.ofHours(1))) {
						TestLake.one(e2, "SELECT count(*) FROM " + ORDERS + " WHERE region = 'EMEA'");
						assertEquals(emeaFiles, s2.dataBytes.size(), "only the partition's files are fetched");
						assertTrue(s2.dataBytes.keySet().stream().allMatch(p -> p.contains("region=EMEA")), s2.dataBytes.keySet().toString());
					}
				}

				assertEquals("1", TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " WHERE order_id = 10"));
				int one = e.lastFilesChosen();
				assertTrue(one < files && one >= 1, "stats: " + one + " of " + files);
				String between = TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " o WHERE o.order_id BETWEEN 2500 AND 2600 AND quantity >= 1");
				int b = e.lastFilesChosen();
				assertEquals(TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " WHERE order_id + 0 BETWEEN 2500 AND 2600"), between);
				assertEquals("101", between);
				assertTrue(b < files, "between: " + b + " of " + files);
				assertEquals("0", TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " WHERE 0 > order_id"));
				assertEquals(0, e.lastFilesChosen());
				assertEquals("0", TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " WHERE order_id IS NULL"));
				assertEquals(0, e.lastFilesChosen(), "nullCount 0 everywhere");
				assertEquals(all, TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " WHERE order_id IS NOT NULL"));
				String cust = TestLake.one(e, "SELECT count(*) FROM \"Sales/Orders\".customers WHERE email IS NULL");
				assertTrue(Long.parseLong(cust) > 0);
			}
		}
	}

	@Test
	void theBudgetEvictsWarmReadsFirstThenTheOldest(@TempDir Path t) throws Exception {
		try (TestLake other = TestLake.of(t, lake.root)) {
			WatchedStore store = new WatchedStore(other.lake.store());
			List<String> paths = new ArrayList<>();
			try (Engine e = other.engine(store, false, Duration.ofHours(1))) {
				TestLake.one(e, "SELECT count(*) FROM " + ORDERS + " WHERE order_id < 0 OR true");
				paths.addAll(store.dataBytes.keySet());
			}
			assertTrue(paths.size() >= 3);
			long[] now = { 1000 };
			DiskCache c = new DiskCache(t.resolve("c"), other.lake.store(), 1L << 40, () -> now[0]);
			long[] size = new long[3];
			for (int i = 0; i < 3; i++) {
				size[i] = other.lake.store().stat(paths.get(i)).size();
			}
			c.fetchColumns(paths.get(0), size[0], Set.of("quantity"), false, false); // read, oldest
			now[0] = 2000;
			c.fetchColumns(paths.get(1), size[1], Set.of("quantity"), false, true); // warm, newer
			now[0] = 3000;
			c.fetchColumns(paths.get(2), size[2], Set.of("quantity"), false, false); // read, newest
			long last = bytes(c.heldRanges(paths.get(2), size[2]));
			DiskCache small = new DiskCache(t.resolve("c"), other.lake.store(), c.heldBytes() - 1, () -> now[0]);
			small.evict(Set.of());
			assertTrue(small.heldRanges(paths.get(1), size[1]).isEmpty(), "the warm read goes first");
			assertTrue(!small.heldRanges(paths.get(0), size[0]).isEmpty());
			DiskCache smaller = new DiskCache(t.resolve("c"), other.lake.store(), last, () -> now[0]);
			smaller.evict(Set.of());
			assertTrue(smaller.heldRanges(paths.get(0), size[0]).isEmpty(), "then the oldest read");
			assertTrue(!smaller.heldRanges(paths.get(2), size[2]).isEmpty());
			assertEquals(last, smaller.heldBytes());
			assertTrue(Files.exists(smaller.local(paths.get(2), size[2])));
			assertTrue(!Files.exists(smaller.local(paths.get(0), size[0])));
		}
	}

	@Test
	void offlineAColumnNeverFetchedFailsAtOnceByName(@TempDir Path t) throws Exception {
		try (TestLake other = TestLake.of(t, bigRoot)) {
			String sum;
			List<Path> local = new ArrayList<>();
			try (Engine on = other.engine()) {
				sum = TestLake.one(on, "SELECT sum(qty) FROM " + BIG);
				try (var s = Files.list(other.home.resolve("cache/files"))) {
					s.filter(p -> p.toString().endsWith(".parquet")).forEach(local::add);
				}
			}
			// the hazard: DuckDB handed a sparse file without a chunk it reads
			SQLException loud = assertThrows(SQLException.class, () -> {
				try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(
						"SELECT sum(amount) FROM read_parquet('" + local.get(0) + "')")) {
					rs.next();
				}
			});
			System.out.println("DuckDB over a missing chunk: " + loud.getMessage());
			try (Engine off = other.engine(new OfflineTest.AwayStore(), false, Duration.ofHours(1))) {
				assertEquals(sum, TestLake.one(off, "SELECT sum(qty) FROM " + BIG));
				long t0 = System.nanoTime();
				EngineException e = assertThrows(EngineException.class,
						() -> off.execute("SELECT sum(amount) FROM " + BIG, "test"));
				assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "at once");
				assertEquals(EngineException.Kind.NOT_HELD, e.kind());
				assertTrue(e.getMessage().contains("missing: column amount"), e.getMessage());
			}
		}
	}
}
