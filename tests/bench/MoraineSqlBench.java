import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * moraine-bench's SQL phases: the same SQL on a DuckLake catalog in a moraine folder store and in a SQLite file,
 * in one engine session, phase by phase alternating the two: bulk_load, small_commits (median, p95),
 * many_tables, scans (full, filtered, time travel, snapshot listing); the ratio moraine / SQLite of each; and the
 * objects the moraine store wrote per small commit (files created, replaced or removed in its folder).
 */
public class MoraineSqlBench {

	static EngineSession s;

	public static void main(String[] a) throws Exception {
		long rows = Long.parseLong(a.length > 0 ? a[0] : "1000000");
		int commits = Integer.parseInt(a.length > 1 ? a[1] : "1000");
		int tables = Integer.parseInt(a.length > 2 ? a[2] : "200");
		Path tmp = Files.createTempDirectory("moraine-sql-bench");
		Path home = tmp.resolve("home");
		Path store = tmp.resolve("lake.moraine");
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "local"), "local");
				Engine engine = new Engine(new EngineConfig(home, c, null, Clock.systemUTC(), 2048, 2, 20L << 30,
						Duration.ofHours(1), true));
				EngineSession session = engine.openSession("bench")) {
			s = session;
			run("ATTACH 'ducklake:moraine:" + store + "' AS m (DATA_PATH '" + tmp.resolve("m-files") + "')");
			run("ATTACH 'ducklake:sqlite:" + tmp.resolve("lake.sqlite") + "' AS q (DATA_PATH '" + tmp.resolve("q-files")
					+ "')");
			System.out.printf("moraine SQL phases: %d rows, %d single-row commits, %d tables (ratio = moraine / SQLite;"
					+ " medians)%n", rows, commits, tables);
			String source = "SELECT i AS id, 'region-' || (i % 17) AS region, (i % 1000) * 1.25 AS amount FROM range("
					+ rows + ") t(i)";
			for (String cat : new String[] { "m", "q" }) {
				run("CREATE TABLE " + cat + ".big(id BIGINT, region VARCHAR, amount DECIMAL(18,2))");
			}
			double[][] bulk = alternate(3, cat -> run("INSERT INTO " + cat + ".big " + source));
			line("bulk_load " + rows + " rows (INSERT ... SELECT)", bulk, 50);

			for (String cat : new String[] { "m", "q" }) {
				run("CREATE TABLE " + cat + ".small(i INTEGER, s VARCHAR)");
			}
			double[][] small = new double[2][commits];
			// what the moraine store was sent: WAL and manifest objects are numbered in sequence (the highest number
			// seen, before and after), SSTs by name (every one seen between commits); the lease rewrites one object
			Objects seen = new Objects(store);
			for (int i = 0; i < commits; i++) {
				int n = i;
				small[0][i] = ms(() -> run("INSERT INTO m.small VALUES (" + n + ", 'x')"));
				seen.look();
				small[1][i] = ms(() -> run("INSERT INTO q.small VALUES (" + n + ", 'x')"));
			}
			line("small_commits: one single-row INSERT", small, 50);
			line("small_commits p95", small, 95);
			System.out.printf("  moraine objects written per commit: %.2f WAL, %.2f manifest, %.2f SST (over %d commits)%n",
					seen.wal() / (double) commits, seen.manifest() / (double) commits, seen.ssts() / (double) commits,
					commits);

			double[][] ddl = new double[2][1];
			ddl[0][0] = ms(() -> {
				for (int i = 0; i < tables; i++) {
					run("CREATE TABLE m.t" + i + "(a INTEGER, b VARCHAR)");
				}
			});
			ddl[1][0] = ms(() -> {
				for (int i = 0; i < tables; i++) {
					run("CREATE TABLE q.t" + i + "(a INTEGER, b VARCHAR)");
				}
			});
			line("many_tables: " + tables + " CREATE TABLE (total)", ddl, 50);

			line("scan full: sum(amount) of big", alternate(7, cat -> one("SELECT sum(amount) FROM " + cat + ".big")), 50);
			line("scan filtered: id BETWEEN 1000 AND 1200", alternate(7, cat -> one("SELECT count(*), sum(amount) FROM "
					+ cat + ".big WHERE id BETWEEN 1000 AND 1200")), 50);
			line("scan time travel: big AT (VERSION => 2)", alternate(7, cat -> one("SELECT count(*) FROM " + cat
					+ ".big AT (VERSION => 2)")), 50);
			line("snapshot listing: count(*) of ducklake_snapshots", alternate(7, cat -> one(
					"SELECT count(*) FROM ducklake_snapshots('" + cat + "')")), 50);
			if (!one("SELECT count(*) FROM m.big").equals(one("SELECT count(*) FROM q.big"))
					|| !one("SELECT count(*) FROM m.small").equals(one("SELECT count(*) FROM q.small"))) {
				throw new IllegalStateException("the two catalogs answer differently");
			}
			// maintenance, once each (it can't be repeated on the same state): the single-row commits' files merged,
			// every snapshot but the last expired, the files that left the catalog deleted
			line("maintenance: merge_adjacent_files (" + commits + " small files)", once(cat -> run(
					"CALL ducklake_merge_adjacent_files('" + cat + "', 'small')")), 50);
			line("maintenance: expire_snapshots older_than now()", once(cat -> run(
					"CALL ducklake_expire_snapshots('" + cat + "', older_than => now())")), 50);
			line("maintenance: cleanup_old_files cleanup_all", once(cat -> run(
					"CALL ducklake_cleanup_old_files('" + cat + "', cleanup_all => true)")), 50);
			if (!one("SELECT count(*), sum(i) FROM m.small").equals(one("SELECT count(*), sum(i) FROM q.small"))
					|| !one("SELECT count(*) FROM ducklake_list_files('m', 'small')")
							.equals(one("SELECT count(*) FROM ducklake_list_files('q', 'small')"))) {
				throw new IllegalStateException("the two catalogs answer differently after maintenance");
			}
			System.out.printf("  after maintenance: small has %s rows in %s files on each%n",
					one("SELECT count(*) FROM m.small").replace("|", ""),
					one("SELECT count(*) FROM ducklake_list_files('m', 'small')").replace("|", ""));
		}
	}

	interface Work {
		void run(String catalog) throws Exception;
	}

	interface Timed {
		void run() throws Exception;
	}

	static double[][] alternate(int reps, Work w) throws Exception {
		double[][] t = new double[2][reps];
		for (int i = 0; i < reps; i++) {
			t[0][i] = ms(() -> w.run("m"));
			t[1][i] = ms(() -> w.run("q"));
		}
		return t;
	}

	static double[][] once(Work w) throws Exception {
		return new double[][] { { ms(() -> w.run("m")) }, { ms(() -> w.run("q")) } };
	}

	static void line(String phase, double[][] t, int pct) {
		double m = pct(t[0], pct), q = pct(t[1], pct);
		System.out.printf("  %-50s moraine %9.2f ms  SQLite %9.2f ms  ratio %.2f%n", phase, m, q, m / q);
	}

	static double pct(double[] v, int p) {
		double[] c = v.clone();
		Arrays.sort(c);
		return c[Math.min(c.length - 1, (int) Math.ceil(p / 100.0 * c.length) - 1)];
	}

	static double ms(Timed t) throws Exception {
		long start = System.nanoTime();
		t.run();
		return (System.nanoTime() - start) / 1e6;
	}

	static void run(String sql) throws Exception {
		try (Result r = s.execute(sql)) {
			while (r.next()) {
				// drain
			}
		}
	}

	static String one(String sql) throws Exception {
		try (Result r = s.execute(sql)) {
			StringBuilder b = new StringBuilder();
			while (r.next()) {
				for (int i = 0; i < r.columnNames().size(); i++) {
					b.append(r.text(i)).append('|');
				}
			}
			return b.toString();
		}
	}

	/** The objects of a folder store, looked at between commits. */
	static final class Objects {
		final Path store;
		final long wal0, manifest0;
		long wal, manifest;
		final java.util.Set<String> ssts0, ssts = new java.util.HashSet<>();

		Objects(Path store) throws Exception {
			this.store = store;
			wal0 = wal = highest("wal");
			manifest0 = manifest = highest("manifest");
			ssts0 = listing(store.resolve("sst")).keySet();
		}

		long highest(String dir) throws Exception {
			long max = -1;
			if (Files.isDirectory(store.resolve(dir))) {
				try (Stream<Path> w = Files.list(store.resolve(dir))) {
					for (Path p : w.toList()) {
						if (p.getFileName().toString().matches("\\d+")) {
							max = Math.max(max, Long.parseLong(p.getFileName().toString()));
						}
					}
				}
			}
			return max;
		}

		void look() throws Exception {
			wal = Math.max(wal, highest("wal"));
			manifest = Math.max(manifest, highest("manifest"));
			for (String k : listing(store.resolve("sst")).keySet()) {
				if (!ssts0.contains(k)) {
					ssts.add(k);
				}
			}
		}

		long wal() {
			return wal - wal0;
		}

		long manifest() {
			return manifest - manifest0;
		}

		long ssts() {
			return ssts.size();
		}
	}

	static Map<String, String> listing(Path store) throws Exception {
		Map<String, String> out = new HashMap<>();
		if (!Files.isDirectory(store)) {
			return out;
		}
		try (Stream<Path> w = Files.walk(store)) {
			for (Path p : w.filter(Files::isRegularFile).toList()) {
				out.put(store.relativize(p).toString(), Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis());
			}
		}
		return out;
	}
}
