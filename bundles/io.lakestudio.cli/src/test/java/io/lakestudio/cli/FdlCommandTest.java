package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.Ref;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.host.Access;
import io.lakestudio.fdl.host.Host;
import io.lakestudio.store.MemoryStore;

/** The fdl commands against a host on loopback: a session a user would type, with its outputs and exit codes. */
class FdlCommandTest {

	@TempDir
	Path home;

	final MemoryStore backend = new MemoryStore();
	Host host;
	String url;
	Path tokenFile;

	@BeforeEach
	void start() throws Exception {
		host = new Host(new Repository(backend, "mem:/"), Access.of(Map.of("s3cret", new Access.Who("ada", true))),
				new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, 1 << 24, Clock.systemUTC()).start();
		url = host.uri().toString();
		tokenFile = home.resolve("token");
		Files.writeString(tokenFile, "s3cret\n");
	}

	@AfterEach
	void stop() {
		host.close();
	}

	private CliRun fdl(String... args) {
		String[] all = new String[args.length + 1];
		all[0] = "fdl";
		System.arraycopy(args, 0, all, 1, args.length);
		return CliRun.run(home, all);
	}

	/** A DuckLake 0.3 SQLite catalog with one table and one data file, as the extension lays them out. */
	private Path workingCatalog() throws Exception {
		return workingCatalog(home.resolve("work"));
	}

