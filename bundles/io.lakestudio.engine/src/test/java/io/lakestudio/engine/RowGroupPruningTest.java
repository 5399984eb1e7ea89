package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

import io.delta.kernel.internal.deletionvectors.Base85Codec;
import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.mirror.testing.WatchedStore;

/**
 * Row-group pruning of chunk fetches is exact: over many predicates (edge values equal to a row group's min or
 * max, NULLs, all-NULL row groups, casts, ORs, strings and decimals that are not pruned on, a table with deletion
 * vectors), a statement run on a fresh cache, where only the chunks of the row groups left are fetched, gives the
 * answer raw DuckDB gives over the full original files (deleted rows left out by hand). A chunk DuckDB reads and
 * we did not fetch is a hole of zeros: the answer would differ or the read fail. Selective predicates must fetch
 * less than all chunks, and a plain EXPLAIN nothing but footers.
 */
class RowGroupPruningTest {

	private static final String PLAIN = "\"Bench/Rg\".plain";
	private static final String DVS = "\"Bench/Rg\".dvs";
	private static final int PER = 12_288; // 3 row groups of 4096 rows per file
	private static final int FILES = 3;
	/** Deleted row positions in the DV table, by file: first rows, row group edges, the last row. */
	private static final Map<Integer, long[]> DELETED = Map.of(0, new long[] { 0, 1, 4095, 4096, 8191 }, 2,
			new long[] { 4096, 12287 });
	private static final String SELECT = "SELECT count(*), sum(id), sum(n), sum(amount), min(d), max(ts), max(s),"
			+ " sum(dec) FROM %s WHERE %s";
	private static final String STAR = "SELECT count(*), sum(hash(t)) FROM (SELECT * FROM %s WHERE %s) t";
	private static final List<String> PREDICATES = List.of("id = 4096", "id = 4095", "id < 4096", "id <= 4096",
			"id > 32767", "id >= 32767", "id BETWEEN 12288 AND 12300", "id = -1", "id > 99999", "id IN (5, 30000)",
			"id = 5 OR id = 30000", "id <> 7", "-id < -36000", "n IS NULL", "n IS NOT NULL", "n = 100", "n > 4000",
			"n = 5000000000", "amount > 18000.0", "amount >= 18431.5", "amount <= 0.5", "amount = 0.5",
			"amount IS NULL", "amount > 1/3", "d = DATE '2020-01-01'", "d >= '2020-12-01'", "d < '2020-01-05'",
			"ts < TIMESTAMP '2024-01-01 01:08:16'", "ts <= '2024-01-01 01:08:16'",
			"ts >= '2024-01-01 10:00:00+00'", "ts BETWEEN '2024-01-01 03:00:00' AND '2024-01-01 03:00:00.5'",
			"s = 'k004096'", "s > 'k036000'", "dec > 360.5", "id > 10000 AND n IS NULL", "id < 100 AND amount > 1000",
			"CAST(id AS VARCHAR) = '5'", "id = (SELECT 4096)", "id IN (SELECT 4096 UNION SELECT 20000)");

	@TempDir
	static Path tmp;
	static Path root;
	static Connection duck;
	static final Map<String, List<Path>> originals = new LinkedHashMap<>();

	@BeforeAll
	static void setUp() throws Exception {
		root = tmp.resolve("lake");
		duck = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
		try (Statement s = duck.createStatement()) {
			s.execute("SET TimeZone = 'UTC'");
		}
		write("plain", false);
		write("dvs", true);
		writeSide();
	}

