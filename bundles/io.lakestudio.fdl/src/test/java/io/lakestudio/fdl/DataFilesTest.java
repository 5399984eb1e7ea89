package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.WriteCondition;

/** The retention rule: what the collector deletes, when, and what it never touches. */
class DataFilesTest {

	@TempDir
	Path dir;

	final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
	final MemoryStore store = new MemoryStore(clock);
	final Signing key = Signing.generate();
	final Duration week = Duration.ofDays(7);

	private Writer.Committed commit(Repository repo, WorkingCatalog w, String branch) throws Exception {
		clock.pass(Duration.ofSeconds(1));
		return new Writer(repo, key, "Ada", clock).commit(w.catalog, branch, "m", dir.resolve("tmp"), true);
	}

	private Set<String> paths(Collector.Plan p) {
		return p.deletions().stream().map(Collector.Deletion::path).collect(Collectors.toSet());
	}

	@Test
	void outOfRetentionKeepsTheRecordAndFreesOnlyWhatNoRetainedVersionNamesAfterTheGrace() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		String shared, old, v1, v2;
		Writer.Committed c1;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("w"))) {
			long a = w.table("a"), b = w.table("b");
			shared = w.insert(a, "a", 100);
			old = w.insert(b, "b", 200);
			c1 = commit(repo, w, "main");
			v1 = c1.id();
			// table b rewritten: its old file ended, then forgotten by DuckLake's cleanup
			w.truncate(b);
			w.insert(b, "b", 300);
			w.forgetEnded();
			v2 = commit(repo, w, "main").id();
		}
		Collector gc = new Collector(repo, week, clock);
		// everything is named by a retained version: nothing to do
		assertEquals(List.of(), gc.run(false).deletions());

		new Retention(repo, clock).takeOut(v1, "Ada", "superseded");
		// the first run finds v1's catalog and old file unnamed; nothing is deleted before the grace is over
		Collector.Plan first = gc.run(false);
		assertEquals(List.of(), first.deletions());
		assertEquals(Set.of("data/" + old, "catalogs/" + c1.record().catalogSha256()), first.ledger().since().keySet());
		clock.pass(week.minusMinutes(1));
		assertEquals(List.of(), gc.run(false).deletions());
		clock.pass(Duration.ofMinutes(1));

		Collector.Plan dry = gc.run(true);
		assertEquals(Set.of("data/" + old, "catalogs/" + c1.record().catalogSha256()), paths(dry));
		assertTrue(store.head("data/" + old).isPresent(), "a dry run deletes nothing");
		assertEquals("data/" + old, dry.deletions().get(0).path(), "data files go first");
		assertTrue(dry.deletions().get(0).why().contains("not retained (" + v1.substring(0, 8)), dry.deletions().get(0).why());

		gc.run(false);
		assertFalse(store.head("data/" + old).isPresent());
		assertTrue(store.head("data/" + shared).isPresent(), "named by the retained v2");
		assertTrue(store.head("versions/" + v1).isPresent(), "an out-of-retention record is kept");
		assertEquals(v1, repo.record(v2, null).parents().get(0));
		FdlException gone = assertThrows(FdlException.class,
				() -> new Reader(repo, Trust.anyone(), dir.resolve("cache")).open(v1, false));
		assertEquals(Refusal.MISSING, gone.refusal());
		new Reader(repo, Trust.anyone(), dir.resolve("cache")).open("main", false);
		assertEquals(List.of(), gc.run(false).deletions());
		assertEquals(Set.of(), Unnamed.parse(store.get("gc/unnamed"), "gc/unnamed").since().keySet());
	}

	@Test
	void whatAnInterruptedPushLeftIsDeletedOnlyAfterTheGraceFromWhenItWasWritten() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		String kept;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("w"))) {
			kept = w.insert(w.table("a"), "a", 100);
			commit(repo, w, "main");
		}
		// a push that stopped after its data file and catalog: nothing names them
		store.put("data/main/a/ducklake-orphan.parquet", new byte[50], WriteCondition.IF_ABSENT);
		store.put("catalogs/" + "e".repeat(64), new byte[60], WriteCondition.IF_ABSENT);
		// and host files and refs are never the collector's
		store.put("x-/host.json", new byte[1], WriteCondition.IF_ABSENT);
		Collector gc = new Collector(repo, week, clock);
		clock.pass(Duration.ofDays(6));
		assertEquals(List.of(), gc.run(false).deletions());
		clock.pass(Duration.ofDays(1));
		Collector.Plan p = gc.run(false);
		assertEquals(Set.of("data/main/a/ducklake-orphan.parquet", "catalogs/" + "e".repeat(64)), paths(p));
		assertTrue(p.deletions().get(0).why().contains("named by no version"));
		assertTrue(store.head("data/" + kept).isPresent());
		assertTrue(store.head("x-/host.json").isPresent());
		new Reader(repo, Trust.anyone(), dir.resolve("c")).open("main", false);
	}

	@Test
	void aVersionNoRefReachesIsCollectedButOneARequestProposesIsNot() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		String topicFile, topic;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("w"))) {
			long a = w.table("a");
			w.insert(a, "a", 100);
			commit(repo, w, "main");
			topicFile = w.insert(a, "a", 70);
			topic = commit(repo, w, "topic").id();
		}
		Refs refs = new Refs(repo);
		long n = refs.openRequest(topic, "main", "Ada", "take it", clock);
		refs.deleteBranch("topic", refs.branch("topic").get().etag());
		Collector gc = new Collector(repo, week, clock);
		clock.pass(Duration.ofDays(30));
		assertEquals(List.of(), gc.run(false).deletions(), "an open request keeps its version retained");
		refs.close(n);
		gc.run(false);
		clock.pass(week);
		Set<String> deleted = paths(gc.run(false));
		assertTrue(deleted.contains("data/" + topicFile) && deleted.contains("versions/" + topic), deleted.toString());
	}

	@Test
	void aWithdrawnVersionIsRefusedUnlessForcedAndSaysWhy() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		String v;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("w"))) {
			w.insert(w.table("a"), "a", 100);
			v = commit(repo, w, "main").id();
		}
		new Retention(repo, clock).withdraw(v, "Ada", "rows from the wrong tenant");
		Reader reader = new Reader(repo, Trust.anyone(), dir.resolve("c"));
		FdlException e = assertThrows(FdlException.class, () -> reader.open("main", false));
		assertEquals(Refusal.WITHDRAWN, e.refusal());
		assertTrue(e.getMessage().contains("rows from the wrong tenant"));
		assertTrue(reader.open("main", true).retention().get().withdrawn());
		// withdrawn, it is still retained: nothing is collected
		clock.pass(Duration.ofDays(30));
		assertEquals(List.of(), new Collector(repo, week, clock).run(false).deletions());
	}

	@Test
	void theCollectorRefusesARepositoryItCantReadWhole() throws Exception {
		Repository repo = Repository.init(store, "mem:/");
		String v;
		try (WorkingCatalog w = new WorkingCatalog(dir.resolve("w"))) {
			w.insert(w.table("a"), "a", 100);
			v = commit(repo, w, "main").id();
		}
		store.delete("versions/" + v);
		clock.pass(Duration.ofDays(30));
		FdlException e = assertThrows(FdlException.class, () -> new Collector(repo, week, clock).run(false));
		assertTrue(e.getMessage().contains("nothing is collected"));
		assertFalse(store.list("data/").isEmpty());
	}
}
