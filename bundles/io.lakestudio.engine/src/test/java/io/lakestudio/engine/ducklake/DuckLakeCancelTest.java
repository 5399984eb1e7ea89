package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;

/**
 * Cancel (the workbench's red square) stops a statement on a DuckLake catalog: the DuckLake side runs it on a
 * DuckDB of its own, which the engine's cancel never reached. A query of hours and an INSERT writing billions of
 * rows each stop within seconds with DuckDB's interrupt error; the INSERT leaves the catalog as it was (checked
 * with plain JDBC on the SQLite file), and the session answers the next statement.
 */
class DuckLakeCancelTest extends SharedEngineTest {

	/** A run that would take minutes on this machine; a cancel that works ends it in well under this. */
	private static final long STOPS_WITHIN_SECONDS = 60;

	static final ExecutorService runner = Executors.newCachedThreadPool(r -> {
		Thread t = new Thread(r, "statement");
		t.setDaemon(true); // a cancel that doesn't work must not keep the test JVM alive
		return t;
	});

	@AfterAll
	static void stopRunner() {
		runner.shutdownNow();
	}

	@Test
	void cancelStopsAQueryAndTheSessionGoesOn() throws Exception {
		Path dir = Files.createDirectories(home.resolve("q"));
		try (EngineSession s = engine.openSession("test")) {
			attach(s, dir);
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake.t AS SELECT range AS i FROM range(100)");
			String failure = cancelled(s, "SELECT sum(a.i + b.range) FROM lake.t a, range(3000000000) b");
			assertTrue(failure.contains("INTERRUPT"), failure);
			assertEquals(List.of("100"), DuckLakeSessionTest.rows(s, "SELECT count(*) FROM lake.t"));
		}
	}

	@Test
	void cancelStopsAnInsertAndTheCatalogIsAsBefore() throws Exception {
		Path dir = Files.createDirectories(home.resolve("i"));
		try (EngineSession s = engine.openSession("test")) {
			attach(s, dir);
			DuckLakeSessionTest.ok(s, "CREATE TABLE lake.t (i BIGINT, v VARCHAR)");
			DuckLakeSessionTest.ok(s, "INSERT INTO lake.t VALUES (1, 'one')");
			long snapshots = snapshots(dir);
			String failure = cancelled(s,
					"INSERT INTO lake.t SELECT range, md5(range::VARCHAR) FROM range(5000000000)");
			assertTrue(failure.contains("INTERRUPT"), failure);
			assertEquals(snapshots, snapshots(dir), "the cancelled INSERT committed a snapshot");
			assertEquals(List.of("1|one"), DuckLakeSessionTest.rows(s, "SELECT i, v FROM lake.t"));
			// a cancel when nothing runs is not carried into the next statement
			s.cancel();
			DuckLakeSessionTest.ok(s, "INSERT INTO lake.t VALUES (2, 'two')");
			assertEquals(List.of("1|one", "2|two"), DuckLakeSessionTest.rows(s, "SELECT i, v FROM lake.t ORDER BY i"));
		}
	}

	private static void attach(EngineSession s, Path dir) throws EngineException {
		DuckLakeSessionTest.ok(s, "ATTACH 'ducklake:sqlite:" + dir.resolve("meta.sqlite") + "' AS lake (DATA_PATH '"
				+ dir.resolve("files") + "')");
	}

	/** Runs the statement on another thread, cancels it once it has run a second, and returns its failure. */
	private static String cancelled(EngineSession s, String sql) throws Exception {
		Future<?> f = runner.submit(() -> {
			DuckLakeSessionTest.ok(s, sql);
			return null;
		});
		Thread.sleep(1000);
		assertTrue(!f.isDone(), "the statement ended before the cancel: make it longer");
		long t0 = System.nanoTime();
		s.cancel();
		try {
			f.get(STOPS_WITHIN_SECONDS, TimeUnit.SECONDS);
			throw new AssertionError("the statement ran to its end despite the cancel");
		} catch (ExecutionException e) {
			assertTrue(e.getCause() instanceof EngineException, String.valueOf(e.getCause()));
			System.out.printf("cancel stopped '%s' in %d ms%n", sql, (System.nanoTime() - t0) / 1_000_000);
			return e.getCause().getMessage();
		}
	}

	private static long snapshots(Path dir) throws Exception {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("meta.sqlite"));
				ResultSet rs = c.createStatement().executeQuery("SELECT count(*) FROM ducklake_snapshot")) {
			rs.next();
			return rs.getLong(1);
		}
	}
}
