package io.lakestudio.iceberg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.iceberg.internal.MirrorFileIO;

/** Trino's Iceberg time-travel table (v2, four snapshots, paths under s3://) planned from a local copy. */
class IcebergTablesTest {

	static final String TABLE = "iceberg/timetravel/";
	static final String METADATA = "metadata/00003-7a5fe997-d8a4-4446-98e1-f6c8128d5c53.metadata.json";
	static final List<String> FILES = List.of(METADATA,
			"metadata/45793deb-f275-4821-8a19-70d710cc6982-m0.avro",
			"metadata/9652064e-0fca-47ae-b0a6-5e1a0beea45a-m0.avro",
			"metadata/a0d84333-b282-4e0e-b0ee-817cc56d98dc-m0.avro",
			"metadata/snap-3669526782178248824-1-cde47a04-b45e-4057-b872-aca0841fe99c.avro",
			"metadata/snap-583816926071139654-1-45793deb-f275-4821-8a19-70d710cc6982.avro",
			"metadata/snap-6153714018221937993-1-9652064e-0fca-47ae-b0a6-5e1a0beea45a.avro",
			"metadata/snap-8471224892810331394-1-a0d84333-b282-4e0e-b0ee-817cc56d98dc.avro");

	/** Trino's table, copied out of its test jar. */
	static Path trinoTable(Path dir) throws IOException {
		for (String f : FILES) {
			try (InputStream in = IcebergTablesTest.class.getClassLoader().getResourceAsStream(TABLE + f)) {
				Path p = dir.resolve(f);
				Files.createDirectories(p.getParent());
				Files.copy(in, p);
			}
		}
		return dir;
	}

	@Test
	void everySnapshotOfTrinosTablePlansToItsFiles(@TempDir Path tmp) throws Exception {
		Path t = trinoTable(tmp);
		List<String> asked = new ArrayList<>();
		TableFiles files = rel -> {
			asked.add(rel);
			return t.resolve(rel);
		};
		List<Long> snaps = IcebergTables.snapshots(t.resolve(METADATA), files);
		assertEquals(4, snaps.size());
		for (int i = 0; i < 4; i++) {
			IcebergScan s = IcebergTables.scan(t.resolve(METADATA), files, OptionalLong.of(snaps.get(i)), null);
			assertEquals(i, s.files().size(), "snapshot " + i);
			assertEquals(i, s.records());
			assertEquals(List.of(new IcebergScan.Column(1, "data", "INTEGER", false)), s.columns());
			for (IcebergScan.DataFile f : s.files()) {
				assertTrue(f.path().startsWith("data/") && f.absolutePath().startsWith("s3://test-bucket-time-travel/"),
						f.toString());
				assertEquals(List.of(), f.deletes());
			}
		}
		IcebergScan latest = IcebergTables.scan(t.resolve(METADATA), files, OptionalLong.empty(), null);
		assertEquals(3, latest.files().size());
		// Trino's manifests carry each one-row file's bounds and counts, decoded for choosing files
		java.util.Set<Object> values = new java.util.TreeSet<>();
		for (IcebergScan.DataFile f : latest.files()) {
			IcebergScan.Stats st = f.stats();
			assertTrue(st.lower().get(1) instanceof Long && st.lower().get(1).equals(st.upper().get(1)), st.toString());
			assertEquals(0L, st.nulls().get(1));
			assertEquals(1L, st.values().get(1));
			assertEquals(java.util.Map.of(), st.identity(), "unpartitioned");
			values.add(st.lower().get(1));
		}
		assertEquals(3, values.size(), values.toString());
		System.out.println("ICEBERG timetravel bounds of data: " + values);
		assertTrue(asked.stream().allMatch(FILES::contains), "only metadata files, by path in the table: " + asked);
	}

	@Test
	void aSnapshotNotThereAndAMissingManifestSaySo(@TempDir Path tmp) throws Exception {
		Path t = trinoTable(tmp);
		IcebergException e = assertThrows(IcebergException.class,
				() -> IcebergTables.scan(t.resolve(METADATA), t::resolve, OptionalLong.of(42), null));
		assertTrue(e.getMessage().startsWith("no snapshot 42 in the Iceberg table") && e.getMessage()
				.contains("8471224892810331394"), e.getMessage());
		IOException away = new IOException("offline: never copied");
		IcebergException off = assertThrows(IcebergException.class,
				() -> IcebergTables.scan(t.resolve(METADATA), rel -> {
					throw away;
				}, OptionalLong.empty(), null));
		boolean found = false;
		for (Throwable c = off; c != null; c = c.getCause()) {
			found |= c == away;
		}
		assertTrue(found, "the cause is kept (the mirror tells offline from broken by it)");
	}

	@Test
	void pathsAreTakenRelativeToTheTablesLocation() throws Exception {
		assertEquals("data/a.parquet", MirrorFileIO.relative("s3://b/t", "s3://b/t/data/a.parquet"));
		assertEquals("data/a.parquet", MirrorFileIO.relative("s3://b/t/", "s3a://b/t/data/a.parquet"));
		assertEquals("metadata/m.avro", MirrorFileIO.relative("/lake/t", "/lake/t/metadata/m.avro"));
		assertThrows(IOException.class, () -> MirrorFileIO.relative("s3://b/t", "s3://b/other/data/a.parquet"));
		assertThrows(IOException.class, () -> MirrorFileIO.relative("s3://b/t", "s3://b/t2/data/a.parquet"));
	}
}
