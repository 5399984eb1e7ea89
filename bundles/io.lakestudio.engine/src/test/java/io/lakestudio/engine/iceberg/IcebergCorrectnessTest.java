package io.lakestudio.engine.iceberg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.Result;
import io.lakestudio.engine.TestLake;

/**
 * Iceberg tables through our engine (iceberg-core planning from the mirror, DuckDB over the disk cache, position
 * deletes as an anti-join) give exactly the rows of iceberg-data's own generic reader, snapshot by snapshot: Trino's
 * time-travel table and tables iceberg-core writes here with position deletes, partitions and schema evolution.
 * Equality deletes are refused, saying so. The report prints one line per table and snapshot.
 */
class IcebergCorrectnessTest {

	private static final Schema SCHEMA = new Schema(
			Types.NestedField.required(1, "id", Types.LongType.get()),
			Types.NestedField.optional(2, "name", Types.StringType.get()),
			Types.NestedField.optional(3, "amount", Types.DecimalType.of(10, 2)),
			Types.NestedField.optional(4, "day", Types.DateType.get()),
			Types.NestedField.optional(5, "flag", Types.BooleanType.get()),
			Types.NestedField.optional(6, "score", Types.DoubleType.get()),
			Types.NestedField.optional(7, "region", Types.StringType.get()));

	private static List<Record> rows(Schema s, long from, int n) {
		List<Record> out = new ArrayList<>();
		for (long i = from; i < from + n; i++) {
			GenericRecord r = GenericRecord.create(s);
			r.setField("id", i);
			r.setField(s.findField("name") != null ? "name" : "label", i % 11 == 0 ? null : "n" + i);
			r.setField("amount", BigDecimal.valueOf(i * 37 % 100000, 2));
			r.setField("day", LocalDate.of(2024, 1, 1).plusDays(i % 400));
			r.setField("flag", i % 3 == 0);
			r.setField("score", i * 0.25);
			r.setField("region", new String[] { "eu", "us", "apac" }[(int) (i % 3)]);
			if (s.findField("extra") != null) {
				r.setField("extra", (int) (i % 5));
			}
			out.add(r);
		}
		return out;
	}

	/** The lake: Trino's table and three written here, each a folder under Ice/Lake.Lakehouse/Tables. */
	private static Map<String, Table> lake(Path tables) throws Exception {
		Map<String, Table> out = new LinkedHashMap<>();
		IcebergFixtures.trinoTimeTravel(tables.resolve("timetravel"));

		Table plain = IcebergFixtures.create(tables, "plain", SCHEMA, PartitionSpec.unpartitioned(), "zstd");
		DataFile a = IcebergFixtures.write(plain, rows(SCHEMA, 0, 1500), null);
		DataFile b = IcebergFixtures.write(plain, rows(SCHEMA, 1500, 700), null);
		plain.newAppend().appendFile(a).appendFile(b).commit();
		List<Long> every7 = new ArrayList<>();
		for (long p = 0; p < 1500; p += 7) {
			every7.add(p);
		}
		plain.newRowDelta().addDeletes(IcebergFixtures.positionDeletes(plain, a, every7, null)).commit();
		plain.newAppend().appendFile(IcebergFixtures.write(plain, rows(SCHEMA, 5000, 300), null)).commit();
		plain.newRowDelta().addDeletes(IcebergFixtures.positionDeletes(plain, b, List.of(0L, 1L, 699L), null))
				.commit();
		out.put("plain", plain);

		Table parts = IcebergFixtures.create(tables, "parts", SCHEMA,
				PartitionSpec.builderFor(SCHEMA).identity("region").build(), "snappy");
		var append = parts.newAppend();
		Map<String, DataFile> byRegion = new LinkedHashMap<>();
		for (String region : List.of("eu", "us", "apac")) {
			List<Record> rs = rows(SCHEMA, 0, 30_000).stream().filter(r -> region.equals(r.getField("region"))).toList();
			DataFile f = IcebergFixtures.write(parts, rs, IcebergFixtures.key(parts, rs.get(0)));
			byRegion.put(region, f);
			append.appendFile(f);
		}
		append.commit();
		// renamed and added columns: old files are read by field id, the new column is NULL in them
		parts.updateSchema().renameColumn("name", "label").addColumn("extra", Types.IntegerType.get()).commit();
		List<Record> later = rows(parts.schema(), 30_000, 300).stream().filter(r -> "us".equals(r.getField("region")))
				.toList();
		parts.newAppend().appendFile(IcebergFixtures.write(parts, later, IcebergFixtures.key(parts, later.get(0))))
				.commit();
		PartitionKey eu = IcebergFixtures.key(parts, rows(parts.schema(), 0, 1).get(0));
		parts.newRowDelta().addDeletes(IcebergFixtures.positionDeletes(parts, byRegion.get("eu"),
				List.of(3L, 4L, 5L, 250L), eu)).commit();
		out.put("parts", parts);

		Table eq = IcebergFixtures.create(tables, "eqdeletes", SCHEMA, PartitionSpec.unpartitioned());
		eq.newAppend().appendFile(IcebergFixtures.write(eq, rows(SCHEMA, 0, 100), null)).commit();
		eq.newRowDelta().addDeletes(IcebergFixtures.equalityDeletes(eq, "id", 5L)).commit();
		out.put("eqdeletes", eq);
		return out;
	}

