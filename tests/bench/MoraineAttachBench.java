import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.CatalogSnapshot;
import io.lakestudio.moraine.Catalog;
import io.lakestudio.moraine.ColumnDef;
import io.lakestudio.moraine.ColumnId;
import io.lakestudio.moraine.CompactStoreRequest;
import io.lakestudio.moraine.CensusRequest;
import io.lakestudio.moraine.DataFile;
import io.lakestudio.moraine.ObjectStoreTally;
import io.lakestudio.moraine.ReadOnlyCatalog;
import io.lakestudio.moraine.SchemaId;
import io.lakestudio.moraine.StoreCensus;
import io.lakestudio.moraine.TableId;
import io.lakestudio.moraine.TableInfo;
import io.lakestudio.store.FolderStore;

/**
 * Attach time of a moraine store with many commits, before and after compactStore, beside a fresh store's (the
 * goal: within 2x of fresh after compaction). An attach is what a DuckLake ATTACH reads: a following reader opened
 * on the folder, then the head's schemas, tables and columns; timed over several attaches (median), each also
 * counted in object-store requests; the two stores are attached in turn, after a warm-up. The many-commit store
 * is built with one data file registered per commit (as DuckLake's INSERTs commit), each its own durable write.
 */
public class MoraineAttachBench {

	static final int ATTACHES = 9;

	static void run(Path dir, int commits) throws Exception {
		Path fresh = dir.resolve("fresh");
		Path many = dir.resolve("many");
		build(fresh, 1);
		long t0 = System.nanoTime();
		build(many, commits);
		System.out.printf("%nattach: built a store of %d commits in %.1f s%n", commits, (System.nanoTime() - t0) / 1e9);

		attach(fresh); // warm-up: the first attaches of a JVM pay its class loading and JIT
		attach(many);
		double[][] before = alternate(fresh, many);
		census("fresh store", fresh);
		report("fresh store (1 table, 1 commit)", before[0], before[0]);
		census(commits + " commits, before compactStore", many);
		report(commits + " commits, before compactStore", before[1], before[0]);
		try (Catalog c = Catalog.open(new FolderStore(many), CatalogOptions.defaults())) {
			long c0 = System.nanoTime();
			c.compactStore(CompactStoreRequest.defaults());
			System.out.printf("  compactStore: %.1f ms%n", (System.nanoTime() - c0) / 1e6);
		}
		double[][] after = alternate(fresh, many);
		census(commits + " commits, after compactStore", many);
		report("fresh store, measured beside it", after[0], after[0]);
		report(commits + " commits, after compactStore", after[1], after[0]);
		System.out.printf("attach ratio many-commit store / fresh: after compaction %.2f (goal <= 2.00), before %.2f%n",
				after[1][0] / after[0][0], before[1][0] / before[0][0]);
	}

	/** Attaches of the two stores in turn (so load and JIT state fall on both alike): each one's medians. */
	static double[][] alternate(Path a, Path b) throws Exception {
		double[][] ra = new double[2][ATTACHES];
		double[][] rb = new double[2][ATTACHES];
		for (int i = 0; i < ATTACHES; i++) {
			double[] x = attachOnce(a);
			double[] y = attachOnce(b);
			ra[0][i] = x[0];
			ra[1][i] = x[1];
			rb[0][i] = y[0];
			rb[1][i] = y[1];
		}
		return new double[][] { medians(ra), medians(rb) };
	}

	static double[] medians(double[][] r) {
		for (double[] d : r)
			Arrays.sort(d);
		return new double[] { r[0][ATTACHES / 2], r[1][ATTACHES / 2] };
	}

	static void build(Path folder, int commits) throws Exception {
		try (Catalog c = Catalog.open(new FolderStore(folder), CatalogOptions.defaults())) {
			c.commit(tx -> {
				SchemaId s = tx.createSchema("sales");
				tx.createTable(s, "orders", List.of(ColumnDef.of("id", "BIGINT"), ColumnDef.of("day", "DATE"),
						ColumnDef.of("customer", "VARCHAR"), ColumnDef.of("total", "DOUBLE")));
			});
			TableId t = c.snapshot().tableByName("sales", "orders").orElseThrow().id();
			List<ColumnId> cols = c.snapshot().columns(t).stream().map(x -> x.id()).toList();
			for (int i = 1; i < commits; i++) {
				int n = i;
				c.commit(tx -> tx.addDataFile(DataFile.parquet(t, "data/part-" + n + ".parquet", 1000, 65536)
						.withStats(MoraineBench.stats(cols, n))));
			}
		}
	}

	/** Median attach time (ms) and median requests per attach. */
	static double[] attach(Path folder) throws Exception {
		double[][] r = new double[2][ATTACHES];
		for (int i = 0; i < ATTACHES; i++) {
			double[] x = attachOnce(folder);
			r[0][i] = x[0];
			r[1][i] = x[1];
		}
		return medians(r);
	}

	/** One attach: its time (ms) and its object-store requests. */
	static double[] attachOnce(Path folder) throws Exception {
		long t0 = System.nanoTime();
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(new FolderStore(folder), CatalogOptions.defaults());
				CatalogSnapshot head = r.snapshot()) {
			int columns = 0;
			head.schemas();
			for (TableInfo t : head.tables())
				columns += head.columns(t.id()).size();
			double ms = (System.nanoTime() - t0) / 1e6;
			if (columns != 4)
				throw new AssertionError("the attach read " + columns + " columns");
			return new double[] { ms, r.objectStoreTally().requests() };
		}
	}

	static void census(String what, Path folder) throws Exception {
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(new FolderStore(folder), CatalogOptions.defaults())) {
			StoreCensus c = r.storeCensus(CensusRequest.defaults());
			int ssts = c.subspaces().stream().mapToInt(s -> s.ssts()).sum();
			int runs = c.subspaces().stream().mapToInt(s -> s.sortedRuns() + s.l0Ssts()).sum();
			System.out.printf("  %s: %d SSTs, %d runs+L0s, %d KB in SSTs, %d WAL objects, %d KB unaccounted%n", what,
					ssts, runs, c.objects().sstBytes() / 1024, c.objects().walObjects(), c.unaccountedBytes() / 1024);
		}
	}

	static void report(String what, double[] figures, double[] fresh) {
		System.out.printf("attach %s: median %.2f ms (%.2fx fresh), %.0f object requests%n", what, figures[0],
				figures[0] / fresh[0], figures[1]);
	}
}
