package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectInfo;

/** A branch copied between repositories sends only what the target lacks, and moves by the same rules. */
class TransferTest {

	@TempDir
	Path dir;

	@Test
	void pushSendsOnlyWhatIsMissingAndAPullOfADivergedBranchIsRefused() throws Exception {
		TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
		MemoryStore a = new MemoryStore(clock), b = new MemoryStore(clock);
		Repository local = Repository.init(a, "mem:/a/"), remote = Repository.init(b, "mem:/b/");
		Signing key = Signing.generate();
		String shared, added;
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 1000)) {
			new Writer(local, key, "A", clock).commit(w.catalog(), "main", "1", dir.resolve("t"), false);
			Transfer.Moved first = new Transfer(local, remote).branch("main", false);
			assertEquals(1, first.versions());
			shared = a.list("data/").get(0).path();
			added = w.insert(500);
			new Writer(local, key, "A", clock).commit(w.catalog(), "main", "2", dir.resolve("t"), false);
		}
		Transfer.Moved second = new Transfer(local, remote).branch("main", false);
		assertEquals(1, second.versions());
		VersionRecord v2 = local.record(local.resolve("main"), null);
		// the new data file, the new catalog and the record: not the file the remote had
		assertEquals(3, second.objects());
		assertEquals(500 + v2.catalogSize() + v2.bytes().length, second.bytes());
		for (ObjectInfo o : a.list(""))
			if (!o.path().equals("FDL"))
				assertArrayEquals(a.get(o.path()), b.get(o.path()), o.path());
		assertTrue(b.head(shared).isPresent() && b.head("data/" + added).isPresent());
		assertEquals(0, new Transfer(local, remote).branch("main", false).objects(), "nothing new");
		new Transfer(local, remote).tag("main");

		// the remote moves on; the local branch diverges: pushing is not a fast-forward
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w2"), 77)) {
			new Writer(remote, key, "B", clock).commit(w.catalog(), "main", "theirs", dir.resolve("t"), true);
			new Writer(local, key, "A", clock).commit(w.catalog(), "main", "mine", dir.resolve("t"), true);
		}
		FdlException e = assertThrows(FdlException.class, () -> new Transfer(local, remote).branch("main", false));
		assertEquals(Refusal.NOT_FAST_FORWARD, e.refusal());
		assertTrue(new Verifier(remote, Trust.anyone()).verify().ok());
	}
}
