package io.lakestudio.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reads real Databricks / Delta OSS / Trino tables; expected values come from {@link LogReplay} and Kernel's own full read. */
class DeltaReadTest {

	@ParameterizedTest
	@ValueSource(strings = { "databricks122/deletion_vectors", "deltalake/multipart_checkpoint",
			"databricks73/simple_table_past_checkpoint", "deltalake/partitions", "databricks73/person",
			"deltalake/uri", "databricks104/no_stats_column_mapping_id", "databricks133/v2_checkpoint_json", "trino410/no_stats_partitions" })
	void snapshotMatchesLogReplayAndFullRead(String name) throws Exception {
		Path t = TrinoTables.table(name);
		LogReplay log = new LogReplay(t);
		DeltaSnapshot s = DeltaTables.snapshot(t);

		assertEquals(log.version, s.version());
		assertEquals(log.numFiles(), s.numFiles());
		assertEquals(log.size(), s.sizeBytes());
		assertEquals(log.partitionColumns, s.partitionColumns());
		assertEquals(log.liveRecords(), s.numRecords());
		assertEquals(log.commitTimestamp, s.timestamp().toEpochMilli());
		if (s.numRecords() != null) {
			assertEquals(KernelFullRead.count(t), s.numRecords(), "stats vs rows actually read");
		}
		List<ScanFile> files = DeltaTables.scanFiles(t, OptionalLong.empty());
		assertEquals(log.decodedPaths(), files.stream().map(ScanFile::path).sorted().toList());
		for (ScanFile f : files) {
			assertTrue(Files.isRegularFile(t.resolve(f.path())), "named as on disk: " + f.path());
			assertEquals(Files.size(t.resolve(f.path())), f.size());
		}
	}

	@Test
	void deletionVectorsDecodeToTheirCardinality() throws Exception {
		Path t = TrinoTables.table("databricks122/deletion_vectors");
		List<ScanFile> files = DeltaTables.scanFiles(t, OptionalLong.empty());
		long withDv = 0;
		for (ScanFile f : files) {
			if (f.dv() == null) {
				continue;
			}
			withDv++;
			long[] rows = DeltaTables.deletedRows(t, f.dv());
			assertEquals(f.dv().cardinality(), rows.length);
			for (long r : rows) {
				assertTrue(r >= 0 && r < f.numRecords(), "row " + r + " inside the file");
			}
		}
		long expected = new LogReplay(t).adds.values().stream().filter(a -> LogReplay.deleted(a) > 0).count();
		assertEquals(expected, withDv);
		assertTrue(withDv > 0);
	}

	/**
	 * The Trino CM fixture has metadata only, so the test appends a commit as a CM writer would: partition values
	 * keyed by the physical name.
	 */
	@Test
	void columnMappingPartitionValuesUseLogicalNames(@TempDir Path dir) throws Exception {
		Path src = TrinoTables.table("deltalake/write_stats_as_json_partition_column_mapping_name");
		Path t = dir.resolve("cm");
		Files.createDirectories(t.resolve("_delta_log"));
		Files.copy(src.resolve("_delta_log/00000000000000000000.json"), t.resolve("_delta_log/00000000000000000000.json"));
		LogReplay meta = new LogReplay(t);
		String logical = meta.partitionColumns.get(0); // metaData.partitionColumns holds logical names
		String physical = meta.logicalNames.entrySet().stream().filter(e -> e.getValue().equals(logical))
				.map(Map.Entry::getKey).findFirst().orElseThrow();
		assertTrue(!physical.equals(logical), "fixture uses column mapping");
		Files.writeString(t.resolve("_delta_log/00000000000000000001.json"),
				"{\"commitInfo\":{\"timestamp\":1700000000000,\"operation\":\"WRITE\"}}\n"
						+ "{\"add\":{\"path\":\"x/a.parquet\",\"partitionValues\":{\"" + physical
						+ "\":\"v1\"},\"size\":10,\"modificationTime\":1,\"dataChange\":true}}\n");
		List<ScanFile> files = DeltaTables.scanFiles(t, OptionalLong.empty());
		assertEquals(1, files.size());
		assertEquals(Map.of(logical, "v1"), files.get(0).partitionValues());
		assertEquals(List.of(logical), DeltaTables.snapshot(t).partitionColumns());
		assertEquals(1700000000000L, DeltaTables.snapshot(t).timestamp().toEpochMilli());
	}

	@Test
	void timeTravelByVersion() throws Exception {
		Path t = TrinoTables.table("trino440/time_travel");
		long latest = new LogReplay(t).version;
		for (long v = 0; v <= latest; v++) {
			LogReplay log = new LogReplay(t, v);
			DeltaSnapshot s = DeltaTables.snapshot(t, v);
			assertEquals(v, s.version());
			assertEquals(log.numFiles(), s.numFiles(), "files at v" + v);
			assertEquals(log.numFiles(), DeltaTables.scanFiles(t, OptionalLong.of(v)).size());
		}
		DeltaException e = assertThrows(DeltaException.class, () -> DeltaTables.snapshot(t, latest + 5));
		assertTrue(e.getMessage().contains("version " + (latest + 5)), e.getMessage());
	}

	@Test
	void nestedTypesAsText() throws Exception {
		DeltaSnapshot s = DeltaTables.snapshot(TrinoTables.table("databricks73/insert_nested_nonlowercase_columns"));
		assertEquals(List.of(new DeltaColumn("an_int", "integer", true), new DeltaColumn("nested",
				"struct<lower_case_string:string,UPPER_CASE_STRING:string,MiXeD_CaSe_StRiNg:string>", true)),
				s.columns());
	}

	@Test
	void noLogAndBrokenLogAreClearErrors(@TempDir Path dir) throws Exception {
		DeltaException none = assertThrows(DeltaException.class, () -> DeltaTables.snapshot(dir));
		assertEquals("no Delta log at " + dir, none.getMessage());

		Files.createDirectories(dir.resolve("_delta_log"));
		Files.writeString(dir.resolve("_delta_log/00000000000000000000.json"), "{not json\n");
		DeltaException broken = assertThrows(DeltaException.class, () -> DeltaTables.snapshot(dir));
		assertTrue(broken.getMessage().startsWith("broken _delta_log at " + dir + ": "), broken.getMessage());
		assertNotNull(broken.getCause());

		Files.writeString(dir.resolve("_delta_log/00000000000000000000.json"),
				"{\"commitInfo\":{\"timestamp\":1}}\n");
		DeltaException noProtocol = assertThrows(DeltaException.class,
				() -> DeltaTables.scanFiles(dir, OptionalLong.empty()));
		assertTrue(noProtocol.getMessage().startsWith("broken _delta_log at "), noProtocol.getMessage());
	}

	@Test
	void statsLessFilesGiveNullRecords() throws Exception {
		Path t = TrinoTables.table("trino410/no_stats");
		assertNull(DeltaTables.snapshot(t).numRecords());
		assertTrue(DeltaTables.scanFiles(t, OptionalLong.empty()).stream().allMatch(f -> f.numRecords() == null));
	}
}
