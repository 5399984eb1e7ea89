package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * Issue 10 §5: a writer killed with SIGKILL at random moments of its INSERTs, DELETEs and transactions, 50 times,
 * on one SQLite catalog. After all of them the catalog passes {@code PRAGMA integrity_check}, every snapshot
 * reads, with as many rows as a plain DuckDB counts over the files the catalog names at it, and no catalog row
 * names a missing file (orphan files, written before a commit that never came, are allowed and counted). Then a
 * new writer still commits. (Compaction is not on main yet, so it is not among the statements killed.)
 */
class DuckLakeKillTest {

	private static final int KILLS = 50;

	@TempDir
	Path dir;

	@Test
	@Timeout(value = 20, unit = TimeUnit.MINUTES)
	void aWriterKilledFiftyTimesLeavesAConsistentCatalog() throws Exception {
		Path meta = dir.resolve("lake.sqlite");
		Path data = dir.resolve("files");
		String url = "ducklake:sqlite:" + meta;
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(dir.resolve("state"), "k"), "k");
				Engine engine = engine(dir.resolve("state"), c); EngineSession s = engine.openSession("t")) {
			s.execute("ATTACH '" + url + "' AS lake (DATA_PATH '" + data + "', DATA_INLINING_ROW_LIMIT 0)").close();
			s.execute("CREATE TABLE lake.t(i BIGINT, s VARCHAR)").close();
			s.execute("INSERT INTO lake.t SELECT range, 'first' FROM range(1000)").close();
		}
		Random random = new Random(10);
		List<Integer> statements = new ArrayList<>();
		for (int round = 0; round < KILLS; round++) {
			Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
					"--enable-native-access=ALL-UNNAMED", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
					System.getProperty("java.class.path"), "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
					KillWriterMain.class.getName(), dir.resolve("state").toString(), url, data.toString(),
					Long.toString(round)).redirectErrorStream(true).start();
			AtomicInteger done = new AtomicInteger(-1);
			AtomicLong lastDone = new AtomicLong();
			AtomicLong pace = new AtomicLong(TimeUnit.MILLISECONDS.toNanos(500));
			AtomicReference<String> last = new AtomicReference<>("");
			Thread reader = new Thread(() -> {
				try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
						StandardCharsets.UTF_8))) {
					for (String line; (line = r.readLine()) != null;) {
						last.set(line);
						long now = System.nanoTime();
						if (line.equals("ready")) {
							lastDone.set(now);
							done.compareAndSet(-1, 0);
						} else if (line.startsWith("done ")) {
							pace.set(now - lastDone.getAndSet(now));
							done.set(Integer.parseInt(line.substring(5)) + 1);
						}
					}
				} catch (java.io.IOException e) {
					// killed
				}
			});
			reader.start();
			// a kill inside one of its first statements (a write, a commit) or between two: after `after` of them,
			// within the time one took on this machine, so a slow machine moves the moment, not the statement
			int after = random.nextInt(3);
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
			while (done.get() < after && p.isAlive() && System.nanoTime() < deadline) {
				Thread.sleep(5);
			}
			assertTrue(p.isAlive() && done.get() >= after, "round " + round + ": the writer never ran " + after
					+ " statements: " + last.get());
			Thread.sleep(random.nextLong(Math.max(1, TimeUnit.NANOSECONDS.toMillis(after == 0 ? 1500 : pace.get()
					* 3 / 2))));
			p.destroyForcibly(); // SIGKILL on Linux
			p.waitFor(30, TimeUnit.SECONDS);
			reader.join(5000);
			statements.add(done.get());
		}

		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement()) {
			try (ResultSet r = st.executeQuery("PRAGMA integrity_check")) {
				r.next();
				assertEquals("ok", r.getString(1));
			}
		}
		Set<Path> named = namedFiles(meta);
		for (Path f : named) {
			assertTrue(Files.isRegularFile(f), "the catalog names a missing file: " + f);
		}
		Set<Path> onDisk = new HashSet<>();
		try (Stream<Path> all = Files.walk(data)) {
			all.filter(Files::isRegularFile).forEach(f -> onDisk.add(f.toAbsolutePath().normalize()));
		}
		onDisk.removeAll(named);
		System.out.println("DuckLakeKillTest: " + KILLS + " kills, statements done before each: " + statements + "; "
				+ named.size() + " files named by the catalog, " + onDisk.size() + " orphan files");

		List<Long> snapshots = new ArrayList<>();
		long created;
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement()) {
			try (ResultSet r = st.executeQuery("SELECT snapshot_id FROM ducklake_snapshot ORDER BY 1")) {
				while (r.next()) {
					snapshots.add(r.getLong(1));
				}
			}
			try (ResultSet r = st.executeQuery("SELECT begin_snapshot FROM ducklake_table WHERE table_name = 't'")) {
				r.next();
				created = r.getLong(1);
			}
		}
		assertTrue(snapshots.size() > 3, "writers committed: " + snapshots);
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(dir.resolve("state"), "k"), "k");
				Engine engine = engine(dir.resolve("state"), c); EngineSession s = engine.openSession("t")) {
			s.execute("ATTACH '" + url + "' AS lake (DATA_PATH '" + data + "', DATA_INLINING_ROW_LIMIT 0)").close();
			for (long id : snapshots) {
				if (id < created) {
					continue;
				}
				long ours = count(s, "SELECT count(*) FROM lake.t AT (VERSION => " + id + ")");
				assertEquals(rawCount(meta, id), ours, "snapshot " + id);
			}
			// and the catalog still takes a commit
			long before = count(s, "SELECT count(*) FROM lake.t");
			s.execute("INSERT INTO lake.t VALUES (-1, 'after')").close();
			assertEquals(before + 1, count(s, "SELECT count(*) FROM lake.t"));
		}
	}

	private static Engine engine(Path home, Catalog c) {
		return DuckLakeEngines.small(home, c);
	}

	private static long count(EngineSession s, String sql) throws Exception {
		try (Result r = s.execute(sql)) {
			assertTrue(r.next());
			return Long.parseLong(r.text(0));
		}
	}

	/** Every data and delete file a row of the catalog names, whatever its snapshots. */
	private static Set<Path> namedFiles(Path meta) throws Exception {
		Set<Path> out = new HashSet<>();
		for (String table : List.of("ducklake_data_file", "ducklake_delete_file")) {
			for (String f : files(meta, table, null)) {
				out.add(Path.of(f).toAbsolutePath().normalize());
			}
		}
		return out;
	}

	/** The absolute paths of a file table's rows, those visible at {@code snapshot} when it is not null. */
	private static List<String> files(Path meta, String table, Long snapshot) throws Exception {
		List<String> out = new ArrayList<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement()) {
			String dataPath;
			try (ResultSet r = st.executeQuery("SELECT value FROM ducklake_metadata WHERE key = 'data_path'")) {
				r.next();
				dataPath = r.getString(1);
			}
			String vis = snapshot == null ? "" : " AND f.begin_snapshot <= " + snapshot + " AND (f.end_snapshot IS NULL"
					+ " OR f.end_snapshot > " + snapshot + ")";
			try (ResultSet r = st.executeQuery("SELECT f.path_is_relative, sc.path, t.path, f.path FROM " + table
					+ " f JOIN ducklake_table t ON t.table_id = f.table_id AND t.end_snapshot IS NULL JOIN ducklake_schema"
					+ " sc ON sc.schema_id = t.schema_id AND sc.end_snapshot IS NULL WHERE true" + vis)) {
				while (r.next()) {
					out.add(r.getBoolean(1) ? dataPath + r.getString(2) + r.getString(3) + r.getString(4)
							: r.getString(4));
				}
			}
		}
		return out;
	}

	/** The table's rows at a snapshot as a plain DuckDB counts them: its data files' rows less its deletes'. */
	private static long rawCount(Path meta, long snapshot) throws Exception {
		List<String> data = files(meta, "ducklake_data_file", snapshot);
		List<String> deletes = files(meta, "ducklake_delete_file", snapshot);
		try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement st = duck.createStatement()) {
			long rows = data.isEmpty() ? 0 : one(st, "SELECT count(*) FROM read_parquet(" + list(data) + ")");
			long gone = 0;
			for (String f : deletes) {
				// a delete file with partial_max names per row the snapshot that deleted it (none: partial_max's)
				Long max = partialMax(meta, f);
				gone += one(st, "SELECT count(*) FROM read_parquet('" + f + "')" + (max == null ? "" : " WHERE"
						+ " coalesce(_ducklake_internal_snapshot_id, " + max + ") <= " + snapshot));
			}
			return rows - gone;
		}
	}

	private static Long partialMax(Path meta, String file) throws Exception {
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + meta); Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT path, partial_max FROM ducklake_delete_file")) {
			while (r.next()) {
				if (file.endsWith(r.getString(1))) {
					long max = r.getLong(2);
					return r.wasNull() ? null : max;
				}
			}
		}
		return null;
	}

	private static String list(List<String> files) {
		return "['" + String.join("', '", files) + "']";
	}

	private static long one(Statement st, String sql) throws Exception {
		try (ResultSet r = st.executeQuery(sql)) {
			r.next();
			return r.getLong(1);
		}
	}
}
