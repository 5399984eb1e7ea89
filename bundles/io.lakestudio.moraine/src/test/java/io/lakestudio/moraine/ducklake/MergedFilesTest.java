package io.lakestudio.moraine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.ScheduledFile;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.store.FolderStore;

/**
 * A merge of data files on a moraine catalog, as ducklake_merge_adjacent_files commits it: the merged file takes the
 * place of the files it read (their rows go, not ended; the files are scheduled for deletion) and begins where the
 * first of them began. Every row is then read exactly once, at the head and by time travel to before the merge:
 * checked by DuckDB reading the Parquet files the catalog names, and against the SQLite store's rows.
 */
class MergedFilesTest {

	private static final long T = 1, COL = 2;

	/** Writes {@code ids} (column i, field id COL) to a Parquet file under the table's folder; its size. */
	private static long parquet(Connection d, Path file, String ids) throws Exception {
		Files.createDirectories(file.getParent());
		try (Statement st = d.createStatement()) {
			st.execute("COPY (SELECT i::BIGINT AS i FROM (VALUES " + ids + ") v(i)) TO '" + file
					+ "' (FORMAT parquet, FIELD_IDS {i: " + COL + "})");
		}
		return Files.size(file);
	}

	/** Creates t, inserts two files in two commits, merges them into one; the snapshot before the merge. */
	private static long history(MetadataStore s, Path folder, Connection d) throws Exception {
		Commit c = new Commit(s.latest());
		c.catalogId();
		c.catalogId();
		c.newTables.add(new TableEntry(T, MoraineStoreTest.TABLE_UUID, 0, 0, "t", "t/"));
		c.newColumns.add(new ColumnEntry(COL, 0, T, 1, "i", "int64", null, null, true));
		c.changes.add("created_table:\"main\".\"t\"");
		s.commit(c);
		long start = 0;
		for (String[] f : new String[][] { { "f1.parquet", "(0), (1), (2)" }, { "f2.parquet", "(3), (4), (5)" } }) {
			c = new Commit(s.latest());
			TableStats before = s.tableStats(T).orElse(new TableStats(T, 0, 0, 0));
			c.baseStats.put(T, before);
			long size = parquet(d, folder.resolve(f[0]), f[1]);
			c.newDataFiles.add(new DataFile(c.fileId(), T, 0, f[0], true, 3, size, 0, start, List.of()));
			c.tableStats.put(T, new TableStats(T, before.recordCount() + 3, before.nextRowId() + 3,
					before.fileSizeBytes() + size));
			c.changes.add("inserted_into_table:" + T);
			s.commit(c);
			start += 3;
		}
		long beforeMerge = s.latest().id();
		List<DataFile> files = s.dataFiles(T, beforeMerge);
		c = new Commit(s.latest());
		c.baseStats.put(T, s.tableStats(T).orElseThrow());
		long size = parquet(d, folder.resolve("merged.parquet"), "(0), (1), (2), (3), (4), (5)");
		long id = c.fileId();
		c.newDataFiles.add(new DataFile(id, T, 0, "merged.parquet", true, 6, size, 0, 0, List.of()));
		c.lineage.put(id, new FileLineage(id, files.get(0).beginSnapshot(), 0L, files.get(1).beginSnapshot()));
		for (DataFile f : files) {
			c.removedDataFiles.add(new ScheduledFile(f.id(), "main/t/" + f.path(), true, java.time.Instant.now()));
		}
		c.compactedTables.add(T);
		c.tableStats.put(T, s.tableStats(T).orElseThrow());
		c.changes.add("merge_adjacent:" + T);
		s.commit(c);
		return beforeMerge;
	}

	/** The ids DuckDB reads from the files the catalog names for t at {@code snapshot}, sorted. */
	private static List<Long> read(MetadataStore s, String data, Connection d, long snapshot) throws Exception {
		List<String> paths = new ArrayList<>();
		for (DataFile f : s.dataFiles(T, snapshot)) {
			paths.add("'" + data + "main/t/" + f.path() + "'");
		}
		List<Long> out = new ArrayList<>();
		try (Statement st = d.createStatement();
				ResultSet r = st.executeQuery("SELECT i FROM read_parquet([" + String.join(", ", paths) + "]) ORDER BY i")) {
			while (r.next()) {
				out.add(r.getLong(1));
			}
		}
		return out;
	}

	/** A ducklake_data_file row (as comparable lists it) with its file_size_bytes blanked. */
	private static String sizeBlanked(String row) {
		String[] v = row.split("\\|", -1);
		v[9] = "<size>";
		return String.join("|", v);
	}

	@Test
	void aMergeLeavesEachRowReadableExactlyOnceAtEverySnapshot(@TempDir Path dir) throws Exception {
		String data = dir.resolve("data") + "/";
		AttachOptions o = AttachOptions.defaults().withDataPath(data);
		try (Connection d = DriverManager.getConnection("jdbc:duckdb:");
				DuckLakeCatalog sqlite = DuckLakeCatalog.open("ducklake:sqlite:" + dir.resolve("c.sqlite"),
						AttachOptions.defaults().withDataPath(dir.resolve("sdata") + "/"));
				DuckLakeCatalog moraine = MoraineCatalogs.open("ducklake:moraine:x", new FolderStore(dir.resolve("m")),
						o, null, null)) {
			history(sqlite.store(), dir.resolve("sdata/main/t"), d);
			long beforeMerge = history(moraine.store(), dir.resolve("data/main/t"), d);
			MetadataStore m = moraine.store();
			List<Long> all = List.of(0L, 1L, 2L, 3L, 4L, 5L);
			assertEquals(all, read(m, data, d, m.latest().id()), "at the head: the merged file alone");
			assertEquals(all, read(m, data, d, beforeMerge), "before the merge: the merged file, backdated");
			// after the first insert, too, the catalog names the merged file alone; its partial_max tells a reader
			// to keep only the rows of snapshots up to the one it reads
			assertEquals(List.of("merged.parquet"), m.dataFiles(T, beforeMerge - 1).stream().map(DataFile::path)
					.toList());
			assertEquals(List.of(new FileLineage(m.dataFiles(T, m.latest().id()).get(0).id(), beforeMerge - 1, 0L,
					beforeMerge)), m.lineage(T));
			assertEquals(List.of("main/t/f1.parquet", "main/t/f2.parquet"), m.scheduledFiles().stream()
					.map(ScheduledFile::path).toList(), "the replaced files, relative to the data path");
			for (String table : List.of("ducklake_data_file", "ducklake_file_column_stats",
					"ducklake_files_scheduled_for_deletion")) {
				List<String> want = MoraineStoreTest.comparable(sqlite.store(), table);
				List<String> got = MoraineStoreTest.comparable(m, table);
				if (table.equals("ducklake_data_file")) {
					// the file sizes are of two writes of the same rows; the rest must be the same
					want = want.stream().map(MergedFilesTest::sizeBlanked).toList();
					got = got.stream().map(MergedFilesTest::sizeBlanked).toList();
				}
				assertEquals(want, got, table);
			}
			m.forgetScheduled(List.of(m.scheduledFiles().get(0).dataFileId()));
			assertEquals(1, m.scheduledFiles().size());
			assertTrue(m.namedFiles(data).contains(data + "main/t/merged.parquet"));
		}
	}
}
