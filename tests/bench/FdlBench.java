import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Ref;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Transfer;
import io.lakestudio.fdl.Trust;
import io.lakestudio.fdl.VersionRecord;
import io.lakestudio.fdl.Writer;
import io.lakestudio.fdl.WorkingFolder;
import io.lakestudio.store.http.HttpStore;
import io.lakestudio.fdl.host.Access;
import io.lakestudio.fdl.host.Host;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * FDL over a host on loopback, in one run: what a commit + push of one changed table sends beside what changed, a
 * clone of a 100-version repository, log of 1,000 versions, and opening a version cold and warm. See fdl-bench.
 */
public class FdlBench {

	static final int TABLES = 10;

	/** Counts what goes over the wire: requests, and bytes of PUT bodies. */
	static final class Counting implements ObjectStore {
		final ObjectStore inner;
		final AtomicLong requests = new AtomicLong(), sent = new AtomicLong(), received = new AtomicLong();

		Counting(ObjectStore inner) {
			this.inner = inner;
		}

		public String describe() {
			return inner.describe();
		}

		public byte[] get(String p) throws StoreException {
			requests.incrementAndGet();
			byte[] b = inner.get(p);
			received.addAndGet(b.length);
			return b;
		}

		public byte[] get(String p, long o, int l) throws StoreException {
			requests.incrementAndGet();
			return inner.get(p, o, l);
		}

		public Optional<ObjectInfo> head(String p) throws StoreException {
			requests.incrementAndGet();
			return inner.head(p);
		}

		public List<ObjectInfo> list(String p) throws StoreException {
			requests.incrementAndGet();
			return inner.list(p);
		}

		public String put(String p, byte[] b, WriteCondition c) throws StoreException {
			requests.incrementAndGet();
			sent.addAndGet(b.length);
			return inner.put(p, b, c);
		}

		public void delete(String p) throws StoreException {
			requests.incrementAndGet();
			inner.delete(p);
		}

		public void delete(String p, String e) throws StoreException {
			requests.incrementAndGet();
			inner.delete(p, e);
		}

		void reset() {
			requests.set(0);
			sent.set(0);
			received.set(0);
		}
	}

