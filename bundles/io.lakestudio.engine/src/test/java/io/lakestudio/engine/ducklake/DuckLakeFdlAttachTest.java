package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.fdl.Layout;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Writer;
import io.lakestudio.store.FolderStore;

/**
 * {@code ATTACH 'ducklake:fdl:<folder>@<ref>'}: a DuckLake catalog written through a session, committed twice to a
 * folder FDL repository, then each version attached read-only. Rows are checked against the frozen catalog in the
 * repository read with plain SQLite JDBC and its data files read by a plain DuckDB's read_parquet.
 */
class DuckLakeFdlAttachTest {

	@TempDir
	Path dir;

	@Test
	void attachesVersionsReadOnly() throws Exception {
		Path state = dir.resolve("state");
		Path repoDir = dir.resolve("repo");
		Path lake = dir.resolve("work/lake.sqlite");
		Catalog catalog = Catalogs.open(Catalogs.catalogFile(dir, "t"), "t");
		try (Engine engine = DuckLakeEngines.open(state, catalog); Connection oracle = DriverManager.getConnection("jdbc:duckdb:")) {
			Repository repo = Repository.init(new FolderStore(repoDir), repoDir + "/");
			// the user's own key in the state folder: the engine trusts it as the fdl commands do
			Signing key = Signing.inFolder(state.resolve("fdl/keys"));
			Writer writer = new Writer(repo, key, "Ada", Clock.systemUTC());
			String attachWork = "ATTACH 'ducklake:sqlite:" + lake + "' AS w (DATA_PATH '" + dir.resolve("work/files") + "/', DATA_INLINING_ROW_LIMIT 0)";
			try (EngineSession s = engine.openSession("test")) {
				ok(s, attachWork);
				ok(s, "CREATE TABLE w.t (a INTEGER, b VARCHAR)");
				ok(s, "INSERT INTO w.t VALUES (1, 'x'), (2, 'y')");
				ok(s, "DETACH w");
			}
			Writer.Committed first = writer.commit(lake, "main", "first", dir.resolve("scratch"), false);
			try (EngineSession s = engine.openSession("test")) {
				ok(s, attachWork);
				ok(s, "INSERT INTO w.t VALUES (3, 'z')");
				ok(s, "DETACH w");
			}
			Writer.Committed second = writer.commit(lake, "main", "second", dir.resolve("scratch"), false);
			assertNotEquals(first.id(), second.id());

			try (EngineSession s = engine.openSession("test")) {
				// no READ_ONLY given: a version opens read-only all the same
				ok(s, "ATTACH 'ducklake:fdl:" + repoDir + "@main' AS v");
				List<String> latest = rows(s, "SELECT a, b FROM v.t ORDER BY a");
				assertEquals(List.of("1|x", "2|y", "3|z"), latest);
				assertEquals(independent(oracle, repoDir, second.record().catalogSha256()), latest);

				ok(s, "ATTACH 'ducklake:fdl:" + repoDir + "@" + first.id() + "' AS old");
				List<String> old = rows(s, "SELECT a, b FROM old.t ORDER BY a");
				assertEquals(List.of("1|x", "2|y"), old);
				assertEquals(independent(oracle, repoDir, first.record().catalogSha256()), old);

				EngineException e = assertThrows(EngineException.class, () -> ok(s, "INSERT INTO v.t VALUES (4, 'w')"));
				assertTrue(e.getMessage().contains("read-only"), e.getMessage());
				assertEquals(latest, rows(s, "SELECT a, b FROM v.t ORDER BY a"));
				// even asked for READ_WRITE, a version stays read-only
				ok(s, "ATTACH 'ducklake:fdl:" + repoDir + "' AS rw (READ_WRITE)");
				assertThrows(EngineException.class, () -> ok(s, "DELETE FROM rw.t"));
				assertEquals(latest, rows(s, "SELECT a, b FROM rw.t ORDER BY a"));

				EngineException missing = assertThrows(EngineException.class,
						() -> ok(s, "ATTACH 'ducklake:fdl:" + repoDir + "@nosuch' AS n"));
				assertTrue(missing.getMessage().contains("nosuch"), missing.getMessage());
			}
		}
	}

	@Test
	void refusesAnUntrustedSignature(@TempDir Path other) throws Exception {
		Path state = dir.resolve("state");
		Path repoDir = dir.resolve("repo");
		Path lake = dir.resolve("work/lake.sqlite");
		Catalog catalog = Catalogs.open(Catalogs.catalogFile(dir, "t"), "t");
		try (Engine engine = DuckLakeEngines.open(state, catalog)) {
			Repository repo = Repository.init(new FolderStore(repoDir), repoDir + "/");
			try (EngineSession s = engine.openSession("test")) {
				ok(s, "ATTACH 'ducklake:sqlite:" + lake + "' AS w (DATA_PATH '" + dir.resolve("work/files") + "/', DATA_INLINING_ROW_LIMIT 0)");
				ok(s, "CREATE TABLE w.t (a INTEGER)");
				ok(s, "INSERT INTO w.t VALUES (1)");
				ok(s, "DETACH w");
			}
			// signed by a key this state folder neither owns nor trusts
			new Writer(repo, Signing.inFolder(other.resolve("keys")), "Mallory", Clock.systemUTC())
					.commit(lake, "main", "", dir.resolve("scratch"), false);
			try (EngineSession s = engine.openSession("test")) {
				EngineException e = assertThrows(EngineException.class,
						() -> ok(s, "ATTACH 'ducklake:fdl:" + repoDir + "' AS v"));
				assertTrue(e.getMessage().toLowerCase().contains("trust"), e.getMessage());
			}
		}
	}

