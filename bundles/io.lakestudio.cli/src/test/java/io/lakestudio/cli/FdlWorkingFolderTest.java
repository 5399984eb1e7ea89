package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.Ref;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.VersionRecord;
import io.lakestudio.fdl.host.Access;
import io.lakestudio.fdl.host.Host;
import io.lakestudio.store.FolderStore;

/**
 * A user's session with working folders: clone of an empty repository, SQL on the working catalog, commit, a clone
 * elsewhere checked against the repository's bytes and a plain DuckDB's read of its Parquet files, diff, the loser
 * of two commits told to pull, branches and requests, and a clone and ATTACH through a host on loopback.
 */
class FdlWorkingFolderTest {

	@TempDir
	Path dir;

	private CliRun fdl(String... args) {
		String[] all = new String[args.length + 1];
		all[0] = "fdl";
		System.arraycopy(args, 0, all, 1, args.length);
		return CliRun.run(dir.resolve("home"), all);
	}

	private CliRun ok(String... args) {
		CliRun r = fdl(args);
		assertEquals(0, r.exit, String.join(" ", args) + ": " + r);
		return r;
	}

	@Test
	void cloneCommitCloneElsewhereDiffPullBranchRequest() throws Exception {
		Path repo = dir.resolve("repo"), w1 = dir.resolve("w1"), w2 = dir.resolve("w2");
		ok("init", repo.toString());
		CliRun empty = ok("clone", repo.toString(), w1.toString());
		assertTrue(empty.out.contains("an empty repository"), empty.toString());
		assertTrue(Files.isRegularFile(w1.resolve("lake.sqlite")), "an empty repository's clone has a working catalog");
		String work1 = "--work=" + w1;

		ok("sql", work1, "SET ducklake_default_data_inlining_row_limit = 0; CREATE TABLE sales(id BIGINT, region VARCHAR); INSERT INTO sales VALUES (1, 'north'), (2, 'south')");
		CliRun status = ok("status", work1);
		assertTrue(status.out.contains("snapshots not committed"), status.toString());
		CliRun first = ok("commit", work1, "-m", "first load", "--author", "Ada");
		String v1 = Ref.parse(Files.readAllBytes(repo.resolve("refs/heads/main")), "main").version();
		assertTrue(first.out.startsWith(v1 + " on main"), first.toString());
		assertTrue(ok("status", work1).out.contains("nothing to commit"));
		assertEquals(4, fdl("commit", work1, "-m", "again").exit, "nothing to commit is refused");

		// a clone elsewhere: the frozen catalog's bytes, the repository's data files, the rows a plain DuckDB reads
		CliRun clone = ok("clone", repo.toString(), w2.toString(), "--json");
		assertTrue(clone.out.contains(v1), clone.toString());
		Repository r = new Repository(new FolderStore(repo), repo + "/");
		VersionRecord rec1 = r.record(v1, null);
		assertEquals(rec1.catalogSha256(), VersionRecord.sha256(Files.readAllBytes(w2.resolve("lake.sqlite"))));
		List<Path> parquet = parquet(w2.resolve("data"));
		assertTrue(!parquet.isEmpty());
		for (Path p : parquet)
			assertArrayEquals(Files.readAllBytes(repo.resolve(w2.relativize(p))), Files.readAllBytes(p));
		assertEquals(List.of("1 north", "2 south"), rawRows(parquet));
		CliRun read = ok("sql", "--work=" + w2, "--csv", "SELECT id, region FROM sales ORDER BY id");
		assertEquals("id,region\n1,north\n2,south\n", read.out);

		// w2 commits first; w1, which started from the same version, is told to pull
		ok("sql", "--work=" + w2, "SET ducklake_default_data_inlining_row_limit = 0; INSERT INTO sales VALUES (3, 'east')");
		ok("commit", "--work=" + w2, "-m", "east");
		String v2 = r.resolve("main");
		ok("sql", work1, "DELETE FROM sales WHERE id = 1");
		CliRun lost = fdl("commit", work1, "-m", "drop north");
		assertEquals(4, lost.exit, lost.toString());
		assertTrue(lost.err.contains("pull"), lost.toString());
		assertEquals(v2, r.resolve("main"), "the refused commit left main where it was");
		CliRun refused = fdl("pull", work1);
		assertEquals(4, refused.exit, "a pull over snapshots not committed is refused: " + refused);
		assertTrue(refused.err.contains("--discard"), refused.toString());
		// the change goes to a branch of its own, then a request; main moved on, so it can't merge forward
		ok("commit", work1, "-m", "drop north", "--branch", "drop-north");
		CliRun branches = ok("branch", work1);
		assertTrue(branches.out.contains("* ") && branches.out.contains("drop-north") && branches.out.contains("main"),
				branches.toString());
		CliRun req = ok("request", work1, "open", "-m", "please");
		assertTrue(req.out.startsWith("request 1: "), req.toString());
		assertTrue(ok("request", work1, "list").out.contains("open"));
		assertEquals(4, fdl("request", work1, "merge", "1").exit, "not a fast-forward of main");
		ok("request", work1, "close", "1");

		// diff: rows added and removed between two versions, over both attached at once
		CliRun diff = ok("diff", repo.toString(), v1, v2, "--json");
		assertTrue(diff.out.contains("\"table\" : \"main.sales\"") && diff.out.contains("\"rows_added\" : 1")
				&& diff.out.contains("\"rows_removed\" : 0"), diff.toString());
		String vDrop = r.resolve("drop-north");
		CliRun diff2 = ok("diff", repo.toString(), v2, vDrop, "--json");
		assertTrue(diff2.out.contains("\"rows_added\" : 0") && diff2.out.contains("\"rows_removed\" : 2"),
				"drop-north lacks (1, north) and (3, east): " + diff2);

		// w1 drops its work for main's; a new table there shows in diff as added
		ok("branch", work1, "--delete", "drop-north");
		CliRun pulled = fdl("pull", work1, "--discard");
		assertEquals(1, pulled.exit, "its branch is gone: " + pulled);
		ok("request", "--repo=" + repo, "list");
		assertEquals(2, fdl("branch", work1, "--delete", "main").exit);

		assertEquals(0, fdl("clone", "--help").exit);
		assertTrue(fdl("clone", "--help").out.contains("Usage: lakestudio fdl clone REPO FOLDER"));
		assertTrue(fdl("--help").out.contains("Exit codes: 0 done"));
		assertEquals(1, fdl("status", "--work=" + dir.resolve("nowhere")).exit, "not a working folder");
		CliRun notWork = fdl("sql", "SELECT 1");
		assertEquals(2, notWork.exit, notWork.toString());
		assertEquals(4, fdl("clone", repo.toString(), w2.toString()).exit, "clone into a folder that is not empty");
	}