	/** "side": the ids of "plain" with a column of its own, in the same row groups of 4096 rows. */
	static void writeSide() throws Exception {
		Path table = Files.createDirectories(root.resolve("Bench/Rg.Lakehouse/Tables/side"));
		DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false), new DeltaColumn("w", "integer", true)),
				List.of(), Map.of());
		List<DataFile> files = new ArrayList<>();
		List<Path> paths = new ArrayList<>();
		try (Statement s = duck.createStatement()) {
			for (int f = 0; f < FILES; f++) {
				Path file = table.resolve("part-" + f + ".parquet");
				s.execute("COPY (SELECT (" + (f * PER) + " + i)::BIGINT AS id, (i % 1000)::INTEGER AS w FROM range(" + PER
						+ ") r(i) ORDER BY id) TO '" + file + "' (FORMAT parquet, ROW_GROUP_SIZE 4096)");
				files.add(new DataFile(file.getFileName().toString(), Files.size(file), Map.of(), PER, Map.of(), Map.of(),
						Map.of()));
				paths.add(file);
			}
		}
		DeltaTables.append(table, files);
		originals.put("side", paths);
	}

	@AfterAll
	static void tearDown() throws SQLException {
		duck.close();
	}

	/** Files of 3 row groups, no Delta stats (so that files are not pruned by the log: the row groups are). */
	static void write(String name, boolean dvs) throws Exception {
		Path table = Files.createDirectories(root.resolve("Bench/Rg.Lakehouse/Tables/" + name));
		DeltaTables.create(table, List.of(new DeltaColumn("id", "long", false), new DeltaColumn("n", "integer", true),
				new DeltaColumn("amount", "double", true), new DeltaColumn("d", "date", true),
				new DeltaColumn("ts", "timestamp", true), new DeltaColumn("s", "string", true),
				new DeltaColumn("dec", "decimal(10,2)", true)), List.of(),
				dvs ? Map.of("delta.enableDeletionVectors", "true") : Map.of());
		List<DataFile> files = new ArrayList<>();
		List<Path> paths = new ArrayList<>();
		try (Statement s = duck.createStatement()) {
			for (int f = 0; f < FILES; f++) {
				String file = "part-" + f + ".parquet";
				// n is NULL in all of file 1's middle row group; amount in file 2's last one
				s.execute("COPY (SELECT id, CASE WHEN " + f + " = 1 AND i BETWEEN 4096 AND 8191 THEN NULL ELSE i END::INTEGER AS n,"
						+ " CASE WHEN " + f + " = 2 AND i >= 8192 THEN NULL ELSE id * 0.5 END::DOUBLE AS amount,"
						+ " (DATE '2020-01-01' + (id // 100)::INTEGER) AS d,"
						+ " TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_seconds(id) AS ts, 'k' || lpad(id::VARCHAR, 6, '0') AS s,"
						+ " (id / 100)::DECIMAL(10,2) AS dec FROM (SELECT (" + (f * PER) + " + i)::BIGINT AS id, i FROM range("
						+ PER + ") r(i)) ORDER BY id) TO '" + table.resolve(file) + "' (FORMAT parquet, ROW_GROUP_SIZE 4096)");
				files.add(new DataFile(file, Files.size(table.resolve(file)), Map.of(), PER, Map.of(), Map.of(), Map.of()));
				paths.add(table.resolve(file));
			}
		}
		DeltaTables.append(table, files);
		originals.put(name, paths);
		if (dvs) {
			deleteRows(table, files);
		}
	}

	/** Commits inline deletion vectors (Kernel writes none): a remove and an add with the DV, per file. */
	static void deleteRows(Path table, List<DataFile> files) throws Exception {
		StringBuilder commit = new StringBuilder();
		long now = System.currentTimeMillis();
		for (var d : DELETED.entrySet()) {
			DataFile f = files.get(d.getKey());
			RoaringBitmap b = new RoaringBitmap();
			for (long p : d.getValue()) {
				b.add((int) p);
			}
			b.runOptimize();
			ByteBuffer buf = ByteBuffer.allocate(4 + 8 + 4 + b.serializedSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
			buf.putInt(1681511377).putLong(1).putInt(0);
			b.serialize(buf);
			byte[] bytes = buf.array();
			commit.append("{\"remove\":{\"path\":\"").append(f.path()).append("\",\"deletionTimestamp\":").append(now)
					.append(",\"dataChange\":true,\"extendedFileMetadata\":true,\"partitionValues\":{},\"size\":")
					.append(f.size()).append("}}\n");
			commit.append("{\"add\":{\"path\":\"").append(f.path()).append("\",\"partitionValues\":{},\"size\":")
					.append(f.size()).append(",\"modificationTime\":").append(now)
					.append(",\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":").append(PER)
					.append("}\",\"deletionVector\":{\"storageType\":\"i\",\"pathOrInlineDv\":\"")
					.append(Base85Codec.encodeBytes(bytes)).append("\",\"sizeInBytes\":").append(bytes.length)
					.append(",\"cardinality\":").append(d.getValue().length).append("}}}\n");
		}
		long version = DeltaTables.snapshot(table).version() + 1;
		Files.writeString(table.resolve("_delta_log").resolve(String.format("%020d.json", version)), commit,
				StandardCharsets.UTF_8);
	}

	static String expected(String table, String predicate) throws Exception {
		return expected(SELECT, table, predicate);
	}

	/** Raw DuckDB over the full original files, deleted rows left out by (file, position). */
	static String expected(String select, String table, String predicate) throws Exception {
		return answer(duck, String.format(select, from(table), predicate));
	}

	/** A table as raw DuckDB reads it from the full original files, deleted rows left out by (file, position). */
	static String from(String table) {
		List<Path> files = originals.get(table);
		StringBuilder list = new StringBuilder();
		StringBuilder deleted = new StringBuilder("(VALUES (NULL::VARCHAR, NULL::BIGINT)");
		for (int f = 0; f < files.size(); f++) {
			list.append(f == 0 ? "" : ", ").append("'").append(files.get(f)).append("'");
			for (long p : table.equals("dvs") ? DELETED.getOrDefault(f, new long[0]) : new long[0]) {
				deleted.append(", ('").append(files.get(f)).append("', ").append(p).append(")");
			}
		}
		return "(SELECT * EXCLUDE (filename, file_row_number) FROM read_parquet([" + list
				+ "], filename = true, file_row_number = true) r WHERE NOT EXISTS (SELECT 1 FROM " + deleted
				+ ") x(f, p) WHERE x.f = r.filename AND x.p = r.file_row_number))";
	}

	private static final String SIDE = "\"Bench/Rg\".side";

	/**
	 * Statements over several tables ({@code %1$s} plain, {@code %2$s} side, {@code %3$s} dvs), each with the same
	 * statement without the filters that rule row groups out (for the bytes of all their chunks) where the plan's
	 * scans can be told apart, so that row groups must be left out.
	 */
	private static final String[][] JOINS = {
			{ "SELECT count(*), sum(a.amount), sum(b.w) FROM %1$s a JOIN %2$s b USING (id) WHERE a.id BETWEEN 12288 AND 12300",
					"SELECT count(*), sum(a.amount), sum(b.w) FROM %1$s a JOIN %2$s b USING (id)" },
			{ "SELECT count(*), sum(x) FROM (SELECT amount AS x FROM %1$s WHERE id < 100 UNION ALL SELECT w FROM %2$s WHERE id > 32767)",
					"SELECT count(*), sum(x) FROM (SELECT amount AS x FROM %1$s UNION ALL SELECT w FROM %2$s WHERE id > -1)" },
			{ "SELECT count(*), min(a.ts), max(b.w) FROM %1$s a, %2$s b WHERE a.id = b.id AND a.amount > 18000.0 AND b.w < 500",
					null },
			{ "SELECT count(*), sum(a.n), max(b.s) FROM %1$s a JOIN %3$s b ON a.id = b.id + 1 WHERE b.n IS NULL", null },
			{ "SELECT count(*) FROM %1$s a JOIN %3$s b USING (id) WHERE a.id > 32767", null },
			{ "SELECT count(*), sum(x.amount) FROM %1$s x JOIN %1$s y ON x.id = y.id WHERE x.id < 4096 AND y.n < 100", null },
			{ "SELECT count(*), sum(a.amount) FROM %1$s a WHERE a.id IN (SELECT id FROM %2$s WHERE w = 7 AND id < 5000)", null },
			{ "SELECT count(*), sum(b.w) FROM %3$s a JOIN %2$s b USING (id) WHERE a.n IS NULL AND b.id >= 12288", null },
			{ "WITH c AS MATERIALIZED (SELECT id, amount FROM %1$s WHERE id < 5000) SELECT count(*), sum(x.amount), sum(b.w)"
					+ " FROM c x JOIN %2$s b USING (id) JOIN c y USING (id) WHERE b.w < 900", null } };

	/**
	 * Over several tables the row groups each table's scan rules out are left out too, when the plan's scans can be
	 * told apart by the columns they name; the answers are raw DuckDB's over the full files either way.
	 */
	@Test
	void statementsOverSeveralTablesLeaveOutTheRowGroupsOfEachScan(@TempDir Path t) throws Exception {
		try (TestLake lake = TestLake.of(t, root)) {
			for (String[] j : JOINS) {
				deleteCache(lake.home);
				long pruned;
				try (Engine e = lake.engine(lake.lake.store(), false, Duration.ofHours(1))) {
					String sql = String.format(j[0], PLAIN, SIDE, DVS);
					String raw = answer(duck, String.format(j[0], from("plain"), from("side"), from("dvs")));
					assertEquals(raw, answer(e, sql), sql);
					pruned = e.fetchedBytes();
					assertEquals(raw, answer(e, sql), "again: " + sql);
					assertEquals(pruned, e.fetchedBytes(), "again, nothing more: " + sql);
				}
				if (j[1] != null) {
					deleteCache(lake.home);
					try (Engine e = lake.engine(lake.lake.store(), false, Duration.ofHours(1))) {
						String sql = String.format(j[1], PLAIN, SIDE, DVS);
						assertEquals(answer(duck, String.format(j[1], from("plain"), from("side"), from("dvs"))),
								answer(e, sql), sql);
						long all = e.fetchedBytes();
						System.out.printf("several tables: %d of %d bytes: %s%n", pruned, all, j[0]);
						assertTrue(pruned * 2 < all, "row groups left out: " + pruned + " of " + all + " bytes: " + j[0]);
					}
				}
			}
		}
	}

	static String answer(Connection d, String sql) throws SQLException {
		try (Statement s = d.createStatement(); ResultSet rs = s.executeQuery(sql)) {
			rs.next();
			List<String> v = new ArrayList<>();
			for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
				v.add(String.valueOf(rs.getObject(i)));
			}
			return v.toString();
		}
	}

	static String answer(Engine e, String sql) throws Exception {
		try (Result r = e.execute(sql, "test")) {
			r.next();
			List<String> v = new ArrayList<>();
			for (int i = 0; i < r.columnNames().size(); i++) {
				v.add(String.valueOf(r.value(i)));
			}
			return v.toString();
		}
	}

	static void deleteCache(Path home) throws Exception {
		Path c = home.resolve("cache/files");
		if (Files.exists(c)) {
			try (var s = Files.walk(c)) {
				s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
			}
		}
	}

	@Test
	void everyPredicateOnAFreshCacheGivesTheAnswerOfTheFullFiles(@TempDir Path t) throws Exception {
		try (TestLake lake = TestLake.of(t, root)) {
			assertEquals(KernelOracle.read(root.resolve("Bench/Rg.Lakehouse/Tables/dvs"), null).rows(),
					(long) FILES * PER - 7, "Kernel reads the deletion vectors");
			for (String table : List.of("plain", "dvs")) {
				String name = table.equals("plain") ? PLAIN : DVS;
				deleteCache(lake.home);
				long all;
				try (Engine e = lake.engine(lake.lake.store(), false, Duration.ofHours(1))) {
					assertEquals(expected(table, "true"), answer(e, String.format(SELECT, name, "id >= 0")));
					all = e.fetchedBytes();
				}
				int pruned = 0;
				for (String p : PREDICATES) {
					deleteCache(lake.home);
					try (Engine e = lake.engine(lake.lake.store(), false, Duration.ofHours(1))) {
						String sql = String.format(SELECT, name, p);
						assertEquals(expected(table, p), answer(e, sql), table + ": " + p);
						if (e.fetchedBytes() < all) {
							pruned++;
						}
						if (p.equals("id BETWEEN 12288 AND 12300") || p.equals("n IS NULL")) {
							assertTrue(e.fetchedBytes() * 3 < all, p + ": one row group of nine: " + e.fetchedBytes()
									+ " of " + all + " bytes");
							// every column of the rows (a star) leaves the same row groups out
							deleteCache(lake.home);
							try (Engine star = lake.engine(lake.lake.store(), false, Duration.ofHours(1))) {
								assertEquals(expected(STAR, table, p), answer(star, String.format(STAR, name, p)),
										"star: " + table + ": " + p);
								assertTrue(star.fetchedBytes() * 3 < all, p + ": star: " + star.fetchedBytes());
							}
						}
						// a second statement over what the first held prunes the same way, and adds nothing
						long before = e.fetchedBytes();
						assertEquals(expected(table, p), answer(e, sql), "again: " + table + ": " + p);
						assertEquals(before, e.fetchedBytes(), "again: " + p);
					}
				}
				System.out.printf("%s: %d of %d predicates fetched fewer bytes than all chunks%n", table, pruned,
						PREDICATES.size());
				assertTrue(pruned >= 20, table + ": only " + pruned + " predicates pruned row groups");
			}
		}
	}

	@Test
	void aPlainExplainFetchesFootersOnlyAndExplainAnalyzeReads(@TempDir Path t) throws Exception {
		try (TestLake lake = TestLake.of(t, root)) {
			WatchedStore store = new WatchedStore(lake.lake.store());
			String id = lake.catalog.resolve(io.lakestudio.catalog.TableName.parse("Bench/Rg/dvs")).table().id();
			java.time.Instant since = java.time.Instant.now().minusSeconds(5);
			try (Engine e = lake.engine(store, false, Duration.ofHours(1))) {
				List<List<String>> plan = TestLake.rows(e, "EXPLAIN SELECT sum(amount) FROM " + DVS + " WHERE id > 5");
				assertTrue(plan.toString().contains("READ_PARQUET"), plan.toString());
				for (var f : store.dataBytes.entrySet()) {
					long size = lake.lake.store().stat(f.getKey()).size();
					assertEquals(Math.min(size, 16384), f.getValue().get(), "the tail only: " + f.getKey());
				}
				assertEquals(FILES, store.dataBytes.size());
				assertEquals(0, lake.catalog.uses(id, since).size(), "a plain EXPLAIN is not a use");
				long footers = e.fetchedBytes();
				List<List<String>> analyzed = TestLake.rows(e, "EXPLAIN ANALYZE SELECT sum(amount) FROM " + DVS);
				assertTrue(analyzed.toString().contains("READ_PARQUET"), analyzed.toString());
				assertTrue(e.fetchedBytes() > footers, "EXPLAIN ANALYZE fetches what it reads");
				assertEquals(1, lake.catalog.uses(id, since).size(), "EXPLAIN ANALYZE is a use");
			}
		}
	}
}