	@Test
	void everySnapshotGivesIcebergDatasOwnRows(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		Path tables = root.resolve("Ice/Lake.Lakehouse/Tables");
		Files.createDirectories(tables);
		lake(tables);
		List<String> report = new ArrayList<>();
		try (TestLake lake = TestLake.of(tmp, root); Engine e = lake.engine()) {
			for (String name : List.of("timetravel", "plain", "parts")) {
				Path dir = tables.resolve(name);
				String from = name.equals("timetravel") ? "s3://test-bucket-time-travel/timetravel" : "s3://test";
				Table oracleTable = IcebergFixtures.open(dir, new IcebergFixtures.RemapIO(from,
						name.equals("timetravel") ? dir : tables));
				List<Snapshot> snaps = new ArrayList<>();
				oracleTable.snapshots().forEach(snaps::add);
				for (Snapshot s : snaps) {
					List<String> expected = canon(IcebergFixtures.oracle(oracleTable, s.snapshotId()));
					List<String> actual = canon(engineRows(e, "SELECT * FROM \"Ice/Lake\"." + name
							+ " AT (VERSION => " + s.snapshotId() + ")"));
					assertEquals(expected, actual, name + " at snapshot " + s.snapshotId());
					report.add("ICEBERG " + name + " snapshot " + s.snapshotId() + " (" + s.operation() + "): "
							+ actual.size() + " rows, same as iceberg-data");
				}
				List<String> latest = canon(engineRows(e, "SELECT * FROM \"Ice/Lake\"." + name));
				assertEquals(canon(IcebergFixtures.oracle(oracleTable, oracleTable.currentSnapshot().snapshotId())),
						latest, name + " latest");
			}
			EngineException eq = assertThrows(EngineException.class,
					() -> engineRows(e, "SELECT count(*) FROM \"Ice/Lake\".eqdeletes"));
			assertTrue(eq.getMessage().contains("has equality deletes") && eq.getMessage().contains("not read so far"),
					eq.getMessage());
			report.add("ICEBERG eqdeletes: refused: " + eq.getMessage());

			// what was planned once plans again offline, from the mirror, saying how old it is
			try (Engine off = lake.engine(null, true, Duration.ZERO); Result r = off.execute(
					"SELECT count(*) FROM \"Ice/Lake\".plain", "test")) {
				r.next();
				assertEquals(Long.toString(1500 - 215 + 700 - 3 + 300), r.text(0));
				assertTrue(r.notices().get(0).startsWith("offline: "), r.notices().toString());
			}
		}
		report.forEach(System.out::println);
	}