	public static void main(String[] a) throws Exception {
		long rows = a.length > 0 ? Long.parseLong(a[0]) : 1_000_000;
		Path tmp = Files.createTempDirectory("fdl-bench");
		Signing key = Signing.generate();
		Trust trust = Trust.of(key.publicKey());
		MemoryStore backend = new MemoryStore();
		try (Host host = new Host(Repository.init(backend, "mem:/"), Access.of(Map.of("t", new Access.Who("b", true))),
				new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, Host.DEFAULT_MAX_BODY, Clock.systemUTC()).start()) {
			Counting wire = new Counting(new HttpStore(host.uri(), () -> "t"));
			Repository remote = new Repository(wire, host.uri().toString());

			// 1. commit + push of a version where one table of a 1,000,000-row catalog changed
			Path work = tmp.resolve("work");
			Path catalog = working(work, rows);
			Writer writer = new Writer(remote, key, "bench", Clock.systemUTC());
			writer.commit(catalog, "main", "load", tmp.resolve("t"), false);
			long firstSent = wire.sent.get();
			wire.reset();
			String changed = addFile(work, catalog, 3, rows / TABLES);
			long changedBytes = Files.size(work.resolve("files").resolve(changed));
			Writer.Committed c = new Writer(remote, key, "bench", Clock.systemUTC()).commit(catalog, "main", "one table",
					tmp.resolve("t"), false);
			long record = c.record().bytes().length, ref = new Ref(c.id()).bytes().length;
			long minimum = changedBytes + c.record().catalogSize() + record + ref;
			System.out.printf("commit + push, 1 of %d tables changed (%,d rows in all; first push sent %,d bytes):%n", TABLES, rows, firstSent);
			System.out.printf("  sent %,d bytes in %d requests; what changed: new data file %,d + catalog %,d + record %,d + ref %,d = %,d bytes%n",
					wire.sent.get(), wire.requests.get(), changedBytes, c.record().catalogSize(), record, ref, minimum);
			System.out.printf("  sent / changed = %.3f  (goal 1.000: only the new data file, the catalog, the record and the ref)%n",
					(double) wire.sent.get() / minimum);

			// 2. clone (every version, object and ref) of a 100-version repository
			for (int v = 2; v < 100; v++) {
				addFile(work, catalog, v % TABLES, 100);
				new Writer(remote, key, "bench", Clock.systemUTC()).commit(catalog, "main", "v" + v, tmp.resolve("t"), false);
			}
			wire.reset();
			long t0 = System.nanoTime();
			Repository clone = Repository.init(new MemoryStore(), "mem:/clone/");
			Transfer.Moved m = new Transfer(remote, clone).branch("main", false);
			long cloneMs = (System.nanoTime() - t0) / 1_000_000;
			System.out.printf("clone of a %d-version repository: %,d ms, %d objects, %,d bytes received in %d requests%n",
					m.versions(), cloneMs, m.objects(), wire.received.get(), wire.requests.get());

			// 2b. fdl clone of the same repository into a working folder: main's catalog and the data files it names
			wire.reset();
			t0 = System.nanoTime();
			WorkingFolder wf = WorkingFolder.clone(remote, host.uri().toString(), tmp.resolve("working-folder"), "main",
					new Reader(remote, trust, tmp.resolve("wf-cache")));
			long wfMs = (System.nanoTime() - t0) / 1_000_000;
			VersionRecord at = remote.record(wf.state().from(), null);
			long needed = at.catalogSize() + at.dataBytes();
			System.out.printf("fdl clone into a working folder (main of %d versions: catalog %,d + %d data files %,d bytes): %,d ms,"
					+ " %,d bytes received in %d requests (received / needed %.3f)%n", m.versions(), at.catalogSize(),
					at.dataFiles(), at.dataBytes(), wfMs, wire.received.get(), wire.requests.get(),
					(double) wire.received.get() / needed);

			// 3. log of 1,000 versions: records chained on one catalog, each read and its signature checked
			String parent = remote.resolve("main");
			VersionRecord head = remote.record(parent, trust);
			for (int i = 0; i < 900; i++) {
				VersionRecord r = new VersionRecord(List.of(parent), head.catalogSha256(), head.catalogSize(), "0.3",
						head.snapshot(), Instant.now(), "bench", key.publicKey(), "log " + i, head.dataFiles(), head.dataBytes(),
						null, null).signedBy(key);
				backend.put("versions/" + r.id(), r.bytes(), WriteCondition.IF_ABSENT);
				parent = r.id();
			}
			backend.put("refs/heads/log", new Ref(parent).bytes(), WriteCondition.IF_ABSENT);
			wire.reset();
			t0 = System.nanoTime();
			int n = 0;
			for (String id = remote.resolve("log"); id != null; n++) {
				VersionRecord r = remote.record(id, trust);
				id = r.parents().isEmpty() ? null : r.parents().get(0);
			}
			long logMs = (System.nanoTime() - t0) / 1_000_000;
			System.out.printf("log of %,d versions over HTTP: %,d ms (%.2f ms a version, %d requests)%n", n, logMs,
					(double) logMs / n, wire.requests.get());

			// 4. open a version cold (catalog fetched and hashed) and warm (the verified copy in the cache)
			Path cache = tmp.resolve("cache");
			t0 = System.nanoTime();
			new Reader(remote, trust, cache).open("main", false);
			long cold = System.nanoTime() - t0;
			long warm = Long.MAX_VALUE;
			for (int i = 0; i < 5; i++) {
				t0 = System.nanoTime();
				new Reader(remote, trust, cache).open("main", false);
				warm = Math.min(warm, System.nanoTime() - t0);
			}
			System.out.printf("open main: cold %.1f ms, warm %.1f ms (warm / cold %.2f)%n", cold / 1e6, warm / 1e6,
					(double) warm / cold);
		}
	}

