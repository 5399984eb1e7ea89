import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/** See ducklake-bench. */
public class DuckLakeBench {

	static final String ROWS = "SELECT i AS id, 'region-' || (i % 17) AS region, (i % 1000) * 1.25 AS amount,"
			+ " i % 100 AS qty FROM range({n}) t(i)";
	static final String[][] QUERIES = { { "count", "SELECT count(*) FROM %s" },
			{ "sum one column", "SELECT sum(qty) FROM %s" },
			{ "selective filter", "SELECT count(*), sum(amount) FROM %s WHERE id BETWEEN 1000 AND 1200" } };
	// warm queries take a millisecond or two: enough of them that the median holds still from run to run
	static final int REPS = 201;
	static final int WARM = 100;

	public static void main(String[] a) throws Exception {
		long rows = Long.parseLong(a.length > 0 ? a[0] : "1000000");
		int singles = Integer.parseInt(a.length > 1 ? a[1] : "1000");
		Path tmp = Files.createTempDirectory("ducklake-bench");
		Path home = tmp.resolve("home");
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "local"), "local");
				Engine engine = new Engine(new EngineConfig(home, c, null, Clock.systemUTC(), 2048, 2, 20L << 30,
						Duration.ofHours(1), true));
				EngineSession s = engine.openSession("bench");
				Connection raw = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new java.util.Properties())) {
			exec(raw, "SET threads = 2");
			run(s, "ATTACH 'ducklake:sqlite:" + tmp.resolve("lake.sqlite") + "' AS lake (DATA_PATH '"
					+ tmp.resolve("files") + "')");
			run(s, "CREATE TABLE lake.big(id BIGINT, region VARCHAR, amount DECIMAL(18,2), qty INTEGER)");
			String source = ROWS.replace("{n}", Long.toString(rows));
			// INSERT vs DuckDB's own COPY of the same rows to one Parquet file, alternating
			double[] ins = new double[5];
			double[] copy = new double[5];
			for (int k = 0; k < ins.length; k++) {
				ins[k] = ms(() -> run(s, "INSERT INTO lake.big " + source));
				Path out = tmp.resolve("copy-" + k + ".parquet");
				copy[k] = ms(() -> exec(raw, "COPY (SELECT id::BIGINT AS id, region, amount::DECIMAL(18,2) AS amount,"
						+ " qty::INTEGER AS qty FROM (" + source + ")) TO '" + out + "' (FORMAT parquet)"));
			}
			Arrays.sort(ins);
			Arrays.sort(copy);
			System.out.printf("INSERT %d rows: ours %.0f ms, DuckDB COPY TO parquet %.0f ms, ratio %.2f (medians of %d)%n",
					rows, ins[2], copy[2], ins[2] / copy[2], ins.length);
			run(s, "CREATE TABLE lake.one AS SELECT * FROM lake.big LIMIT 0");
			run(s, "INSERT INTO lake.one " + source);
			List<String> files = new ArrayList<>();
			try (Result r = s.execute("SELECT data_file FROM ducklake_list_files('lake', 'one')")) {
				while (r.next()) {
					files.add("'" + r.text(0) + "'");
				}
			}
			String list = "read_parquet([" + String.join(", ", files) + "])";
			System.out.printf("%nwarm, medians, alternating: SELECT on the DuckLake table (1 file) vs raw read_parquet"
					+ " of its file%n");
			for (String[] q : QUERIES) {
				String ours = String.format(q[1], "lake.one");
				String theirs = String.format(q[1], list);
				compare(s, raw, q[0], ours, theirs);
			}
			// time travel: the file's snapshot read after a later insert (kept in the catalog) moved the table on
			String at;
			try (Result r = s.execute("SELECT max(snapshot_id) FROM ducklake_snapshots('lake')")) {
				r.next();
				at = r.text(0);
			}
			run(s, "INSERT INTO lake.one VALUES (-1, 'later', 0, 0)");
			compare(s, raw, "time travel sum", "SELECT sum(qty) FROM lake.one AT (VERSION => " + at + ")",
					"SELECT sum(qty) FROM " + list);
			// single-row commits, inlined (the default: the row goes into the catalog) and not (a file each),
			// alternating so that both meet the same machine
			run(s, "CREATE TABLE lake.small(i INTEGER, s VARCHAR)");
			run(s, "CREATE TABLE lake.files(i INTEGER, s VARCHAR)");
			run(s, "CALL ducklake_set_option('lake', 'data_inlining_row_limit', 0, table_name => 'files')");
			double[] inlined = new double[singles];
			double[] filed = new double[singles];
			for (int k = 0; k < singles; k++) {
				int i = k;
				inlined[k] = ms(() -> run(s, "INSERT INTO lake.small VALUES (" + i + ", 'x')"));
				filed[k] = ms(() -> run(s, "INSERT INTO lake.files VALUES (" + i + ", 'x')"));
			}
			Arrays.sort(inlined);
			Arrays.sort(filed);
			System.out.printf("%n%d single-row INSERTs on a SQLite catalog, one snapshot each:%n", singles);
			System.out.printf("  inlined (into the catalog)  median %5.1f ms, p95 %5.1f ms%n", inlined[singles / 2],
					inlined[(int) (singles * 0.95)]);
			System.out.printf("  not inlined (a file each)   median %5.1f ms, p95 %5.1f ms%n", filed[singles / 2],
					filed[(int) (singles * 0.95)]);
			System.out.printf("peak RSS so far: %d MB%n", peakRssKb() / 1024);
			merge(s, raw, tmp);
		}
	}

	/**
	 * ducklake_merge_adjacent_files over the small table's files (one per single-row INSERT) vs a raw DuckDB COPY of
	 * the same files into one Parquet file; the peak RSS of the merge alone (the peak reset before it, where Linux
	 * allows).
	 */
	static void merge(EngineSession s, Connection raw, Path tmp) throws Exception {
		List<String> files = new ArrayList<>();
		try (Result r = s.execute("SELECT data_file FROM ducklake_list_files('lake', 'files')")) {
			while (r.next()) {
				files.add("'" + r.text(0) + "'");
			}
		}
		Path out = tmp.resolve("raw-merge.parquet");
		String copy = "COPY (SELECT * FROM read_parquet([" + String.join(", ", files) + "])) TO '" + out
				+ "' (FORMAT parquet)";
		exec(raw, copy); // warms the page cache for both
		double rawMs = ms(() -> exec(raw, copy));
		boolean reset = resetPeakRss();
		double oursMs = ms(() -> run(s, "CALL ducklake_merge_adjacent_files('lake', 'files')"));
		long peak = peakRssKb() / 1024;
		int after = 0;
		try (Result r = s.execute("SELECT count(*) FROM ducklake_list_files('lake', 'files')")) {
			r.next();
			after = Integer.parseInt(r.text(0));
		}
		System.out.printf("%nducklake_merge_adjacent_files: %d files -> %d, ours %.0f ms, raw DuckDB COPY of the same"
				+ " files %.0f ms, ratio %.2f; peak RSS %s %d MB%n", files.size(), after, oursMs, rawMs, oursMs / rawMs,
				reset ? "during the merge" : "of the run", peak);
	}

	/** One warm query, ours and raw alternating after a warm-up: medians and their ratio. */
	static void compare(EngineSession s, Connection raw, String name, String ours, String theirs) throws Exception {
		for (int w = 0; w < WARM; w++) {
			run(s, ours);
			exec(raw, theirs);
		}
		double[] o = new double[REPS];
		double[] t = new double[REPS];
		for (int k = 0; k < REPS; k++) {
			o[k] = ms(() -> run(s, ours));
			t[k] = ms(() -> exec(raw, theirs));
		}
		Arrays.sort(o);
		Arrays.sort(t);
		System.out.printf("  %-17s ours %8.2f ms   raw %8.2f ms   ratio %.2f%n", name, o[REPS / 2], t[REPS / 2],
				o[REPS / 2] / t[REPS / 2]);
	}

	/** Resets VmHWM to the current RSS (Linux clear_refs 5); false when the kernel refuses. */
	static boolean resetPeakRss() {
		try {
			Files.writeString(Path.of("/proc/self/clear_refs"), "5");
			return true;
		} catch (Exception e) {
			return false;
		}
	}

	interface Work {
		void run() throws Exception;
	}

	static double ms(Work w) throws Exception {
		long t = System.nanoTime();
		w.run();
		return (System.nanoTime() - t) / 1e6;
	}

	static void run(EngineSession s, String sql) throws Exception {
		try (Result r = s.execute(sql)) {
			while (r.next()) {
				// drained
			}
		}
	}

	static void exec(Connection d, String sql) throws Exception {
		try (Statement st = d.createStatement()) {
			if (st.execute(sql)) {
				try (ResultSet r = st.getResultSet()) {
					while (r.next()) {
						// drained
					}
				}
			}
		}
	}

	static long peakRssKb() throws Exception {
		for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
			if (l.startsWith("VmHWM:")) {
				return Long.parseLong(l.replaceAll("[^0-9]", ""));
			}
		}
		return -1;
	}
}