	@Test
	void aHostsRepositoryIsClonedAndAttachedOverHttp() throws Exception {
		Path repo = dir.resolve("hosted"), w = dir.resolve("w");
		try (Host host = new Host(Repository.init(new FolderStore(ensure(repo)), repo + "/"), Access.open(),
				new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, 1 << 24, Clock.systemUTC()).start()) {
			String url = host.uri().toString();
			ok("clone", url, w.toString());
			ok("sql", "--work=" + w, "SET ducklake_default_data_inlining_row_limit = 0; CREATE TABLE t(a INTEGER); INSERT INTO t VALUES (1), (2), (3)");
			ok("commit", "--work=" + w, "-m", "over http");
			ok("tag", "--work=" + w, "v1", "main");
			assertTrue(Files.isRegularFile(repo.resolve("refs/tags/v1")), "the tag is in the host's repository");
			ok("sql", "--work=" + w, "SET ducklake_default_data_inlining_row_limit = 0; INSERT INTO t VALUES (4)");
			ok("commit", "--work=" + w, "-m", "four");
			CliRun at = ok("sql", "--work=" + w, "--csv", "ATTACH 'ducklake:fdl:" + url + "@v1' AS v;"
					+ " SELECT (SELECT count(*) FROM v.t) AS then, (SELECT count(*) FROM lake.t) AS now");
			assertTrue(at.out.endsWith("then,now\n3,4\n"), at.toString());
			CliRun log = ok("log", "--work=" + w);
			assertTrue(log.out.contains("four") && log.out.contains("over http"), log.toString());
		}
	}

	private static Path ensure(Path p) throws Exception {
		Files.createDirectories(p);
		return p;
	}

	private static List<Path> parquet(Path folder) throws Exception {
		try (Stream<Path> s = Files.walk(folder)) {
			return s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
		}
	}

	/** The rows of Parquet files as a plain DuckDB reads them, "id region" in id order. */
	private static List<String> rawRows(List<Path> files) throws Exception {
		List<String> out = new ArrayList<>();
		StringBuilder list = new StringBuilder();
		for (Path p : files)
			list.append(list.isEmpty() ? "" : ", ").append('\'').append(p).append('\'');
		try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
				ResultSet r = s.executeQuery("SELECT id, region FROM read_parquet([" + list + "]) ORDER BY id")) {
			while (r.next())
				out.add(r.getLong(1) + " " + r.getString(2));
		}
		return out;
	}
}