	/** A DuckLake 0.3 SQLite working catalog: TABLES tables, rows/TABLES rows each, real Parquet by DuckDB. */
	static Path working(Path dir, long rows) throws Exception {
		Path catalog = dir.resolve("lake.sqlite");
		Files.createDirectories(dir.resolve("files"));
		try (Connection c = new org.sqlite.JDBC().connect("jdbc:sqlite:" + catalog, new java.util.Properties());
				Statement s = c.createStatement()) {
			s.execute("CREATE TABLE ducklake_metadata(key VARCHAR NOT NULL, value VARCHAR NOT NULL, scope VARCHAR, scope_id BIGINT)");
			s.execute("CREATE TABLE ducklake_snapshot(snapshot_id BIGINT PRIMARY KEY, snapshot_time TIMESTAMPTZ, schema_version BIGINT, next_catalog_id BIGINT, next_file_id BIGINT)");
			s.execute("CREATE TABLE ducklake_schema(schema_id BIGINT PRIMARY KEY, schema_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN)");
			s.execute("CREATE TABLE ducklake_table(table_id BIGINT, table_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_id BIGINT, table_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN)");
			s.execute("CREATE TABLE ducklake_data_file(data_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, file_order BIGINT, path VARCHAR, path_is_relative BOOLEAN, file_format VARCHAR, record_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, row_id_start BIGINT, partition_id BIGINT, encryption_key VARCHAR, partial_file_info VARCHAR, mapping_id BIGINT)");
			s.execute("CREATE TABLE ducklake_delete_file(delete_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, data_file_id BIGINT, path VARCHAR, path_is_relative BOOLEAN, format VARCHAR, delete_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, encryption_key VARCHAR)");
			s.execute("INSERT INTO ducklake_metadata(key, value) VALUES ('version', '0.3'), ('data_path', '" + dir.resolve("files") + "/')");
			s.execute("INSERT INTO ducklake_snapshot VALUES (0, datetime('now'), 0, 1, 0)");
			s.execute("INSERT INTO ducklake_schema VALUES (0, '" + UUID.randomUUID() + "', 0, NULL, 'main', 'main/', 1)");
			for (int t = 0; t < TABLES; t++)
				s.execute("INSERT INTO ducklake_table VALUES (" + (t + 1) + ", '" + UUID.randomUUID() + "', 0, NULL, 0, 't" + t + "', 't" + t + "/', 1)");
		}
		for (int t = 0; t < TABLES; t++)
			addFile(dir, catalog, t, rows / TABLES);
		return catalog;
	}

	static long nextId = 100;

	/** Writes rows into a new Parquet file of table t (by DuckDB) and names it in a new snapshot. */
	static String addFile(Path dir, Path catalog, int t, long rows) throws Exception {
		String name = "ducklake-" + UUID.randomUUID() + ".parquet";
		String rel = "main/t" + t + "/" + name;
		Path file = dir.resolve("files").resolve(rel);
		Files.createDirectories(file.getParent());
		try (Connection d = DriverManager.getConnection("jdbc:duckdb:"); Statement s = d.createStatement()) {
			s.execute("COPY (SELECT i AS id, i % 97 AS region, (i * 7919) % 100000 / 100.0 AS amount, md5(i::VARCHAR) AS note "
					+ "FROM range(" + (nextId * 1000) + ", " + (nextId * 1000 + rows) + ") t(i)) TO '" + file + "' (FORMAT parquet)");
		}
		long id = nextId++;
		try (Connection c = new org.sqlite.JDBC().connect("jdbc:sqlite:" + catalog, new java.util.Properties());
				Statement s = c.createStatement()) {
			long snap;
			try (var r = s.executeQuery("SELECT max(snapshot_id) + 1 FROM ducklake_snapshot")) {
				r.next();
				snap = r.getLong(1);
			}
			s.execute("INSERT INTO ducklake_snapshot VALUES (" + snap + ", datetime('now'), 0, 1, " + id + ")");
			s.execute("INSERT INTO ducklake_data_file(data_file_id, table_id, begin_snapshot, path, path_is_relative, file_format, record_count, file_size_bytes) VALUES ("
					+ id + ", " + (t + 1) + ", " + snap + ", '" + name + "', 1, 'parquet', " + rows + ", " + Files.size(file) + ")");
		}
		return rel;
	}
}