	/** The same catalog in {@code dir}, for other tests. */
	static Path workingCatalog(Path dir) throws Exception {
		Path data = dir.resolve("files/main/t");
		Files.createDirectories(data);
		Files.write(data.resolve("ducklake-1.parquet"), new byte[777]);
		Path catalog = dir.resolve("lake.sqlite");
		try (Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + catalog);
				Statement s = c.createStatement()) {
			s.execute("CREATE TABLE ducklake_metadata(key VARCHAR NOT NULL, value VARCHAR NOT NULL, scope VARCHAR, scope_id BIGINT)");
			s.execute("CREATE TABLE ducklake_snapshot(snapshot_id BIGINT PRIMARY KEY, snapshot_time TIMESTAMPTZ, schema_version BIGINT, next_catalog_id BIGINT, next_file_id BIGINT)");
			s.execute("CREATE TABLE ducklake_schema(schema_id BIGINT PRIMARY KEY, schema_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN)");
			s.execute("CREATE TABLE ducklake_table(table_id BIGINT, table_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_id BIGINT, table_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN)");
			s.execute("CREATE TABLE ducklake_data_file(data_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, file_order BIGINT, path VARCHAR, path_is_relative BOOLEAN, file_format VARCHAR, record_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, row_id_start BIGINT, partition_id BIGINT, encryption_key VARCHAR, partial_file_info VARCHAR, mapping_id BIGINT)");
			s.execute("CREATE TABLE ducklake_delete_file(delete_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, data_file_id BIGINT, path VARCHAR, path_is_relative BOOLEAN, format VARCHAR, delete_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, encryption_key VARCHAR)");
			s.execute("INSERT INTO ducklake_metadata(key, value) VALUES ('version', '0.3'), ('data_path', '" + dir.resolve("files") + "/')");
			s.execute("INSERT INTO ducklake_snapshot VALUES (0, '2026-12-01', 0, 1, 0), (1, '2026-12-01', 1, 2, 1), (2, '2026-12-01', 1, 2, 2)");
			s.execute("INSERT INTO ducklake_schema VALUES (0, 'u0', 0, NULL, 'main', 'main/', 1)");
			s.execute("INSERT INTO ducklake_table VALUES (1, 'u1', 1, NULL, 0, 't', 't/', 1)");
			s.execute("INSERT INTO ducklake_data_file(data_file_id, table_id, begin_snapshot, path, path_is_relative, file_format, record_count, file_size_bytes) VALUES (1, 1, 2, 'ducklake-1.parquet', 1, 'parquet', 5, 777)");
		}
		return catalog;
	}

	@Test
	void aSessionInitCommitLogShowTagOpenVerifyWithdrawGc() throws Exception {
		String tf = "--token-file=" + tokenFile;
		CliRun none = fdl("init", url);
		assertEquals(3, none.exit, none.toString());
		assertTrue(none.err.contains("no valid bearer token"), none.toString());
		assertEquals(0, fdl("init", url, tf).exit);

		CliRun commit = fdl("commit", url, workingCatalog().toString(), "-m", "first load", "--author", "Ada", tf);
		assertEquals(0, commit.exit, commit.toString());
		String id = Ref.parse(backend.get("refs/heads/main"), "main").version();
		assertTrue(commit.out.startsWith(id + " on main: 1 data files named, 1 of them sent; "), commit.toString());
		assertEquals(777, backend.get("data/main/t/ducklake-1.parquet").length);

		CliRun log = fdl("log", url, tf);
		assertEquals(0, log.exit, log.toString());
		assertTrue(log.out.contains(id.substring(0, 12)) && log.out.contains("Ada") && log.out.contains("verified")
				&& log.out.contains("first load"), log.toString());

		CliRun show = fdl("show", url, "main", "--json", tf);
		assertTrue(show.out.contains("\"snapshot\" : 2") && show.out.contains("\"data_files\" : 1"), show.toString());

		assertEquals(0, fdl("tag", url, "v1", "main", tf).exit);
		CliRun again = fdl("tag", url, "v1", "main", tf);
		assertEquals(4, again.exit, "a tag that exists: not where it must be");
		assertTrue(again.err.contains("tags never move"), again.toString());

		CliRun open = fdl("open", url, "v1", tf);
		assertEquals(0, open.exit, open.toString());
		assertTrue(open.out.contains("data_path: " + url + "data/"), open.toString());

		CliRun verify = fdl("verify", url, tf);
		assertEquals(0, verify.exit, verify.toString());
		assertTrue(verify.out.contains("1 versions, 2 refs, 1 data files: all verified"), verify.toString());

		assertEquals(2, fdl("withdraw", url, "main", tf).exit, "--why is required");
		assertEquals(0, fdl("withdraw", url, "main", "--why", "wrong tenant", tf).exit);
		CliRun refused = fdl("open", url, tf);
		assertEquals(3, refused.exit);
		assertTrue(refused.err.contains("wrong tenant"), refused.toString());
		assertEquals(0, fdl("open", url, "--force", tf).exit);

		// another user does not trust Ada's key until told to
		Path other = home.resolve("other");
		CliRun untrusted = CliRun.run(other, "fdl", "open", url, tf, "--force");
		assertEquals(3, untrusted.exit);
		assertTrue(untrusted.err.contains("not trusted"), untrusted.toString());
		String key = fdl("keys").out.strip();
		assertEquals(0, CliRun.run(other, "fdl", "keys", "--trust", key, "--name", "Ada").exit);
		assertEquals(0, CliRun.run(other, "fdl", "open", url, tf, "--force").exit);

		// a second host: main pushed to it, with its versions
		try (Host second = new Host(new Repository(new MemoryStore(), "mem:/2/"), Access.of(Map.of("s3cret",
				new Access.Who("ada", true))), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, 1 << 24,
				Clock.systemUTC()).start()) {
			String url2 = second.uri().toString();
			assertEquals(0, fdl("init", url2, tf).exit);
			CliRun push = fdl("push", url, url2, tf);
			assertEquals(0, push.exit, push.toString());
			assertTrue(push.out.startsWith("main -> " + id + ": 1 versions, 4 objects"), push.toString()); // data file, catalog, record, withdrawal
			assertTrue(fdl("push", url, url2, tf).out.contains("0 versions, 0 objects"));
			assertEquals(0, fdl("verify", url2, tf).exit);
		}

		CliRun missing = fdl("show", url, "nope", tf);
		assertEquals(1, missing.exit, missing.toString());
		assertEquals(2, fdl("frobnicate").exit);
	}
}
