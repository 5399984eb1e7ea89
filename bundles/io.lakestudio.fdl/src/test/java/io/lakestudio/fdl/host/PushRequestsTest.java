package io.lakestudio.fdl.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.store.http.HttpStore;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Transfer;
import io.lakestudio.fdl.Writer;
import io.lakestudio.fdl.WorkingCatalogs;
import io.lakestudio.store.CountingStore;
import io.lakestudio.store.CountingStore.Kind;
import io.lakestudio.store.FolderStore;

/**
 * What a push of one new data file on top of twenty costs over the HTTP host: the writer checks each object once
 * (a HEAD, then a PUT of what is missing) and does not read the version back before moving the branch (no GET of
 * the catalog it just sent, no second HEAD per data file), as docs/fdl-0.1.md "Writing" allows; a copy of the
 * branch to another host likewise. The host still refuses a version that is not whole (HostTest).
 */
class PushRequestsTest {

	static final int FILES = 20;

	@TempDir
	Path dir;

	private Host host(Path root) throws Exception {
		Files.createDirectories(root);
		return new Host(Repository.init(new FolderStore(root), root + "/"), Access.of(Map.of("t", new Access.Who("w",
				true))), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, 1 << 24, Clock.systemUTC())
				.start();
	}

	@Test
	void aPushChecksEachObjectOnceAndReadsNothingBack() throws Exception {
		Signing key = Signing.generate();
		try (Host a = host(dir.resolve("a")); Host b = host(dir.resolve("b"));
				var w = WorkingCatalogs.with(dir.resolve("w"), 1000)) {
			Repository plain = new Repository(new HttpStore(a.uri(), () -> "t"), a.uri().toString());
			for (int i = 1; i < FILES; i++)
				w.insert(1000 + i);
			Writer.Committed parent = new Writer(plain, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "twenty",
					dir.resolve("t"), false);
			w.insert(5000);

			CountingStore counted = new CountingStore(new HttpStore(a.uri(), () -> "t"));
			Writer.Committed c = new Writer(new Repository(counted, a.uri().toString()), key, "Ada", Clock.systemUTC())
					.commit(w.catalog(), "main", "one more", dir.resolve("t"), false);
			assertEquals(1, c.filesSent());
			var t = counted.tally();
			long catalog = c.record().catalogSize();
			// reads: the marker, the branch (HEAD, GET, HEAD), the parent's record, and the parent's catalog (the
			// hashes of the 20 data files it does not send again); never the catalog it sent, nor a data file
			long parentCatalog = parent.record().catalogSize();
			assertTrue(t.get(Kind.GET).bytes() - parentCatalog < 4096, t + " read " + t.get(Kind.GET).bytes()
					+ " bytes; the parent's catalog is " + parentCatalog + ", the one sent " + catalog);
			// a HEAD per object it names (21 data files, catalog, record), two per read of the branch (twice)
			assertTrue(t.get(Kind.HEAD).requests() <= FILES + 1 + 2 + 4, t.toString());
			assertEquals(4, t.get(Kind.PUT).requests(), "the new data file, the catalog, the record, the branch: " + t);
			long requests = t.values().stream().mapToLong(CountingStore.Count::requests).sum();
			assertEquals(requests, c.requests(), "the commit's own count of its requests: " + t);

			CountingStore toB = new CountingStore(new HttpStore(b.uri(), () -> "t"));
			Repository there = Repository.init(toB, b.uri().toString());
			new Transfer(new Repository(new HttpStore(a.uri(), () -> "t"), a.uri().toString()), there).branch("main",
					false);
			var tb = toB.tally();
			assertTrue(tb.get(Kind.GET).bytes() < catalog, "the copy read back nothing it sent: " + tb);
			assertEquals(FILES + 1 + 2 * 2 + 1 + 1, tb.get(Kind.PUT).requests(), "each object once, the marker: " + tb);
		}
	}
}
