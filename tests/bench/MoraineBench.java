import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.lakestudio.moraine.Catalog;
import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.ColumnDef;
import io.lakestudio.moraine.ColumnId;
import io.lakestudio.moraine.DataFile;
import io.lakestudio.moraine.FileColumnStats;
import io.lakestudio.moraine.SchemaId;
import io.lakestudio.moraine.TableId;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.CountingStore;
import io.lakestudio.store.WriteCondition;

/**
 * One commit = one data file registered in a 4-column table with its per-column stats (what a DuckLake INSERT
 * commits). moraine on a fsynced FolderStore (io.lakestudio.kv), timed per commit and counted in object requests,
 * beside the same commits as DuckLake writes them into its SQLite catalog file (snapshot, changes, data file, column
 * stats, table stats; one transaction each). Then {@link MoraineAttachBench}. Run with
 * tests/bench/moraine-bench [commits] [attach-commits].
 */
public class MoraineBench {

	public static void main(String[] args) throws Exception {
		int commits = args.length > 0 ? Integer.parseInt(args[0]) : 500;
		int attachCommits = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
		Path dir = Files.createTempDirectory("moraine-bench");

		CountingStore objects = new CountingStore(new FolderStore(dir.resolve("lake")));
		long[] moraine = new long[commits];
		long requests;
		long writes;
		try (Catalog catalog = Catalog.open(objects, CatalogOptions.defaults())) {
			catalog.commit(tx -> {
				SchemaId s = tx.createSchema("sales");
				tx.createTable(s, "orders", List.of(ColumnDef.of("id", "BIGINT"), ColumnDef.of("day", "DATE"),
						ColumnDef.of("customer", "VARCHAR"), ColumnDef.of("total", "DOUBLE")));
			});
			TableId t = catalog.snapshot().tableByName("sales", "orders").orElseThrow().id();
			List<ColumnId> cols = catalog.snapshot().columns(t).stream().map(c -> c.id()).toList();
			long r0 = objects.requests();
			long w0 = objects.writes();
			for (int i = 0; i < commits; i++) {
				int n = i;
				long t0 = System.nanoTime();
				catalog.commit(tx -> tx.addDataFile(DataFile.parquet(t, "data/part-" + n + ".parquet", 1000, 65536)
						.withStats(stats(cols, n))));
				moraine[i] = System.nanoTime() - t0;
			}
			requests = objects.requests() - r0;
			writes = objects.writes();
			writes -= w0;
			if (catalog.snapshot().dataFiles(t).size() != commits)
				throw new AssertionError("moraine lost a file");
		}
		report("moraine on FolderStore (kv, fsync)", moraine);
		System.out.printf("  object requests per commit: %.2f (%.2f writes: PUT + DELETE; flushes and merges amortized in)%n",
				(double) requests / commits, (double) writes / commits);

		FolderStore raw = new FolderStore(dir.resolve("raw"));
		long[] floor = new long[commits];
		byte[] bytes = new byte[1200];
		for (int i = 0; i < commits; i++) {
			long t0 = System.nanoTime();
			raw.put("o/" + i, bytes, WriteCondition.IF_ABSENT);
			floor[i] = System.nanoTime() - t0;
		}
		report("floor: one fsynced if-absent 1.2 KB object write on the same folder", floor);

		long[] sqlite = sqlite(dir.resolve("ducklake.sqlite"), commits);
		report("DuckLake catalog in SQLite (sqlite-jdbc, defaults)", sqlite);
		System.out.printf("ratio moraine/SQLite: median %.2f, p95 %.2f%n", pct(moraine, 50) / pct(sqlite, 50),
				pct(moraine, 95) / pct(sqlite, 95));
		MoraineAttachBench.run(dir, attachCommits);
	}

	static List<FileColumnStats> stats(List<ColumnId> cols, int n) {
		List<FileColumnStats> out = new ArrayList<>();
		for (ColumnId c : cols)
			out.add(FileColumnStats.of(c, 1000, 0, String.valueOf(n * 1000), String.valueOf(n * 1000 + 999)));
		return out;
	}

