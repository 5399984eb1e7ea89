package io.lakestudio.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.local.LocalFolderLake;
import io.lakestudio.samples.SampleLake;
import io.lakestudio.sync.SyncPass;

/** A local-folder lake synced into a catalog in a fresh state folder, and engines over it. */
public final class TestLake implements AutoCloseable {

	public final Path home;
	final Path root;
	public final Catalog catalog;
	final LocalFolderLake lake;

	private TestLake(Path home, Path root) {
		this(home, root, true);
	}

	private TestLake(Path home, Path root, boolean sync) {
		this.home = home;
		this.root = root;
		this.catalog = Catalogs.open(Catalogs.catalogFile(home, "test"), "test");
		this.lake = new LocalFolderLake(root);
		if (!sync) {
			return;
		}
		new SyncPass(catalog, lake, Clock.systemUTC(), new EventLog(home)).run(SyncPass.Options.ALL, w -> {
		}, () -> false);
	}

	public static TestLake sample(Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		SampleLake.write(root);
		return new TestLake(tmp.resolve("home"), root);
	}

	/** The sample lake with an empty catalog: nothing listed yet. */
	public static TestLake unsynced(Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		SampleLake.write(root);
		return new TestLake(tmp.resolve("home"), root, false);
	}

	public static TestLake of(Path tmp, Path root) {
		return new TestLake(tmp.resolve("home"), root);
	}

	public Engine engine() {
		return engine(lake.store(), false, Duration.ofMinutes(60));
	}

	public Engine engine(LakeStore store, boolean offline, Duration ttl) {
		return new Engine(new EngineConfig(home, catalog, store, Clock.systemUTC(), 1024, 2, 1L << 30, ttl, offline));
	}

	/** Copies the folder tree {@code from} (on any file system, a jar's too) into {@code to}; returns what it copied. */
	public static List<Path> copyTree(Path from, Path to) throws java.io.IOException {
		List<Path> copied = new ArrayList<>();
		try (java.util.stream.Stream<Path> s = Files.walk(from)) {
			for (Path p : (Iterable<Path>) s::iterator) {
				Path t = to.resolve(from.relativize(p).toString());
				if (Files.isDirectory(p)) {
					Files.createDirectories(t);
				} else {
					Files.copy(p, t);
					copied.add(t);
				}
			}
		}
		return copied;
	}

	/** Row count and checksum over the primitive columns, as the engine answers. */
	static KernelOracle.Answer read(Engine e, String sql) throws Exception {
		try (Result r = e.execute(sql, "test")) {
			return read(r);
		}
	}

	/** Row count and checksum over the primitive columns of an answer, a session's as well as the engine's. */
	static KernelOracle.Answer read(Result r) throws Exception {
		long n = 0;
		long sum = 0;
		List<String> cols = new ArrayList<>();
		List<String> skipped = new ArrayList<>();
		for (int c = 0; c < r.columnNames().size(); c++) {
			(Canon.primitive(r.columnTypes().get(c)) ? cols : skipped).add(r.columnNames().get(c));
		}
		while (r.next()) {
			n++;
			List<String> vals = new ArrayList<>();
			for (int c = 0; c < r.columnNames().size(); c++) {
				if (Canon.primitive(r.columnTypes().get(c))) {
					String type = r.columnTypes().get(c);
					// java.sql.Timestamp is Julian before 1582: ask for the proleptic LocalDateTime
					Object v = type.equals("TIMESTAMP") ? r.value(c, java.time.LocalDateTime.class) : r.value(c);
					vals.add(Canon.jdbc(v, type));
				}
			}
			sum += Canon.rowHash(vals);
		}
		return new KernelOracle.Answer(n, sum, cols, skipped);
	}

	public static List<List<String>> rows(Engine e, String sql) throws Exception {
		try (Result r = e.execute(sql, "test")) {
			List<List<String>> out = new ArrayList<>();
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int c = 0; c < r.columnNames().size(); c++) {
					row.add(r.text(c));
				}
				out.add(row);
			}
			return out;
		}
	}

	public static String one(Engine e, String sql) throws Exception {
		return rows(e, sql).get(0).get(0);
	}

	Path table(String rel) {
		Path p = root.resolve(rel);
		if (!Files.isDirectory(p.resolve("_delta_log"))) {
			throw new IllegalArgumentException("no table " + p);
		}
		return p;
	}

	/** An engine whose host asks {@code listings} for what the catalog lacks. */
	public Engine engine(Listings listings) {
		return new Engine(new EngineConfig(home, catalog, lake.store(), Clock.systemUTC(), 1024, 2, 1L << 30,
				Duration.ofMinutes(60), false), listings);
	}

	/** An engine on {@code clock} (tests of what happens when). */
	public Engine engine(Clock clock) {
		return new Engine(new EngineConfig(home, catalog, lake.store(), clock, 1024, 2, 1L << 30,
				Duration.ofMinutes(60), false));
	}

	@Override
	public void close() {
		catalog.close();
		lake.close();
	}
}
