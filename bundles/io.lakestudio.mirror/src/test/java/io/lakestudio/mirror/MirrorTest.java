package io.lakestudio.mirror;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.JarURLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.mirror.internal.Bounded;
import io.lakestudio.mirror.testing.WatchedStore;

/** The mirror copies what the latest snapshot needs, verbatim, and Kernel reads the copy as the original. */
class MirrorTest {

	@TempDir
	Path tmp;

	private LakeTable table(String jarName) throws Exception {
		var c = (JarURLConnection) getClass().getClassLoader().getResource(jarName + "/_delta_log/").openConnection();
		c.setUseCaches(false);
		try (JarFile jar = c.getJarFile()) {
			for (JarEntry e : java.util.Collections.list(jar.entries())) {
				if (!e.isDirectory() && e.getName().startsWith(jarName + "/")) {
					Path out = tmp.resolve("lake/t").resolve(e.getName().substring(jarName.length() + 1));
					Files.createDirectories(out.getParent());
					try (InputStream in = jar.getInputStream(e)) {
						Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
					}
				}
			}
		}
		return new LakeTable("item", "", "t", LakeTable.DELTA, "t");
	}

	private Mirror mirror() {
		return new Mirror(tmp.resolve("mirror"), new FolderStore(tmp.resolve("lake")), Clock.systemUTC(), Bounded.PARALLEL);
	}

	private static long count(Path dir, String suffix) throws Exception {
		try (Stream<Path> s = Files.list(dir)) {
			return s.filter(p -> p.getFileName().toString().endsWith(suffix)).count();
		}
	}

	@Test
	void aMultipartCheckpointAndTheCommitsFromItAreCopiedAndReadAsTheOriginal() throws Exception {
		LakeTable t = table("deltalake/multipart_checkpoint");
		Mirror m = mirror();
		Held h = m.refresh(t).held();
		Path log = m.folder(t).resolve("_delta_log");
		Path src = tmp.resolve("lake/t/_delta_log");
		assertTrue(count(log, ".parquet") >= 2, "every part of the checkpoint");
		assertTrue(count(log, ".json") < count(src, ".json"), "no commit before the checkpoint");
		assertFalse(Files.exists(log.resolve("_last_checkpoint")));
		var want = DeltaTables.scan(tmp.resolve("lake/t"), OptionalLong.empty(), null);
		var got = m.scan(t, At.LATEST);
		assertEquals(want.snapshot().version(), h.version());
		assertEquals(want.files().stream().map(f -> f.path()).sorted().toList(),
				got.files().stream().map(f -> f.path()).sorted().toList());
		try (Stream<Path> s = Files.list(log)) {
			for (Path p : (Iterable<Path>) s::iterator) {
				assertEquals(Files.getLastModifiedTime(src.resolve(p.getFileName())).toMillis(),
						Files.getLastModifiedTime(p).toMillis(), "remote time kept: " + p);
			}
		}
	}

	@Test
	void aStatementsLogFilesAreReadTogetherWithinTheBoundAndTheSyncJobsOneAtATime() throws Exception {
		LakeTable t = table("databricks73/simple_table_without_checkpoint");
		Path src = tmp.resolve("lake/t/_delta_log");
		long commits = count(src, ".json");
		assertTrue(commits > Bounded.PARALLEL, "more commits than the bound: " + commits);
		WatchedStore slow = new WatchedStore(new FolderStore(tmp.resolve("lake")), Duration.ofMillis(50));
		Mirror m = new Mirror(tmp.resolve("mirror"), slow, Clock.systemUTC(), Bounded.PARALLEL);
		Held h = m.refresh(t).held();
		assertEquals(commits, slow.logReads.get(), "one read per commit");
		assertTrue(slow.logMost.get() > 1, "the commits are read together: " + slow.logMost.get() + " at most in flight");
		assertTrue(slow.logMost.get() <= Bounded.PARALLEL, "within the bound: " + slow.logMost.get());
		assertEquals(DeltaTables.scan(tmp.resolve("lake/t"), OptionalLong.empty(), null).snapshot().version(),
				h.version());
		try (Stream<Path> s = Files.list(src)) {
			for (Path p : (Iterable<Path>) s.filter(p -> p.toString().endsWith(".json"))::iterator) {
				Path copy = m.folder(t).resolve("_delta_log").resolve(p.getFileName());
				assertEquals(-1L, Files.mismatch(p, copy), "copied verbatim: " + p.getFileName());
			}
		}
		try (Stream<Path> s = Files.list(m.folder(t).resolve("_delta_log"))) {
			assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no piece left behind");
		}
		// the sync job's metadata read: one request in flight at a time
		WatchedStore paced = new WatchedStore(new FolderStore(tmp.resolve("lake")));
		new LogMetadata(Clock.systemUTC()).read(paced, t);
		assertEquals(commits, paced.logReads.get());
		assertEquals(1, paced.logMost.get(), "the sync job's read never has two requests in flight");
	}

	@Test
	void deletionVectorsAreCopiedBesideTheLog() throws Exception {
		LakeTable t = table("databricks122/deletion_vectors");
		Mirror m = mirror();
		m.refresh(t);
		var scan = m.scan(t, At.LATEST);
		var dv = scan.files().stream().filter(f -> f.dv() != null).findFirst().orElseThrow();
		assertTrue(Files.isRegularFile(m.folder(t).resolve(DeltaTables.dvFile(dv.dv()))));
		assertEquals(dv.dv().cardinality(), DeltaTables.deletedRows(m.folder(t), dv.dv()).length);
	}

	@Test
	void aChangedCommitIsCopiedAgainAndALogStartedOverReplacesTheOld() throws Exception {
		LakeTable t = table("deltalake/person");
		Mirror m = mirror();
		long v = m.refresh(t).held().version();
		Path src = tmp.resolve("lake/t/_delta_log");
		Path latest = src.resolve(String.format("%020d.json", v));
		Instant later = Instant.parse("2030-01-01T00:00:00Z");
		Files.setLastModifiedTime(latest, FileTime.from(later));
		m.refresh(t);
		Path copy = m.folder(t).resolve("_delta_log").resolve(latest.getFileName());
		assertEquals(later, Files.getLastModifiedTime(copy).toInstant());
		// dropped and made again: a log that starts over at version 0
		try (Stream<Path> s = Files.list(src)) {
			for (Path p : (Iterable<Path>) s::iterator) {
				if (!p.getFileName().toString().equals("00000000000000000000.json")) {
					Files.delete(p);
				}
			}
		}
		assertEquals(0, m.refresh(t).held().version());
		assertEquals(1, count(m.folder(t).resolve("_delta_log"), ".json"));
	}
}