	/** The rows DuckLake writes for one INSERT, in one transaction, as its SQLite catalog holds them. */
	static long[] sqlite(Path file, int commits) throws Exception {
		long[] out = new long[commits];
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
			try (Statement s = c.createStatement()) {
				s.execute("CREATE TABLE ducklake_snapshot(snapshot_id BIGINT PRIMARY KEY, snapshot_time TEXT, "
						+ "schema_version BIGINT, next_catalog_id BIGINT, next_file_id BIGINT)");
				s.execute("CREATE TABLE ducklake_snapshot_changes(snapshot_id BIGINT PRIMARY KEY, changes_made TEXT, "
						+ "author TEXT, commit_message TEXT, commit_extra_info TEXT)");
				s.execute("CREATE TABLE ducklake_data_file(data_file_id BIGINT PRIMARY KEY, table_id BIGINT, "
						+ "begin_snapshot BIGINT, end_snapshot BIGINT, file_order BIGINT, path TEXT, "
						+ "path_is_relative BOOLEAN, file_format TEXT, record_count BIGINT, file_size_bytes BIGINT, "
						+ "footer_size BIGINT, row_id_start BIGINT, partition_id BIGINT, encryption_key TEXT, "
						+ "partial_file_info TEXT, mapping_id BIGINT)");
				s.execute("CREATE TABLE ducklake_file_column_stats(data_file_id BIGINT, table_id BIGINT, "
						+ "column_id BIGINT, column_size_bytes BIGINT, value_count BIGINT, null_count BIGINT, "
						+ "min_value TEXT, max_value TEXT, contains_nan BOOLEAN, extra_stats TEXT)");
				s.execute("CREATE TABLE ducklake_table_stats(table_id BIGINT, record_count BIGINT, next_row_id BIGINT, "
						+ "file_size_bytes BIGINT)");
				s.execute("CREATE TABLE ducklake_table_column_stats(table_id BIGINT, column_id BIGINT, "
						+ "contains_null BOOLEAN, contains_nan BOOLEAN, min_value TEXT, max_value TEXT, extra_stats TEXT)");
				s.execute("INSERT INTO ducklake_snapshot VALUES (0, datetime('now'), 0, 2, 0)");
				s.execute("INSERT INTO ducklake_table_stats VALUES (1, 0, 0, 0)");
				for (int col = 1; col <= 4; col++)
					s.execute("INSERT INTO ducklake_table_column_stats VALUES (1, " + col + ", 0, NULL, NULL, NULL, NULL)");
			}
			c.setAutoCommit(false);
			for (int i = 0; i < commits; i++) {
				long t0 = System.nanoTime();
				long snap;
				long fileId;
				long rowStart;
				try (Statement s = c.createStatement();
						ResultSet r = s.executeQuery("SELECT snapshot_id, schema_version, next_catalog_id, "
								+ "next_file_id FROM ducklake_snapshot ORDER BY snapshot_id DESC LIMIT 1")) {
					r.next();
					snap = r.getLong(1) + 1;
					long schemaVersion = r.getLong(2);
					long nextCatalogId = r.getLong(3);
					fileId = r.getLong(4);
					r.close();
					try (ResultSet ts = s.executeQuery("SELECT next_row_id FROM ducklake_table_stats WHERE table_id=1")) {
						ts.next();
						rowStart = ts.getLong(1);
					}
					s.execute("INSERT INTO ducklake_snapshot VALUES (" + snap + ", datetime('now'), " + schemaVersion
							+ ", " + nextCatalogId + ", " + (fileId + 1) + ")");
					s.execute("INSERT INTO ducklake_snapshot_changes VALUES (" + snap
							+ ", 'inserted_into_table:1', NULL, NULL, NULL)");
				}
				try (PreparedStatement p = c.prepareStatement("INSERT INTO ducklake_data_file VALUES "
						+ "(?, 1, ?, NULL, NULL, ?, 1, 'parquet', 1000, 65536, NULL, ?, NULL, NULL, NULL, NULL)")) {
					p.setLong(1, fileId);
					p.setLong(2, snap);
					p.setString(3, "data/part-" + i + ".parquet");
					p.setLong(4, rowStart);
					p.execute();
				}
				try (PreparedStatement p = c.prepareStatement("INSERT INTO ducklake_file_column_stats VALUES "
						+ "(?, 1, ?, NULL, 1000, 0, ?, ?, NULL, NULL)");
						PreparedStatement u = c.prepareStatement("UPDATE ducklake_table_column_stats SET "
								+ "contains_null = 0, min_value = COALESCE(min_value, ?), max_value = ? "
								+ "WHERE table_id = 1 AND column_id = ?")) {
					for (int col = 1; col <= 4; col++) {
						p.setLong(1, fileId);
						p.setLong(2, col);
						p.setString(3, String.valueOf(i * 1000));
						p.setString(4, String.valueOf(i * 1000 + 999));
						p.execute();
						u.setString(1, String.valueOf(i * 1000));
						u.setString(2, String.valueOf(i * 1000 + 999));
						u.setLong(3, col);
						u.execute();
					}
				}
				try (Statement s = c.createStatement()) {
					s.execute("UPDATE ducklake_table_stats SET record_count = record_count + 1000, "
							+ "next_row_id = next_row_id + 1000, file_size_bytes = file_size_bytes + 65536 "
							+ "WHERE table_id = 1");
				}
				c.commit();
				out[i] = System.nanoTime() - t0;
			}
		}
		return out;
	}

	static void report(String what, long[] nanos) {
		System.out.printf("%s: %d commits, median %.2f ms, p95 %.2f ms per commit%n", what, nanos.length,
				pct(nanos, 50) / 1e6, pct(nanos, 95) / 1e6);
	}

	static double pct(long[] nanos, int p) {
		long[] s = nanos.clone();
		Arrays.sort(s);
		return s[Math.min(s.length - 1, (int) Math.ceil(p / 100.0 * s.length) - 1)];
	}
}