	/**
	 * Column-chunk reads and file choice, each on a fresh cache: a one-column query fetches exactly each data
	 * file's tail and that column's chunks, found by field id (in files written before a rename, under the old
	 * name), and its delete files whole, far less than the whole files, and still gives iceberg-data's rows with the
	 * deletes applied; a selective predicate on an identity partition or on a column's manifest bounds reads fewer
	 * files with the same answer as a predicate that can't prune; a plain LIMIT reads one file of three. If a chunk
	 * the query reads were not fetched, DuckDB would read zeros from the sparse file and the rows would differ.
	 */
	@Test
	void oneColumnFetchesItsChunksByFieldIdAndManifestsChooseTheFiles(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		Path tables = root.resolve("Ice/Lake.Lakehouse/Tables");
		Files.createDirectories(tables);
		Table parts = lake(tables).get("parts");
		// big: 3 files of 20,000 rows with disjoint ids, 3 rows of the first deleted
		Table big = IcebergFixtures.create(tables, "big", SCHEMA, PartitionSpec.unpartitioned());
		List<DataFile> bigFiles = new ArrayList<>();
		var append = big.newAppend();
		for (int f = 0; f < 3; f++) {
			bigFiles.add(IcebergFixtures.write(big, rows(SCHEMA, f * 20_000L, 20_000), null));
			append.appendFile(bigFiles.get(f));
		}
		append.commit();
		DeleteFile deletes = IcebergFixtures.positionDeletes(big, bigFiles.get(0), List.of(0L, 10L, 19_999L), null);
		big.newRowDelta().addDeletes(deletes).commit();

		try (Connection duck = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties())) {
			int home = 0;
			// one column of big: tails, the chunks of id, the delete file whole
			try (TestLake lake = TestLake.of(tmp.resolve("h" + home++), root); Engine e = lake.engine()) {
				assertEquals(List.of(List.of((Object) (59_999L * 60_000 / 2 - 20_009))),
						engineRows(e, "SELECT sum(id)::BIGINT FROM \"Ice/Lake\".big"));
				long whole = Files.size(local(tables, deletes.location()));
				long expected = Files.size(local(tables, deletes.location()));
				for (DataFile f : bigFiles) {
					whole += f.fileSizeInBytes();
					expected += expectedBytes(duck, local(tables, f.location()), 1);
				}
				assertEquals(expected, e.fetchedBytes(), "tails, chunks of id and the delete file");
				assertTrue(expected < whole / 2, expected + " of " + whole);
				System.out.printf("ICEBERG big, SELECT sum(id): fetched %d of %d bytes of whole files (%.1f %%)%n",
						expected, whole, 100.0 * expected / whole);

				// offline, what is held answers; a column never fetched fails at once, by name
				try (Engine off = lake.engine(null, true, Duration.ZERO)) {
					assertEquals("1799949991", TestLake.one(off, "SELECT sum(id) FROM \"Ice/Lake\".big"));
					EngineException x = assertThrows(EngineException.class,
							() -> engineRows(off, "SELECT sum(score) FROM \"Ice/Lake\".big"));
					assertTrue(x.getMessage().contains("not held") && x.getMessage().contains("column score"),
							x.getMessage());
				}
			}
			// no column at all: the tails and the delete file
			try (TestLake lake = TestLake.of(tmp.resolve("h" + home++), root); Engine e = lake.engine()) {
				assertEquals("59997", TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".big"));
				long expected = Files.size(local(tables, deletes.location()));
				for (DataFile f : bigFiles) {
					expected += expectedBytes(duck, local(tables, f.location()));
				}
				assertEquals(expected, e.fetchedBytes(), "count(*): footers and deletes");
			}
			// the renamed column: old files hold it as 'name', the newer one as 'label'
			try (TestLake lake = TestLake.of(tmp.resolve("h" + home++), root); Engine e = lake.engine()) {
				Table oracle = IcebergFixtures.open(tables.resolve("parts"), new IcebergFixtures.RemapIO("s3://test",
						tables));
				List<List<Object>> all = IcebergFixtures.oracle(oracle, oracle.currentSnapshot().snapshotId());
				assertEquals(canon(all.stream().map(r -> java.util.Arrays.asList(r.get(1), r.get(7))).toList()),
						canon(engineRows(e, "SELECT label, extra FROM \"Ice/Lake\".parts")));
				long expected = 0;
				long whole = 0;
				try (var tasks = oracle.newScan().planFiles()) {
					java.util.Set<String> dels = new java.util.TreeSet<>();
					for (var task : tasks) {
						Path f = local(tables, task.file().location());
						expected += expectedBytes(duck, f, 2, 8);
						whole += Files.size(f);
						task.deletes().forEach(d -> dels.add(d.location()));
					}
					for (String d : dels) {
						expected += Files.size(local(tables, d));
						whole += Files.size(local(tables, d));
					}
				}
				assertEquals(expected, e.fetchedBytes(), "chunks of field 2 under either name, of field 8 where held");
				System.out.printf("ICEBERG parts (renamed), SELECT label, extra: fetched %d of %d bytes of whole files"
						+ " (%.1f %%)%n", expected, whole, 100.0 * expected / whole);

				// an identity partition: one file of four, and the answer of a predicate that can't prune
				String eu = TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".parts WHERE region = 'eu'");
				assertEquals(1, e.lastFilesChosen());
				assertEquals(TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".parts WHERE region || '' = 'eu'"), eu);
				assertEquals(4, e.lastFilesChosen());
				assertEquals(Long.toString(all.stream().filter(r -> "eu".equals(r.get(6))).count()), eu);
				assertEquals(Long.toString(all.stream().filter(r -> "us".equals(r.get(6))).count()),
						TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".parts WHERE 'us' = region"));
				assertEquals(2, e.lastFilesChosen());
				// a column added after three files were written: they have no counts for it and are kept
				assertEquals(Long.toString(all.stream().filter(r -> r.get(7) == null).count()),
						TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".parts WHERE extra IS NULL"));
				assertEquals(3, e.lastFilesChosen(), "the newer file has no NULL extra");
				// Trino's manifests: one-row files, bounds on data
				assertEquals("1", TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".timetravel WHERE data = 2"));
				assertEquals(1, e.lastFilesChosen());
			}
			// bounds: ids are disjoint by file; deletes still apply to the file chosen
			try (TestLake lake = TestLake.of(tmp.resolve("h" + home++), root); Engine e = lake.engine()) {
				assertEquals("4", TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".big WHERE id < 5"));
				assertEquals(1, e.lastFilesChosen());
				long pruned = e.fetchedBytes();
				assertEquals("101", TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".big b WHERE b.id BETWEEN 20000"
						+ " AND 20100 AND score >= 0"));
				assertEquals(1, e.lastFilesChosen());
				assertEquals("0", TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".big WHERE id > 60000"));
				assertEquals(0, e.lastFilesChosen());
				assertEquals("4", TestLake.one(e, "SELECT count(*) FROM \"Ice/Lake\".big WHERE id + 0 < 5"));
				assertEquals(3, e.lastFilesChosen(), "an expression is not a simple predicate: all files");
				System.out.printf("ICEBERG big, WHERE id < 5: %d of 3 files, %d bytes fetched; WHERE id + 0 < 5: 3"
						+ " files, %d bytes%n", 1, pruned, e.fetchedBytes() - pruned);
			}
			// a plain LIMIT: the first file's records less its deletes are enough
			try (TestLake lake = TestLake.of(tmp.resolve("h" + home++), root); Engine e = lake.engine()) {
				assertEquals(5, engineRows(e, "SELECT id FROM \"Ice/Lake\".big LIMIT 5").size());
				assertEquals(1, e.lastFilesChosen());
				long limited = e.fetchedBytes();
				assertEquals(60_000 - 3, engineRows(e, "SELECT id FROM \"Ice/Lake\".big").size());
				assertEquals(3, e.lastFilesChosen());
				System.out.printf("ICEBERG big, SELECT id LIMIT 5: 1 of 3 files, %d bytes fetched%n", limited);
			}
		}
	}

	/** A file's local copy in the lake folder. */
	private static Path local(Path tables, String location) {
		return tables.resolve(location.substring("s3://test/".length()));
	}

	/**
	 * What a file should be held as for the top-level columns with {@code fieldIds}, from DuckDB's parquet_metadata
	 * of the original: the last max(16 KiB, footer + 8) bytes and each chunk of those columns, merged.
	 */
	private static long expectedBytes(Connection duck, Path file, int... fieldIds) throws Exception {
		long size = Files.size(file);
		java.util.TreeMap<Long, Long> r = new java.util.TreeMap<>();
		byte[] t = new byte[8];
		try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "r")) {
			f.seek(size - 8);
			f.readFully(t);
		}
		long footer = (t[0] & 0xff) | (t[1] & 0xff) << 8 | (t[2] & 0xff) << 16 | (long) (t[3] & 0xff) << 24;
		r.put(size - Math.max(Math.min(size, 16384), footer + 8), size);
		String ids = java.util.stream.IntStream.concat(java.util.stream.IntStream.of(-1),
				java.util.Arrays.stream(fieldIds)).mapToObj(Integer::toString)
				.collect(java.util.stream.Collectors.joining(","));
		try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery("SELECT coalesce(CASE WHEN"
				+ " dictionary_page_offset >= 4 THEN least(dictionary_page_offset, data_page_offset) END,"
				+ " data_page_offset), total_compressed_size FROM parquet_metadata('" + file + "') WHERE"
				+ " trim(split_part(path_in_schema, ',', 1)) IN (SELECT name FROM parquet_schema('" + file
				+ "') WHERE field_id IN (" + ids + "))")) {
			while (rs.next()) {
				r.merge(rs.getLong(1), rs.getLong(1) + rs.getLong(2), Math::max);
			}
		}
		long total = 0;
		long end = -1;
		for (var e : r.entrySet()) {
			long from = Math.max(e.getKey(), end);
			if (e.getValue() > from) {
				total += e.getValue() - from;
			}
			end = Math.max(end, e.getValue());
		}
		return total;
	}

	/** Files rewritten and removed since the held metadata: the read fails, the metadata is read again, it answers. */
	@Test
	void aRewriteSinceTheHeldMetadataIsReadAgainOnce(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		Path tables = root.resolve("Ice/Lake.Lakehouse/Tables");
		Table t = IcebergFixtures.create(tables, "plain", SCHEMA, PartitionSpec.unpartitioned());
		DataFile a = IcebergFixtures.write(t, rows(SCHEMA, 0, 400), null);
		DataFile b = IcebergFixtures.write(t, rows(SCHEMA, 400, 400), null);
		t.newAppend().appendFile(a).appendFile(b).commit();
		try (TestLake lake = TestLake.of(tmp, root); Engine e = lake.engine();
				io.lakestudio.onelake.local.LocalFolderLake folder = new io.lakestudio.onelake.local.LocalFolderLake(root)) {
			io.lakestudio.catalog.LakeTable lt = lake.catalog.resolve(
					io.lakestudio.catalog.TableName.parse("Ice/Lake/plain")).table();
			long held = new io.lakestudio.mirror.IcebergMirror(e.mirror(), folder.store(), java.time.Clock.systemUTC())
					.refresh(lt).version(); // metadata held, no data file fetched yet
			List<Record> all = new ArrayList<>(rows(SCHEMA, 0, 800));
			t.newRewrite().rewriteFiles(java.util.Set.of(a, b), java.util.Set.of(IcebergFixtures.write(t, all, null)))
					.commit();
			for (DataFile gone : List.of(a, b)) {
				Files.delete(tables.resolve(gone.location().substring("s3://test/".length())));
			}
			assertEquals(List.of(List.of((Object) 800L, 319600L)),
					engineRows(e, "SELECT count(*), sum(id)::BIGINT FROM \"Ice/Lake\".plain"));
			assertEquals(held + 1, e.mirror().held(lt).orElseThrow().version(), "the newer metadata was read");
		}
	}

	/**
	 * An Iceberg statement run again runs as it was made (a kept plan), answering as the held metadata says, until
	 * that metadata is due: then the new snapshot is read and the plan made anew.
	 */
	@Test
	void aStatementRunAgainIsKeptUntilItsMetadataIsDue(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		Path tables = root.resolve("Ice/Lake.Lakehouse/Tables");
		Table t = IcebergFixtures.create(tables, "plain", SCHEMA, PartitionSpec.unpartitioned());
		t.newAppend().appendFile(IcebergFixtures.write(t, rows(SCHEMA, 0, 400), null)).commit();
		String sql = "SELECT count(*), sum(id)::BIGINT FROM \"Ice/Lake\".plain";
		io.lakestudio.engine.MutableClock clock = new io.lakestudio.engine.MutableClock(java.time.Instant.now());
		try (TestLake lake = TestLake.of(tmp, root); Engine e = lake.engine(clock)) {
			io.lakestudio.catalog.LakeTable lt = lake.catalog.resolve(
					io.lakestudio.catalog.TableName.parse("Ice/Lake/plain")).table();
			assertEquals(List.of(List.of((Object) 400L, 79800L)), engineRows(e, sql));
			assertTrue(!e.lastPlanKept(), "made the first time");
			assertEquals(List.of(List.of((Object) 400L, 79800L)), engineRows(e, sql));
			assertTrue(e.lastPlanKept(), "run again as it was made");
			assertEquals(2, lake.catalog.uses(lt.id(), java.time.Instant.EPOCH).size(), "each run reads the table");

			t.newAppend().appendFile(IcebergFixtures.write(t, rows(SCHEMA, 400, 100), null)).commit();
			assertEquals(List.of(List.of((Object) 400L, 79800L)), engineRows(e, sql), "the held snapshot, as made");
			assertTrue(e.lastPlanKept());
			clock.advance(java.time.Duration.ofMinutes(61));
			assertEquals(List.of(List.of((Object) 500L, 124750L)), engineRows(e, sql));
			assertTrue(!e.lastPlanKept(), "the metadata was due: made anew");
			assertEquals(500, IcebergFixtures.oracle(t, t.currentSnapshot().snapshotId()).size(), "Iceberg's own read");
			assertEquals(List.of(List.of((Object) 500L, 124750L)), engineRows(e, sql));
			assertTrue(e.lastPlanKept());
		}
	}

	/**
	 * A selective filter on an Iceberg table leaves out the chunks of the row groups it rules out, found by field id
	 * in each file (one written before a rename too), and the answer is iceberg-data's own.
	 */
	@Test
	void aSelectiveFilterFetchesOnlyTheRowGroupsItKeeps(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		Path tables = root.resolve("Ice/Lake.Lakehouse/Tables");
		Table t = IcebergFixtures.create(tables, "groups", SCHEMA, PartitionSpec.unpartitioned());
		t.updateProperties().set("write.parquet.row-group-size-bytes", "8192").commit(); // many row groups a file
		t.newAppend().appendFile(IcebergFixtures.write(t, rows(SCHEMA, 0, 4000), null)).commit();
		t.updateSchema().renameColumn("score", "points").commit();
		Schema renamed = t.schema();
		List<Record> later = new ArrayList<>();
		for (Record r : rows(SCHEMA, 4000, 4000)) {
			GenericRecord x = GenericRecord.create(renamed);
			for (Types.NestedField f : renamed.columns()) {
				x.setField(f.name(), r.getField(f.name().equals("points") ? "score" : f.name()));
			}
			later.add(x);
		}
		t.newAppend().appendFile(IcebergFixtures.write(t, later, null)).commit();
		long snapshot = t.currentSnapshot().snapshotId();
		List<List<Object>> oracle = IcebergFixtures.oracle(t, snapshot);
		String sql = "SELECT count(*), sum(points) FROM \"Ice/Lake\".groups WHERE ";
		long all;
		try (TestLake lake = TestLake.of(tmp.resolve("all"), root); Engine e = lake.engine()) {
			assertEquals(List.of(List.of((Object) 8000L, 7999.0 * 8000 / 2 * 0.25)), engineRows(e, sql + "id >= 0"));
			all = e.fetchedBytes();
		}
		// one range in the first file (written before the rename), one in the second
		for (long[] range : new long[][] { { 1000, 1100 }, { 6000, 6050 } }) {
			String w = "id BETWEEN " + range[0] + " AND " + range[1];
			long count = 0;
			double points = 0;
			for (List<Object> row : oracle) {
				long id = (Long) row.get(0);
				if (id >= range[0] && id <= range[1]) {
					count++;
					points += (Double) row.get(5);
				}
			}
			try (TestLake lake = TestLake.of(tmp.resolve("some" + range[0]), root); Engine e = lake.engine()) {
				assertEquals(List.of(List.of((Object) count, points)), engineRows(e, sql + w), w);
				long some = e.fetchedBytes();
				System.out.printf("Iceberg row groups: %d of %d bytes for %s%n", some, all, w);
				assertTrue(some * 2 < all, "row groups left out: " + some + " of " + all + " bytes");
				assertEquals(List.of(List.of((Object) count, points)), engineRows(e, sql + w), "again: " + w);
				assertEquals(some, e.fetchedBytes(), "again, nothing more");
			}
		}
	}

	/** A Delta table with an Iceberg conversion beside its log (UniForm) is read as Delta, never through it. */
	@Test
	void aDeltaTableWithAnIcebergConversionIsReadAsDelta(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		io.lakestudio.samples.SampleLake.write(root);
		Path customers = root.resolve("Sales/Orders.Lakehouse/Tables/customers");
		// a conversion that disagrees with the log: Trino's one-int-column table of 3 rows
		IcebergFixtures.trinoTimeTravel(tmp.resolve("trino"));
		TestLake.copyTree(tmp.resolve("trino/metadata"), customers.resolve("metadata"));
		try (TestLake lake = TestLake.of(tmp, root); Engine e = lake.engine()) {
			assertEquals("Delta", lake.catalog.resolve(io.lakestudio.catalog.TableName.parse("Sales/Orders/customers"))
					.table().format());
			assertEquals(List.of(List.of((Object) 2000L, 1L)),
					engineRows(e, "SELECT count(*), min(customer_id) FROM \"Sales/Orders\".customers"));
		}
	}

	private static List<List<Object>> engineRows(Engine e, String sql) throws EngineException {
		try (Result r = e.execute(sql, "test")) {
			List<List<Object>> out = new ArrayList<>();
			while (r.next()) {
				List<Object> row = new ArrayList<>();
				for (int c = 0; c < r.columnNames().size(); c++) {
					row.add(r.value(c));
				}
				out.add(row);
			}
			return out;
		}
	}

	/** Rows as text, sorted: the same values print the same whichever reader gave them. */
	private static List<String> canon(List<List<Object>> rows) {
		List<String> out = new ArrayList<>();
		for (List<Object> row : rows) {
			List<String> vals = new ArrayList<>();
			for (Object v : row) {
				vals.add(v == null ? "null"
						: v instanceof Integer || v instanceof Long || v instanceof Short ? Long.toString(((Number) v).longValue())
						: v instanceof Float || v instanceof Double ? Double.toString(((Number) v).doubleValue())
						: v instanceof BigDecimal d ? d.toPlainString()
						: v instanceof java.sql.Date d ? d.toLocalDate().toString()
						: v.toString());
			}
			out.add(String.join("|", vals));
		}
		out.sort(null);
		return out;
	}
}
