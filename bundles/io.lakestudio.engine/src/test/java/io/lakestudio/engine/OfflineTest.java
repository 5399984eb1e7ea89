package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/** Offline: a held snapshot still reads, saying how old it is; what was never read fails at once. */
class OfflineTest {

	/** A store whose network is away: every call fails as OFFLINE, and counts. */
	static final class AwayStore implements LakeStore {
		int calls;

		private LakeException away() {
			calls++;
			return new LakeException(LakeException.Kind.OFFLINE, "no network");
		}

		@Override
		public List<Entry> list(String dir, boolean recursive) throws LakeException {
			throw away();
		}

		@Override
		public Entry stat(String path) throws LakeException {
			throw away();
		}

		@Override
		public byte[] read(String path, long offset, int length) throws LakeException {
			throw away();
		}
	}

	@Test
	void aHeldSnapshotReadsWithItsAgeAndAnUnheldTableFailsAtOnce(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp)) {
			String count;
			try (Engine online = lake.engine()) {
				count = TestLake.one(online, "SELECT count(*) FROM \"Sales/Orders\".customers");
			}
			AwayStore away = new AwayStore();
			try (Engine off = lake.engine(away, false, Duration.ZERO)) {
				try (Result r = off.execute("SELECT count(*) FROM \"Sales/Orders\".customers", "test")) {
					r.next();
					assertEquals(count, r.text(0));
					assertEquals(1, r.notices().size(), r.notices().toString());
					assertTrue(r.notices().get(0).contains("the lake can't be reached")
							&& r.notices().get(0).contains("old), version"), r.notices().get(0));
				}
				long t0 = System.nanoTime();
				EngineException e = assertThrows(EngineException.class,
						() -> off.execute("SELECT * FROM \"Sales/Orders\".products", "test"));
				assertEquals(EngineException.Kind.NOT_HELD, e.kind());
				assertTrue(e.getMessage().contains("was never read"), e.getMessage());
				assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "fails at once");
			}
			try (Engine flagged = lake.engine(null, true, Duration.ZERO)) {
				assertEquals(count, TestLake.one(flagged, "SELECT count(*) FROM \"Sales/Orders\".customers"));
				EngineException e = assertThrows(EngineException.class,
						() -> flagged.execute("SELECT * FROM \"Marketing/Web\".events", "test"));
				assertEquals(EngineException.Kind.NOT_HELD, e.kind());
			}
		}
	}

	@Test
	void aHeldLogWithFilesNeverFetchedSaysWhatIsMissing(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp)) {
			try (Engine online = lake.engine()) {
				TestLake.rows(online, "SELECT * FROM \"Marketing/Web\".events LIMIT 1"); // log held, one file
			}
			try (Engine off = lake.engine(new AwayStore(), false, Duration.ofHours(1))) {
				EngineException e = assertThrows(EngineException.class,
						() -> off.execute("SELECT count(*) FROM \"Marketing/Web\".events", "test"));
				assertEquals(EngineException.Kind.NOT_HELD, e.kind());
				assertTrue(e.getMessage().matches("offline: \\d+ of the \\d+ files of .* are not held .*"),
						e.getMessage());
			}
		}
	}
}
