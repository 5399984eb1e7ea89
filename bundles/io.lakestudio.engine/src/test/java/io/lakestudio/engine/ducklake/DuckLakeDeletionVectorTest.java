package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.puffin.BlobMetadata;
import org.apache.iceberg.puffin.Puffin;
import org.apache.iceberg.puffin.PuffinReader;
import org.apache.iceberg.util.Pair;
import org.junit.jupiter.api.Test;

import io.lakestudio.engine.EngineSession;

/**
 * DELETE with WRITE_DELETION_VECTORS, as a user of DuckLake 1.1 does it: the delete files are deletion vectors
 * (format puffin) that Iceberg's own Puffin and deletion-vector readers read (iceberg-core, not our code), one bare
 * blob for one delete and a Puffin file of cumulative blobs once a file has deletes of several snapshots; and every
 * snapshot reads the data file's rows as a plain DuckDB does, minus the positions Iceberg read for that snapshot.
 */
class DuckLakeDeletionVectorTest extends SharedEngineTest {

	@Test
	void deletesAreDeletionVectorsIcebergReadsAndTimeTravelHonours() throws Exception {
		Path dir = Files.createDirectories(home.resolve("dv"));
		Path meta = dir.resolve("meta.sqlite");
		try (EngineSession s = engine.openSession("test")) {
			DuckLakeSessionTest.ok(s, "ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '"
					+ dir.resolve("files") + "', DATA_INLINING_ROW_LIMIT 0, WRITE_DELETION_VECTORS true, DUCKLAKE_VERSION '1.1-dev1')");
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake.t AS SELECT range::INTEGER AS i FROM range(20)");
			long created = snapshot(meta);
			Path data = file(dir, query(meta, "SELECT path FROM ducklake_data_file"));

			DuckLakeSessionTest.ok(s, "DELETE FROM lake.t WHERE i = 3");
			long d1 = snapshot(meta);
			// one delete: a bare deletion-vector-v1 blob, the whole file
			assertEquals("puffin|1|NULL", query(meta, "SELECT format || '|' || delete_count || '|' ||"
					+ " coalesce(CAST(row_group_count AS TEXT), 'NULL') FROM ducklake_delete_file"));
			Path bare = file(dir, query(meta, "SELECT path FROM ducklake_delete_file"));
			assertArrayEquals(new long[] { 3 }, positions(Files.readAllBytes(bare), bare, 0, Files.size(bare), 1));

			DuckLakeSessionTest.ok(s, "DELETE FROM lake.t WHERE i IN (5, 7)");
			long d2 = snapshot(meta);
			DuckLakeSessionTest.ok(s, "DELETE FROM lake.t WHERE i = 11");
			long d3 = snapshot(meta);
			assertEquals("puffin|4|" + d1 + "|" + d3, query(meta, "SELECT format || '|' || delete_count || '|' ||"
					+ " begin_snapshot || '|' || partial_max FROM ducklake_delete_file WHERE end_snapshot IS NULL"));
			Path dv = file(dir, query(meta, "SELECT path FROM ducklake_delete_file WHERE end_snapshot IS NULL"));

			// Iceberg's reader: one cumulative blob per delete snapshot, naming the data file and its snapshot
			List<String> snapshots = new ArrayList<>();
			List<long[]> blobs = new ArrayList<>();
			try (PuffinReader r = Puffin.read(org.apache.iceberg.Files.localInput(dv.toFile())).build()) {
				List<BlobMetadata> all = r.fileMetadata().blobs();
				for (Pair<BlobMetadata, ByteBuffer> b : r.readAll(all)) {
					BlobMetadata m = b.first();
					assertEquals("deletion-vector-v1", m.type());
					assertEquals(data.toString(), m.properties().get("referenced-data-file"));
					snapshots.add(m.properties().get("ducklake-snapshot-id"));
					byte[] bytes = new byte[b.second().remaining()];
					b.second().get(bytes);
					blobs.add(positions(bytes, dv, m.offset(), m.length(),
							Long.parseLong(m.properties().get("cardinality"))));
				}
			}
			assertEquals(List.of(String.valueOf(d1), String.valueOf(d2), String.valueOf(d3)), snapshots);
			assertArrayEquals(new long[] { 3, 5, 7, 11 }, blobs.get(2));

			// each snapshot: the data file a plain DuckDB reads, minus that snapshot's blob
			long[] versions = { created, d1, d2, d3 };
			for (int v = 0; v < versions.length; v++) {
				long[] gone = v == 0 ? new long[0] : blobs.get(v - 1);
				String not = gone.length == 0 ? "" : " WHERE file_row_number NOT IN (" + java.util.Arrays.stream(gone)
						.mapToObj(String::valueOf).collect(Collectors.joining(", ")) + ")";
				List<String> want = duck("SELECT i FROM read_parquet('" + data + "', file_row_number = true)" + not
						+ " ORDER BY i");
				assertEquals(want, DuckLakeSessionTest.rows(s, "SELECT i FROM lake.t AT (VERSION => " + versions[v]
						+ ") ORDER BY i"), "at snapshot " + versions[v]);
			}
			assertEquals(16, want(s, "SELECT count(*) FROM lake.t"));
		}
	}

	/** The positions of a deletion-vector-v1 blob, by Iceberg's reader (which checks length, magic, CRC, count). */
	private static long[] positions(byte[] blob, Path file, long offset, long length, long cardinality)
			throws Exception {
		DeleteFile f = FileMetadata.deleteFileBuilder(PartitionSpec.unpartitioned()).ofPositionDeletes()
				.withFormat(FileFormat.PUFFIN).withPath(file.toString()).withFileSizeInBytes(Files.size(file))
				.withRecordCount(cardinality).withContentOffset(offset).withContentSizeInBytes(length)
				.withReferencedDataFile("data.parquet").build();
		List<Long> out = new ArrayList<>();
		PositionDeleteIndex.deserialize(blob, f).forEach(out::add);
		return out.stream().mapToLong(Long::longValue).toArray();
	}

	private static long want(EngineSession s, String sql) throws Exception {
		return Long.parseLong(DuckLakeSessionTest.rows(s, sql).getFirst());
	}

	private static long snapshot(Path meta) throws Exception {
		return Long.parseLong(query(meta, "SELECT max(snapshot_id) FROM ducklake_snapshot"));
	}

	private static String query(Path meta, String sql) throws Exception {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = c.createStatement();
				ResultSet r = st.executeQuery(sql)) {
			r.next();
			return r.getString(1);
		}
	}

	private static Path file(Path dir, String name) throws Exception {
		try (var all = Files.walk(dir)) {
			return all.filter(p -> p.toString().endsWith(name)).findFirst().orElseThrow();
		}
	}

	private static List<String> duck(String sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (Connection d = DriverManager.getConnection("jdbc:duckdb:"); Statement st = d.createStatement();
				ResultSet r = st.executeQuery(sql)) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}
}
