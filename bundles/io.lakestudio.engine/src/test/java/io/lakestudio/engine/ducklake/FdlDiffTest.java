package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.FdlDiff;
import io.lakestudio.engine.FdlDiff.TableDiff;
import io.lakestudio.fdl.Layout;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Writer;
import io.lakestudio.store.FolderStore;

/**
 * {@link FdlDiff} over two versions of a catalog holding a view that names the catalog it was written in
 * ({@code w.t}): the view, which can't bind where the versions are attached as fdl_a and fdl_b (and reads the
 * working catalog's rows where w is attached), neither stops the comparison nor shows as a table; a column added, a row inserted and one deleted, and a table added show as such,
 * the live row counts checked against the frozen catalogs read with plain SQLite.
 */
class FdlDiffTest {

	@TempDir
	Path dir;

	@Test
	void comparesTablesNotViews() throws Exception {
		Path state = dir.resolve("state");
		Path repoDir = dir.resolve("repo");
		Path lake = dir.resolve("work/lake.sqlite");
		Catalog catalog = Catalogs.open(Catalogs.catalogFile(dir, "t"), "t");
		try (Engine engine = DuckLakeEngines.open(state, catalog)) {
			Repository repo = Repository.init(new FolderStore(repoDir), repoDir + "/");
			Writer writer = new Writer(repo, Signing.inFolder(state.resolve("fdl/keys")), "Ada", Clock.systemUTC());
			String attachWork = "ATTACH 'ducklake:sqlite:" + lake + "' AS w (DATA_PATH '" + dir.resolve("work/files") + "/', DATA_INLINING_ROW_LIMIT 0)";
			run(engine, attachWork, "CREATE TABLE w.t (a INTEGER, b VARCHAR)",
					"INSERT INTO w.t VALUES (1, 'x'), (2, 'y'), (3, 'z')",
					"CREATE VIEW w.big AS SELECT * FROM w.t WHERE a > 1");
			Writer.Committed first = writer.commit(lake, "main", "first", dir.resolve("scratch"), false);
			run(engine, attachWork, "ALTER TABLE w.t ADD COLUMN c VARCHAR", "INSERT INTO w.t VALUES (4, 'w', 'new')",
					"DELETE FROM w.t WHERE a = 1", "CREATE TABLE w.u (k INTEGER)", "INSERT INTO w.u VALUES (1), (2)");
			Writer.Committed second = writer.commit(lake, "main", "second", dir.resolve("scratch"), false);

			List<String> told = new ArrayList<>();
			List<TableDiff> diff;
			try (EngineSession s = engine.openSession("test")) {
				diff = FdlDiff.between(s, repo.location(), first.id(), second.id(), (t, done, total) -> {
					told.add(t + " " + done + "/" + total);
					return true;
				});
			}
			assertEquals(List.of(new TableDiff("main.t", "changed", List.of("+c VARCHAR"), 1, 1),
					new TableDiff("main.u", "added", List.of(), 2, 0)), diff);
			assertEquals(List.of("main.t 0/2", "main.u 1/2"), told);
			// with the working catalog attached as w, as fdl diff attaches the kept catalogs, the view binds, to w's
			// rows now: still not one of the versions' tables
			try (EngineSession s = engine.openSession("test")) {
				s.execute(attachWork).close();
				assertEquals(diff, FdlDiff.between(s, repo.location(), first.id(), second.id(), (t, done, total) -> true));
			}
			assertEquals(3, liveRows(repoDir, first.record().catalogSha256(), "t"));
			assertEquals(3, liveRows(repoDir, second.record().catalogSha256(), "t"), "3 + 1 inserted - 1 deleted");
			assertEquals(2, liveRows(repoDir, second.record().catalogSha256(), "u"));
		}
	}

	private static void run(Engine engine, String... sql) throws Exception {
		try (EngineSession s = engine.openSession("test")) {
			for (String q : sql) {
				s.execute(q).close();
			}
		}
	}

	/** A table's live rows in a frozen catalog, as plain SQLite reads its data and delete files' counts. */
	private static long liveRows(Path repoDir, String catalogSha, String table) throws Exception {
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + repoDir.resolve(Layout.catalog(catalogSha)));
				Statement s = db.createStatement();
				ResultSet r = s.executeQuery("SELECT (SELECT coalesce(sum(f.record_count), 0) FROM ducklake_data_file f"
						+ " WHERE f.table_id = t.table_id AND f.end_snapshot IS NULL) - (SELECT coalesce(sum(d.delete_count),"
						+ " 0) FROM ducklake_delete_file d WHERE d.table_id = t.table_id AND d.end_snapshot IS NULL) FROM"
						+ " ducklake_table t WHERE t.table_name = '" + table + "' AND t.end_snapshot IS NULL")) {
			r.next();
			return r.getLong(1);
		}
	}
}
