package io.lakestudio.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.onelake.fabric.Endpoints;
import io.lakestudio.onelake.fabric.FabricLake;

/** The Eclipse job, headless, on the real clock: it sweeps, holds the lease while it runs, and gives it up. */
@Timeout(60)
class SyncJobTest {

	@TempDir
	Path dir;

	@Test
	void theJobSweepsWithTheLeaseAndReleasesItOnStop() throws Exception {
		BigTenant.write(dir.resolve("lake"), 1, 2, 3);
		Clock clock = Clock.systemUTC();
		try (Emulator emu = Emulator.start(dir.resolve("lake"), clock);
				Catalog catalog = Catalogs.open(dir.resolve("catalog-job.sqlite"), "job")) {
			FabricLake lake = new FabricLake(Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile()),
					new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID, () -> Tokens.CLIENT_SECRET,
							HttpClient.newHttpClient(), clock), l -> { }, clock);
			// the seed's pace would make this test take 15 s; the rules are tested in SyncerTest
			Syncer.Config fast = new Syncer.Config("job", Duration.ofSeconds(90), Duration.ofMinutes(60),
					Duration.ofHours(1), new Pace.Limits(100, Duration.ofSeconds(15), Duration.ofMinutes(1),
							Duration.ofHours(1)), Duration.ofMillis(200), Duration.ofMinutes(1));
			SyncJob job = new SyncJob(new Syncer(catalog, lake, clock, l -> { }, () -> false, fast),
					Duration.ofSeconds(30));
			job.schedule();
			long deadline = System.nanoTime() + 30_000_000_000L;
			while (catalog.counts().tables() < 6 && System.nanoTime() < deadline) {
				Thread.sleep(50);
			}
			assertEquals(6, catalog.counts().tables());
			assertEquals(1, Job.getJobManager().find(SyncJob.FAMILY).length);
			assertEquals("job", catalog.lease().orElseThrow().holder());
			job.stop();
			assertTrue(catalog.lease().isEmpty());
			assertFalse(job.belongsTo(new Object()));
			Job.getJobManager().join(SyncJob.FAMILY, null);
		}
	}
}