	@Test
	void aDataFileAlteredInPlaceIsRefusedNamingIt() throws Exception {
		Path state = dir.resolve("state");
		Path repoDir = dir.resolve("repo");
		Path lake = dir.resolve("work/lake.sqlite");
		Catalog catalog = Catalogs.open(Catalogs.catalogFile(dir, "t"), "t");
		try (Engine engine = DuckLakeEngines.open(state, catalog)) {
			Repository repo = Repository.init(new FolderStore(repoDir), repoDir + "/");
			Writer writer = new Writer(repo, Signing.inFolder(state.resolve("fdl/keys")), "Ada", Clock.systemUTC());
			try (EngineSession s = engine.openSession("test")) {
				ok(s, "ATTACH 'ducklake:sqlite:" + lake + "' AS w (DATA_PATH '" + dir.resolve("work/files") + "/', DATA_INLINING_ROW_LIMIT 0)");
				ok(s, "CREATE TABLE w.t (a INTEGER, b VARCHAR)");
				ok(s, "INSERT INTO w.t SELECT i, 'row ' || i FROM range(1000) r(i)");
				ok(s, "DETACH w");
			}
			writer.commit(lake, "main", "first", dir.resolve("scratch"), false);
			try (EngineSession s = engine.openSession("test")) {
				ok(s, "ATTACH 'ducklake:fdl:" + repoDir + "@main' AS v");
				assertEquals(List.of("1000|499500"), rows(s, "SELECT count(*), sum(a) FROM v.t"));
			}
			Path file;
			try (var files = java.nio.file.Files.walk(repoDir.resolve("data"))) {
				file = files.filter(f -> f.toString().endsWith(".parquet")).findFirst().orElseThrow();
			}
			byte[] b = java.nio.file.Files.readAllBytes(file);
			b[b.length / 3] ^= 0x20; // same size, its Parquet footer intact
			java.nio.file.Files.write(file, b);
			String path = repoDir.relativize(file).toString();
			try (EngineSession s = engine.openSession("test")) {
				ok(s, "ATTACH 'ducklake:fdl:" + repoDir + "@main' AS v");
				EngineException e = assertThrows(EngineException.class, () -> rows(s, "SELECT count(*), sum(a) FROM v.t"));
				assertTrue(e.getMessage().contains(path) && e.getMessage().contains("altered"), e.getMessage());
			}
			// the file found whole at first was stamped in the state folder, so a later attach need not hash it
			// again; its stamp (size, modification time) no longer fits, so it was hashed and refused
			assertEquals(1, java.nio.file.Files.readAllLines(state.resolve("fdl/checked-data-files")).size());
		}
	}

	/** The version's rows as the frozen catalog in the repository names its files, read by plain DuckDB. */
	static List<String> independent(Connection oracle, Path repoDir, String catalogSha) throws Exception {
		Path frozen = repoDir.resolve(Layout.catalog(catalogSha));
		List<String> files = new ArrayList<>();
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + frozen); Statement s = db.createStatement()) {
			String dataPath;
			try (ResultSet r = s.executeQuery("SELECT value FROM ducklake_metadata WHERE key = 'data_path'")) {
				r.next();
				dataPath = r.getString(1);
			}
			assertEquals(Layout.DATA, dataPath, "a frozen catalog's data path is data/");
			try (ResultSet r = s.executeQuery("SELECT sc.path || t.path || f.path FROM ducklake_data_file f"
					+ " JOIN ducklake_table t USING (table_id) JOIN ducklake_schema sc USING (schema_id)"
					+ " WHERE t.table_name = 't' AND f.end_snapshot IS NULL AND t.end_snapshot IS NULL")) {
				while (r.next()) {
					files.add(repoDir.resolve(dataPath).resolve(r.getString(1)).toString());
				}
			}
		}
		List<String> out = new ArrayList<>();
		try (Statement s = oracle.createStatement(); ResultSet r = s.executeQuery("SELECT CAST(a AS VARCHAR) || '|' || b"
				+ " FROM read_parquet(['" + String.join("', '", files) + "']) ORDER BY a")) {
			while (r.next()) {
				out.add(r.getString(1));
			}
		}
		return out;
	}

	static List<String> rows(EngineSession s, String sql) throws EngineException {
		return DuckLakeSessionTest.rows(s, sql);
	}

	static void ok(EngineSession s, String sql) throws EngineException {
		s.execute(sql).close();
	}
}
